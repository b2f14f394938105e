import { randomBytes } from 'node:crypto';
import {
  API_ROUTES,
  GENERAL_LIST,
  waitlistAddSchema,
  waitlistOrderSchema,
  waitlistReserveSchema,
} from '@cedar/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readLitters, setPuppyStatuses, type PuppyStatusChange } from '../litters/litters-file';
import { securityEvent } from '../lib/security-log';
import { HttpError } from '../lib/http-errors';
import type { WaitlistDoc, WaitlistEntryDoc } from '../store/documents';
import { familyName, listName, ordinal, placeOf, waitlistAnswer, wishesOf } from './waitlist';

const keyParams = z.strictObject({ key: z.string().regex(/^[a-z0-9-]{1,80}$/) });
const entryParams = z.strictObject({ id: z.string().regex(/^[a-z0-9]{1,40}$/) });

const conflict = () =>
  new HttpError(
    409,
    'conflict',
    'The waitlist was changed since you opened it (in another tab?). It is shown as it is now: make your change again.',
  );

/** The entry with this id, and the list it is on. */
function findEntry(doc: WaitlistDoc, id: string) {
  for (const list of doc.lists) {
    const entry = list.entries.find((e) => e.id === id);
    if (entry) return { list, entry };
  }
  throw new HttpError(404, 'not_found', 'No such family on the waitlist');
}

/**
 * The waitlists (inside /api/admin, signed in): every list in order, a family put on a list from
 * its inquiry, moved, taken off, and a puppy of the litter reserved for them. Every change names
 * the version it was made on (If-Match, as the ETag of the GET gave it) and is written only over
 * that version: from two open tabs, the second change is refused (409) and nothing is lost.
 */
export async function waitlistRoutes(app: FastifyInstance) {
  const { store, files } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** The lists as they are, refused when the change was made on another version. */
  const current = async (request: FastifyRequest) => {
    const doc = await store.waitlists.get();
    const ifMatch = request.headers['if-match'];
    if (ifMatch !== undefined && ifMatch !== `"${doc.version}"`) throw conflict();
    return doc;
  };

  const send = async (reply: FastifyReply, doc: WaitlistDoc, code = 200) => {
    const { litters } = await readLitters(files);
    return reply
      .code(code)
      .header('etag', `"${doc.version}"`)
      .header('cache-control', 'no-store')
      .send(waitlistAnswer(doc, litters));
  };

  /** Writes the lists over the version read; 409 when another change came in between. */
  const write = async (doc: WaitlistDoc, lists: WaitlistDoc['lists']) => {
    const saved = await store.waitlists.replace(
      lists.filter((l) => l.entries.length > 0),
      doc.version,
      app.clock(),
    );
    if (!saved) throw conflict();
    return saved;
  };

  routes.get(API_ROUTES.waitlist.path, { config: { role: 'helper' } }, async (_request, reply) =>
    send(reply, await store.waitlists.get()),
  );

  routes.post(
    API_ROUTES.addToWaitlist.path,
    { config: { role: 'helper' }, schema: { body: waitlistAddSchema } },
    async (request, reply) => {
      const { inquiryId, litterId, sex, color } = request.body;
      const doc = await current(request);
      const inquiry = await store.inquiries.get(inquiryId);
      if (!inquiry) throw new HttpError(404, 'unknown_inquiry', 'No such inquiry');
      const { litters } = await readLitters(files);
      if (litterId !== null && !litters.some((l) => l.id === litterId && !l.archived))
        throw new HttpError(404, 'unknown_litter', 'No such litter', { field: 'litterId' });
      const name = familyName(inquiry);
      const already = placeOf(doc, inquiryId);
      if (already)
        throw new HttpError(
          409,
          'already_listed',
          `${name} is already ${ordinal(already.place)} on ${listName(already.key, litters)}`,
        );
      const wishes = wishesOf(inquiry);
      const entry: WaitlistEntryDoc = {
        id: randomBytes(8).toString('hex'),
        inquiryId,
        name,
        email: inquiry.email,
        sex: sex ?? wishes.sex,
        color: color ?? wishes.color,
        addedAt: app.clock(),
      };
      const key = litterId ?? GENERAL_LIST;
      const lists = doc.lists.some((l) => l.key === key)
        ? doc.lists.map((l) => (l.key === key ? { ...l, entries: [...l.entries, entry] } : l))
        : [...doc.lists, { key, entries: [entry] }];
      const saved = await write(doc, lists);
      securityEvent(request, 'waitlist-change', 'success', {
        username: request.admin?.username,
        mode: 'add',
        list: key,
        target: inquiryId,
      });
      if (inquiry.status === 'new' || inquiry.status === 'contacted')
        await store.inquiries.update(inquiryId, { status: 'waitlist' }, app.clock());
      return send(reply, saved, 201);
    },
  );

  routes.put(
    API_ROUTES.orderWaitlist.path,
    { config: { role: 'helper' }, schema: { params: keyParams, body: waitlistOrderSchema } },
    async (request, reply) => {
      const doc = await current(request);
      const list = doc.lists.find((l) => l.key === request.params.key);
      const { entryIds } = request.body;
      // The new order must hold exactly the families on the list now, each once: an order made
      // on a list that changed since would drop or repeat one.
      const same =
        (list?.entries.length ?? 0) === entryIds.length &&
        new Set(entryIds).size === entryIds.length &&
        entryIds.every((id) => list?.entries.some((e) => e.id === id));
      // An empty order for a list with nobody on it changes nothing.
      if (!list && entryIds.length === 0) return send(reply, doc);
      if (!list || !same)
        throw new HttpError(
          409,
          'stale_order',
          'This list changed since you opened it (in another tab?). It is shown as it is now: move the family again.',
        );
      const byId = new Map(list.entries.map((e) => [e.id, e]));
      const saved = await write(
        doc,
        doc.lists.map((l) =>
          l === list ? { ...l, entries: entryIds.map((id) => byId.get(id)!) } : l,
        ),
      );
      securityEvent(request, 'waitlist-change', 'success', {
        username: request.admin?.username,
        mode: 'order',
        list: list.key,
      });
      return send(reply, saved);
    },
  );

  routes.put(
    API_ROUTES.reservePuppy.path,
    { config: { role: 'helper' }, schema: { params: entryParams, body: waitlistReserveSchema } },
    async (request, reply) => {
      const doc = await current(request);
      const { list, entry } = findEntry(doc, request.params.id);
      const { puppyId } = request.body;
      if (list.key === GENERAL_LIST)
        throw new HttpError(
          422,
          'general_list',
          'A family on the general list has no litter to reserve a puppy from: put them on a litter’s list first',
        );
      const { litters } = await readLitters(files);
      const litter = litters.find((l) => l.id === list.key);
      if (!litter) throw new HttpError(404, 'unknown_litter', 'No such litter');
      const changes: PuppyStatusChange[] = [];
      const release = (id: string | undefined) => {
        const before = litter.puppies?.find((p) => p.id === id);
        if (before && before.id !== puppyId && before.status === 'reserved')
          changes.push({ litterId: litter.id, puppyId: before.id, status: 'available' });
      };
      if (puppyId !== null) {
        const puppy = litter.puppies?.find((p) => p.id === puppyId);
        if (!puppy) throw new HttpError(404, 'unknown_puppy', `${litter.name} has no such puppy`);
        const holder = list.entries.find((e) => e.puppyId === puppyId && e.id !== entry.id);
        if (holder)
          throw new HttpError(
            409,
            'puppy_reserved',
            `${puppy.name} is already reserved for ${holder.name}`,
          );
        if (puppy.status === 'placed')
          throw new HttpError(409, 'puppy_placed', `${puppy.name} has already gone home`);
        if (puppy.status !== 'reserved')
          changes.push({ litterId: litter.id, puppyId, status: 'reserved' });
      }
      release(entry.puppyId);
      const saved = await write(
        doc,
        doc.lists.map((l) =>
          l === list
            ? {
                ...l,
                entries: l.entries.map((e) => {
                  if (e.id !== entry.id) return e;
                  const { puppyId: _old, ...rest } = e;
                  return puppyId === null ? rest : { ...rest, puppyId };
                }),
              }
            : l,
        ),
      );
      await setPuppyStatuses(app, changes, request.admin!.username);
      securityEvent(request, 'waitlist-change', 'success', {
        username: request.admin?.username,
        mode: 'reserve',
        list: list.key,
        target: entry.inquiryId,
        entry: entry.id,
      });
      return send(reply, saved);
    },
  );

  routes.delete(
    API_ROUTES.removeFromWaitlist.path,
    { config: { role: 'helper' }, schema: { params: entryParams } },
    async (request, reply) => {
      const doc = await current(request);
      const { list, entry } = findEntry(doc, request.params.id);
      const saved = await write(
        doc,
        doc.lists.map((l) =>
          l === list ? { ...l, entries: l.entries.filter((e) => e.id !== entry.id) } : l,
        ),
      );
      securityEvent(request, 'waitlist-change', 'success', {
        username: request.admin?.username,
        mode: 'remove',
        list: list.key,
        target: entry.inquiryId,
        entry: entry.id,
      });
      // Their page's link opens nothing any more (issue 40): it goes with them.
      await store.familyLinks.revoke(entry.id);
      // A puppy reserved for them is available again; one that went home with them stays placed.
      if (entry.puppyId) {
        const { litters } = await readLitters(files);
        const puppy = litters
          .find((l) => l.id === list.key)
          ?.puppies?.find((p) => p.id === entry.puppyId);
        if (puppy?.status === 'reserved')
          await setPuppyStatuses(
            app,
            [{ litterId: list.key, puppyId: puppy.id, status: 'available' }],
            request.admin!.username,
          );
      }
      return send(reply, saved);
    },
  );
}

import { Readable } from 'node:stream';
import {
  API_ROUTES,
  INQUIRY_PAGE_LIMIT,
  inboxInquirySchema,
  type InquiryFilter,
  inquiryFilterSchema,
  inquiryPageQuerySchema,
  inquiryPageSchema,
  inquiryStatsSchema,
  inquiryUpdateSchema,
} from '@cedar/api-contract';
import { RECENT_WINDOW_HOURS } from '@cedar/content';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../lib/http-errors';
import { ID_PATTERN } from '../lib/ids';
import { securityEvent } from '../lib/security-log';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { InquiryPosition, Store } from '../store';
import { removeFromWaitlists, waitlistPlaces } from '../waitlist/waitlist-places';
import { CSV_HEADER, csvRows } from './csv';

const idParams = z.strictObject({ id: z.string().regex(ID_PATTERN) });

/** A page's cursor: where it ended, opaque to the client (base64url of `<ms>.<id>`). */
const encodeCursor = ({ createdAt, id }: InquiryPosition) =>
  Buffer.from(`${createdAt.getTime()}.${id}`).toString('base64url');

function decodeCursor(cursor: string): InquiryPosition {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/.exec(
    Buffer.from(cursor, 'base64url').toString('latin1'),
  );
  if (!match)
    throw new HttpError(
      400,
      'bad_request',
      'Invalid querystring: cursor: must be the nextCursor of an earlier page',
    );
  return { createdAt: new Date(Number(match[1])), id: match[2]! };
}

/** Every inquiry matching the filter, newest first, a page at a time. */
async function* matching(store: Store, filter: InquiryFilter) {
  let after: InquiryPosition | undefined;
  for (;;) {
    const { items, more } = await store.inquiries.page(filter, {
      after,
      limit: INQUIRY_PAGE_LIMIT.max,
    });
    yield items;
    const last = items.at(-1);
    if (!more || !last) return;
    after = { createdAt: new Date(last.createdAt), id: last.id };
  }
}

const today = (now: Date) => now.toISOString().slice(0, 10);

/** The owner's inbox (inside /api/admin: our own site and a live session only). */
export async function inboxRoutes(app: FastifyInstance) {
  const { store, clock } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API_ROUTES.inquiryPage.path,
    {
      config: { role: 'helper' },
      schema: { querystring: inquiryPageQuerySchema, response: { 200: inquiryPageSchema } },
    },
    async (request, reply) => {
      const { cursor, limit, ...filter } = request.query;
      const asOf = clock();
      const { items, more } = await store.inquiries.page(filter, {
        after: cursor === undefined ? undefined : decodeCursor(cursor),
        limit,
      });
      const last = items.at(-1);
      reply.header('cache-control', 'no-store');
      return {
        items,
        nextCursor:
          more && last ? encodeCursor({ createdAt: new Date(last.createdAt), id: last.id }) : null,
        asOf: asOf.toISOString(),
      };
    },
  );

  routes.get(
    API_ROUTES.inquiryStats.path,
    { config: { role: 'helper' }, schema: { response: { 200: inquiryStatsSchema } } },
    async (_request, reply) => {
      const now = clock();
      reply.header('cache-control', 'no-store');
      return store.inquiries.stats(now, new Date(now.getTime() - RECENT_WINDOW_HOURS * 3_600_000));
    },
  );

  routes.get(
    API_ROUTES.inquiryExport.path,
    { config: { role: 'owner' }, schema: { querystring: inquiryFilterSchema } },
    async (request, reply) => {
      const filter = request.query;
      let rows = 0;
      const places = await waitlistPlaces(store, app.files, clock());
      async function* csv() {
        yield CSV_HEADER;
        for await (const items of matching(store, filter)) {
          rows += items.length;
          yield csvRows(items, places);
        }
        securityEvent(request, 'inquiry-export', 'success', {
          username: request.admin?.username,
          rows,
        });
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="cedar-bluff-inquiries-${today(clock())}.csv"`,
        )
        .header('cache-control', 'no-store')
        .send(Readable.from(csv()));
    },
  );

  routes.patch(
    API_ROUTES.updateInquiry.path,
    {
      config: { role: 'helper' },
      schema: {
        params: idParams,
        body: inquiryUpdateSchema,
        response: { 200: inboxInquirySchema },
      },
    },
    async (request) => {
      const updated = await store.inquiries.update(request.params.id, request.body, clock());
      if (!updated) throw new HttpError(404, 'not_found', 'No such inquiry');
      return updated;
    },
  );

  routes.delete(
    API_ROUTES.deleteInquiry.path,
    { config: { role: 'owner' }, schema: { params: idParams } },
    async (request, reply) => {
      const removed = await store.inquiries.remove(request.params.id);
      if (!removed) throw new HttpError(404, 'not_found', 'No such inquiry');
      // A family deleted is taken off the waitlist too: nothing of them is kept.
      await removeFromWaitlists(store, request.params.id, clock());
      securityEvent(request, 'inquiry-delete', 'success', {
        username: request.admin?.username,
        inquiry: request.params.id,
      });
      return reply.code(204).send();
    },
  );
}

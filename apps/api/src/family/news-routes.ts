import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  FAMILY_ROUTES,
  type LitterUpdate,
  litterUpdateDraftSchema,
  MAX_PHOTO_BYTES,
  NEWS_PHOTOS_DIR,
  newsPhotoNameSchema,
  newsPhotoQuerySchema,
} from '@cedar/api-contract';
import type { Litter } from '@cedar/content';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { writeFileAtomic } from '../lib/atomic-write';
import { HttpError } from '../lib/http-errors';
import { sortableId } from '../lib/ids';
import { PRIVATE_DIR_MODE } from '../lib/private-dir';
import { securityEvent } from '../lib/security-log';
import { readLitters } from '../litters/litters-file';
import { decodePhoto } from '../litters/photos';
import type { LitterUpdateDoc, NewsPhotoDoc } from '../store/documents';
import { recipientsOf, unsubscribeKey, unsubscribeLink } from '../waitlist/announcements';
import { linkForMail } from './links';
import { makeDisplayCopies, readNewsPhoto, removeNewsPhoto } from './news-photos';
import { newsMail } from './news-mail';

const litterParams = z.strictObject({ id: z.string().regex(/^[a-z0-9-]{1,80}$/) });
const updateParams = z.strictObject({ id: z.string().regex(/^[a-f0-9]{16,40}$/) });
const photoParams = z.strictObject({ name: newsPhotoNameSchema });

const toUpdate = (d: LitterUpdateDoc): LitterUpdate => ({
  id: d._id,
  litterId: d.litterId,
  note: d.note,
  photos: d.photos,
  createdAt: d.createdAt.toISOString(),
  createdBy: d.createdBy,
  ...(d.updatedAt ? { updatedAt: d.updatedAt.toISOString() } : {}),
});

/**
 * The weekly news of a litter, from the Litters screen (inside /api/admin; litter work, so the
 * owner's): a short note and up to 12 photos, uploaded, re-encoded and limited as the litters'
 * photos are, but kept out of the public site (NEWS_PHOTOS_DIR) and shown only on the families'
 * pages. Posting e-mails each family of the litter's list who can be written to, once; an edit
 * sends nothing.
 */
export async function newsRoutes(app: FastifyInstance) {
  const { store, clock, env } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const dir = path.join(env.REPO_ROOT, NEWS_PHOTOS_DIR);
  const photoFile = (name: string) => path.join(dir, name);

  const litterOf = async (id: string): Promise<Litter> => {
    const { litters } = await readLitters(app.files);
    const litter = litters.find((l) => l.id === id);
    if (!litter) throw new HttpError(404, 'unknown_litter', 'No such litter', { field: 'id' });
    return litter;
  };

  /**
   * The draft's photos with their sizes: each uploaded here (its file exists) and not another
   * update's. 422 naming the photo otherwise.
   */
  const photosOf = async (names: string[], updateId: string | null): Promise<NewsPhotoDoc[]> => {
    const photos: NewsPhotoDoc[] = [];
    for (const [index, name] of names.entries()) {
      const refuse = (message: string) =>
        new HttpError(422, 'invalid_photo', message, { field: `photos.${index}` });
      const meta = await sharp(photoFile(name))
        .metadata()
        .catch(() => null);
      if (!meta?.width || !meta.height) throw refuse('Upload the photo first');
      const owner = await store.litterUpdates.findByPhoto(name);
      if (owner && owner !== updateId) throw refuse('This photo belongs to another update');
      photos.push({ name, width: meta.width, height: meta.height });
    }
    return photos;
  };

  const removePhotos = async (names: string[]) => {
    for (const name of names) await removeNewsPhoto(env.REPO_ROOT, name);
  };

  routes.get(
    FAMILY_ROUTES.litterNews.path,
    { config: { role: 'helper' }, schema: { params: litterParams } },
    async (request, reply) => {
      await litterOf(request.params.id);
      const updates = (await store.litterUpdates.listFor(request.params.id)).map(toUpdate);
      return reply.header('cache-control', 'no-store').send({ updates });
    },
  );

  routes.post(
    FAMILY_ROUTES.postLitterNews.path,
    { config: { role: 'owner' }, schema: { params: litterParams, body: litterUpdateDraftSchema } },
    async (request, reply) => {
      const litter = await litterOf(request.params.id);
      const username = request.admin!.username;
      const now = clock();
      const id = `${sortableId(now)}${randomBytes(3).toString('hex')}`;
      const doc: LitterUpdateDoc = {
        _id: id,
        litterId: litter.id,
        note: request.body.note,
        photos: await photosOf(request.body.photos, null),
        createdAt: now,
        createdBy: username,
      };
      await store.litterUpdates.create(doc);
      // One e-mail per family of the list who can be written to, each with their own page link.
      let recipients = 0;
      if (app.outbox) {
        const { recipients: entries } = recipientsOf(await store.waitlists.get(), litter.id, false);
        const key = await unsubscribeKey(store);
        const mails = [];
        for (const entry of entries) {
          if (await linkForMail(store, entry.id, username, now))
            securityEvent(request, 'family-link-issue', 'success', {
              username,
              entry: entry.id,
              reissue: false,
            });
          mails.push(
            newsMail({
              id: `news-${id}:${entry.id}`,
              entry,
              litter,
              update: doc,
              unsubscribeUrl: unsubscribeLink(env.PUBLIC_URL, key, entry.id),
              now,
            }),
          );
        }
        await store.announcements.queue(mails);
        recipients = mails.length;
        app.outbox.kick();
      }
      securityEvent(request, 'litter-news-post', 'success', {
        username,
        litter: litter.id,
        update: id,
        photos: doc.photos.length,
        recipients,
      });
      return reply.code(201).send({ update: toUpdate(doc), recipients });
    },
  );

  routes.put(
    FAMILY_ROUTES.editLitterNews.path,
    { config: { role: 'owner' }, schema: { params: updateParams, body: litterUpdateDraftSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const current = await store.litterUpdates.get(id);
      if (!current) throw new HttpError(404, 'unknown_update', 'No such update');
      const username = request.admin!.username;
      const photos = await photosOf(request.body.photos, id);
      const before = await store.litterUpdates.update(id, {
        note: request.body.note,
        photos,
        updatedAt: clock(),
        updatedBy: username,
      });
      if (!before) throw new HttpError(404, 'unknown_update', 'No such update');
      await removePhotos(
        before.photos.map((p) => p.name).filter((n) => !request.body.photos.includes(n)),
      );
      securityEvent(request, 'litter-news-edit', 'success', {
        username,
        litter: current.litterId,
        update: id,
        photos: photos.length,
      });
      const after = await store.litterUpdates.get(id);
      return reply.send({ update: toUpdate(after!) });
    },
  );

  routes.delete(
    FAMILY_ROUTES.removeLitterNews.path,
    { config: { role: 'owner' }, schema: { params: updateParams } },
    async (request, reply) => {
      const removed = await store.litterUpdates.remove(request.params.id);
      if (!removed) throw new HttpError(404, 'unknown_update', 'No such update');
      await removePhotos(removed.photos.map((p) => p.name));
      securityEvent(request, 'litter-news-remove', 'success', {
        username: request.admin!.username,
        litter: removed.litterId,
        update: removed._id,
      });
      return reply.code(204).send();
    },
  );

  // A photo arrives as its own bytes (any content type: what it is, sharp decides), as a
  // litter's photo does.
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES },
    (_r, body, done) => done(null, body),
  );
  routes.post(
    FAMILY_ROUTES.uploadNewsPhoto.path,
    { config: { role: 'owner' }, bodyLimit: MAX_PHOTO_BYTES },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0)
        throw new HttpError(400, 'bad_request', 'Send the photo itself as the request body');
      const jpeg = await decodePhoto(request.body);
      const { width, height } = await sharp(jpeg).metadata();
      // The name is the server's: nothing the client sent reaches the disk's paths.
      const name = `${randomBytes(12).toString('hex')}.jpg`;
      await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      await writeFileAtomic(photoFile(name), jpeg);
      await makeDisplayCopies(env.REPO_ROOT, name, width ?? 0);
      securityEvent(request, 'photo-upload', 'success', {
        username: request.admin!.username,
        file: name,
        bytes: jpeg.length,
      });
      return reply.code(201).send({ name, width, height });
    },
  );

  routes.get(
    FAMILY_ROUTES.newsPhoto.path,
    {
      config: { role: 'helper' },
      schema: { params: photoParams, querystring: newsPhotoQuerySchema },
    },
    async (request, reply) => {
      // `?w=`: a display copy (family/news-photos.ts), as the family page serves it.
      const file = await readNewsPhoto(env.REPO_ROOT, request.params.name, request.query.w);
      if (!file) throw new HttpError(404, 'not_found', 'No such photo');
      return reply.header('cache-control', 'private, no-store').type('image/jpeg').send(file);
    },
  );
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  API_ROUTES,
  LITTERS_FILE,
  LITTER_UPLOADS_DIR,
  LITTER_UPLOADS_URL,
  MAX_PHOTO_BYTES,
} from '@cedar/api-contract';
import {
  litterDraftSchema,
  litterName,
  litterProblems,
  type Litter,
  type LitterDraft,
} from '@cedar/content';
import { withPuppyAvailability } from '@cedar/litter-logic';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeFileAtomic } from '../lib/atomic-write';
import { HttpError } from '../lib/http-errors';
import { securityEvent } from '../lib/security-log';
import { decodePhoto } from './photos';

const litterParams = z.strictObject({ id: z.string().regex(/^[a-z0-9-]{1,80}$/) });

/** The first thing wrong with a litter, as the form shows it: 422 naming the field. */
const invalid = (field: string, message: string) =>
  new HttpError(422, 'invalid_litter', message, { field });

function parseDraft(body: unknown): LitterDraft {
  const result = litterDraftSchema.safeParse(body);
  // With puppies listed, the availability text is theirs: "2 of 7 available".
  if (result.success) return withPuppyAvailability(result.data);
  const issue = result.error.issues[0]!;
  throw invalid(issue.path.map(String).join('.'), issue.message);
}

/** 'duke-clover-2026-10-19', or with -2, -3… when a litter already has it. */
function newLitterId(draft: LitterDraft, taken: readonly Litter[]): string {
  const base = `${draft.sire}-${draft.dam}-${draft.birthDate}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 70);
  let id = base;
  for (let n = 2; taken.some((l) => l.id === id); n++) id = `${base}-${n}`;
  return id;
}

/**
 * The litters of the content package's data file (inside /api/admin, signed in): listed, added,
 * edited and archived. Each save writes the whole file atomically with a revision and publishes;
 * it is data, so no password confirmation is asked. The content package's own checks decide what
 * is a valid litter, field by field.
 */
export async function litterRoutes(app: FastifyInstance) {
  const { files, publisher } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const readLitters = async () => {
    const file = await files.read(LITTERS_FILE);
    if (!file) throw new Error(`${LITTERS_FILE} is missing`);
    return { litters: JSON.parse(file.content) as Litter[], sha256: file.sha256 };
  };

  /** Checks the changed list as the build will, writes it, and publishes. */
  const saveLitters = async (
    litters: Litter[],
    index: number,
    by: string,
    ifMatch: string,
  ): Promise<{ sha256: string; savedAt: string; litter: Litter }> => {
    const problem = litterProblems(litters).find((p) => p.record.startsWith(`litters[${index}]`));
    if (problem) throw invalid(problem.field, problem.message);
    const { sha256, revision, changed } = await files.save(
      LITTERS_FILE,
      `${JSON.stringify(litters, null, 2)}\n`,
      by,
      ifMatch,
    );
    if (changed) publisher.request(by);
    return { sha256, savedAt: revision.savedAt, litter: litters[index]! };
  };

  /**
   * A puppy reserved for a family on the waitlist stays in its litter, reserved, until the
   * reservation is taken back on the Waitlist screen: else the family's entry would name a puppy
   * the litter no longer has, or one the public card shows as available.
   */
  const keepReservations = async (litter: Litter, before: Litter) => {
    const doc = await app.store.waitlists.get();
    const entries = doc.lists.find((l) => l.key === litter.id)?.entries ?? [];
    for (const entry of entries) {
      if (!entry.puppyId) continue;
      const puppy = litter.puppies?.find((p) => p.id === entry.puppyId);
      if (puppy?.status === 'reserved') continue;
      throw new HttpError(
        409,
        'puppy_reserved',
        `${(puppy ?? before.puppies?.find((p) => p.id === entry.puppyId))?.name ?? 'A puppy of this litter'} is reserved for ${entry.name} on the waitlist: take the reservation back on the Waitlist screen first`,
      );
    }
  };

  routes.get(API_ROUTES.litters.path, { config: { role: 'helper' } }, async (_request, reply) => {
    const { litters, sha256 } = await readLitters();
    return reply
      .header('etag', `"${sha256}"`)
      .header('cache-control', 'no-store')
      .send({ sha256, litters });
  });

  routes.post(
    API_ROUTES.addLitter.path,
    { config: { role: 'owner' }, schema: { body: z.unknown() } },
    async (request, reply) => {
      const draft = await parseDraft(request.body);
      const username = request.admin!.username;
      const current = await readLitters();
      const litter: Litter = {
        id: newLitterId(draft, current.litters),
        name: litterName(draft.sire, draft.dam),
        ...draft,
      };
      const saved = await saveLitters(
        [...current.litters, litter],
        current.litters.length,
        username,
        request.headers['if-match'] ?? `"${current.sha256}"`,
      );
      securityEvent(request, 'litter-save', 'success', { username, litter: litter.id });
      return reply.code(201).header('etag', `"${saved.sha256}"`).send(saved);
    },
  );

  routes.put(
    API_ROUTES.saveLitter.path,
    { config: { role: 'owner' }, schema: { params: litterParams, body: z.unknown() } },
    async (request, reply) => {
      const draft = await parseDraft(request.body);
      const username = request.admin!.username;
      const current = await readLitters();
      const index = current.litters.findIndex((l) => l.id === request.params.id);
      if (index < 0) throw new HttpError(404, 'not_found', 'No such litter');
      const litters = current.litters.map((l, i) =>
        i === index ? { id: l.id, name: litterName(draft.sire, draft.dam), ...draft } : l,
      );
      await keepReservations(litters[index]!, current.litters[index]!);
      const saved = await saveLitters(
        litters,
        index,
        username,
        request.headers['if-match'] ?? `"${current.sha256}"`,
      );
      securityEvent(request, 'litter-save', 'success', { username, litter: request.params.id });
      return reply.header('etag', `"${saved.sha256}"`).send(saved);
    },
  );

  // A photo arrives as its own bytes (any content type: what it is, sharp decides).
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES },
    (_r, body, done) => done(null, body),
  );
  routes.post(
    API_ROUTES.uploadLitterPhoto.path,
    { config: { role: 'owner' }, bodyLimit: MAX_PHOTO_BYTES },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0)
        throw new HttpError(400, 'bad_request', 'Send the photo itself as the request body');
      const jpeg = await decodePhoto(request.body);
      // The name is the server's: nothing the client sent reaches the disk's paths.
      const name = `${randomBytes(12).toString('hex')}.jpg`;
      const dir = path.join(app.env.REPO_ROOT, LITTER_UPLOADS_DIR);
      await fs.mkdir(dir, { recursive: true });
      await writeFileAtomic(path.join(dir, name), jpeg);
      securityEvent(request, 'photo-upload', 'success', {
        username: request.admin!.username,
        file: name,
        bytes: jpeg.length,
      });
      return reply.code(201).send({ path: `${LITTER_UPLOADS_URL}/${name}` });
    },
  );
}

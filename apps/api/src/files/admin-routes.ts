import {
  API_ROUTES,
  CODE_MODE_OFF,
  CONFIRMATION_REQUIRED,
  MAX_FILE_BYTES,
  editableFilePathSchema,
  publishStatusSchema,
  revisionListSchema,
  saveFileResponseSchema,
  saveWordsRequestSchema,
  sectionWordsSchema,
} from '@cedar/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../lib/http-errors';
import { securityEvent } from '../lib/security-log';
import { ID_PATTERN } from '../lib/ids';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { conflict, ifMatchAccepts } from './editable-files';
import { readWords, rewriteWords } from './section-words';

// A path that is not one of the seven editable files fails this schema, which answers 404.
const fileParams = z.strictObject({ path: editableFilePathSchema });
const revisionParams = z.strictObject({
  path: editableFilePathSchema,
  id: z.string().regex(ID_PATTERN),
});

const contentTypeOf = (header: string | undefined) =>
  (header ?? '').split(';')[0]!.trim().toLowerCase();

/** The section files, their revisions and the publish state (inside /api/admin, signed in). */
export async function fileRoutes(app: FastifyInstance) {
  const { env, sessions, files, publisher } = app;
  /**
   * Code is what the rebuild runs: saving or restoring it needs the password confirmed in this
   * session within the last 15 minutes (signing in counts), so a stolen session alone cannot.
   * Checked before the body is read.
   */
  const requireRecentConfirmation = async (request: FastifyRequest) => {
    if (publisher.codeOff) throw new HttpError(403, CODE_MODE_OFF, publisher.codeOff);
    if (request.admin && sessions.recentlyConfirmed(request.admin)) return;
    throw new HttpError(
      403,
      CONFIRMATION_REQUIRED,
      'Confirm your password to save code. It is asked again after 15 minutes.',
    );
  };
  // A file is saved exactly as sent, so bytes that are not UTF-8 are refused rather than replaced.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (_request, body, done) => {
    try {
      done(null, new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body as Buffer));
    } catch {
      done(new HttpError(400, 'bad_request', 'The file is not valid UTF-8 text'), undefined);
    }
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API_ROUTES.readFile.path,
    { config: { role: 'owner' }, schema: { params: fileParams } },
    async (request, reply) => {
      const file = await files.read(request.params.path);
      if (!file) throw new HttpError(404, 'not_found', 'Not found');
      return reply
        .type('text/plain; charset=utf-8')
        .header('etag', `"${file.sha256}"`)
        .header('cache-control', 'no-store')
        .send(file.content);
    },
  );

  routes.put(
    API_ROUTES.saveFile.path,
    {
      config: { role: 'owner' },
      bodyLimit: Math.min(env.BODY_LIMIT, MAX_FILE_BYTES),
      // Checked before the body is read: the editor sends the file as plain text, nothing else.
      preParsing: async (request) => {
        if (contentTypeOf(request.headers['content-type']) !== 'text/plain') {
          throw new HttpError(415, 'unsupported_media_type', 'Send the file as text/plain');
        }
        await requireRecentConfirmation(request);
      },
      schema: {
        params: fileParams,
        body: z.string(),
        response: { 200: saveFileResponseSchema },
      },
    },
    async (request, reply) => {
      const username = request.admin!.username;
      const { sha256, revision, changed } = await files
        .save(request.params.path, request.body, username, request.headers['if-match'])
        .catch((error: unknown) => {
          securityEvent(request, 'file-save', 'refused', { username, path: request.params.path });
          throw error;
        });
      securityEvent(request, 'file-save', 'success', {
        username,
        path: request.params.path,
        sha256,
        changed,
      });
      if (changed) publisher.request(username);
      return reply.header('etag', `"${sha256}"`).send({ sha256, revision, changed });
    },
  );

  routes.get(
    API_ROUTES.readWords.path,
    {
      config: { role: 'owner' },
      schema: { params: fileParams, response: { 200: sectionWordsSchema } },
    },
    async (request, reply) => {
      const file = await files.read(request.params.path);
      if (!file) throw new HttpError(404, 'not_found', 'Not found');
      return reply
        .header('etag', `"${file.sha256}"`)
        .header('cache-control', 'no-store')
        .send({ sha256: file.sha256, words: readWords(file.content) });
    },
  );

  /**
   * Words only change string literals of the `copy` object (section-words.ts), so they cannot
   * change what the code does: no password confirmation. The result still goes through every
   * check of a code save.
   */
  routes.put(
    API_ROUTES.saveWords.path,
    {
      config: { role: 'owner' },
      preParsing: async (request) => {
        if (contentTypeOf(request.headers['content-type']) !== 'application/json') {
          throw new HttpError(415, 'unsupported_media_type', 'Send the words as application/json');
        }
        if (request.headers['if-match'] === undefined) {
          throw new HttpError(
            428,
            'precondition_required',
            'Send If-Match with the sha256 of the file the words were read from',
          );
        }
      },
      schema: {
        params: fileParams,
        body: saveWordsRequestSchema,
        response: { 200: saveFileResponseSchema },
      },
    },
    async (request, reply) => {
      const { path } = request.params;
      const username = request.admin!.username;
      const ifMatch = request.headers['if-match']!;
      /** Logs a refused save and gives back the error to answer with. */
      const refusal = (error: unknown) => {
        securityEvent(request, 'file-save', 'refused', { username, path, mode: 'words' });
        return error;
      };
      const current = await files.read(path);
      if (!current) throw new HttpError(404, 'not_found', 'Not found');
      // The keys name literals of this version of the file; another version may have others.
      if (!ifMatchAccepts(ifMatch, current.sha256)) throw refusal(conflict(current.sha256));
      const rewritten = rewriteWords(current.content, request.body.words);
      if (!rewritten.ok && 'noWords' in rewritten) {
        throw refusal(
          new HttpError(
            422,
            'no_words',
            'This file has no words to change: its copy object is missing. Use Code mode.',
          ),
        );
      }
      if (!rewritten.ok) {
        throw refusal(
          new HttpError(
            422,
            'unknown_word',
            `This file has no word ${rewritten.unknown.join(', ')}. Reload the file, then save again.`,
            { keys: rewritten.unknown },
          ),
        );
      }
      // The queued save checks If-Match again, so a save landing meanwhile makes this one a 409.
      const { sha256, revision, changed } = await files
        .save(path, rewritten.source, username, ifMatch)
        .catch((error: unknown) => {
          throw refusal(error);
        });
      securityEvent(request, 'file-save', 'success', {
        username,
        path,
        sha256,
        changed,
        mode: 'words',
      });
      if (changed) publisher.request(username);
      return reply.header('etag', `"${sha256}"`).send({ sha256, revision, changed });
    },
  );

  routes.get(
    API_ROUTES.fileRevisions.path,
    {
      config: { role: 'owner' },
      schema: { params: fileParams, response: { 200: revisionListSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return files.revisions(request.params.path);
    },
  );

  routes.post(
    API_ROUTES.restoreRevision.path,
    {
      config: { role: 'owner' },
      // Where Code mode is off, a revision that differs from the file in its words alone is
      // words, and may be restored like a words save; any other is code (files.restore).
      preHandler: async (request) => {
        if (!publisher.codeOff) await requireRecentConfirmation(request);
      },
      schema: {
        params: revisionParams,
        body: z.unknown(),
        response: { 200: saveFileResponseSchema },
      },
    },
    async (request, reply) => {
      const { path, id } = request.params;
      const username = request.admin!.username;
      const { sha256, revision, changed } = await files
        .restore(path, id, username, { codeOff: publisher.codeOff })
        .catch((error: unknown) => {
          securityEvent(request, 'file-restore', 'refused', { username, path, revision: id });
          throw error;
        });
      securityEvent(request, 'file-restore', 'success', { username, path, revision: id, changed });
      if (changed) publisher.request(username);
      return reply.header('etag', `"${sha256}"`).send({ sha256, revision, changed });
    },
  );

  routes.get(
    API_ROUTES.publishStatus.path,
    { config: { role: 'owner' }, schema: { response: { 200: publishStatusSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return publisher.status();
    },
  );
}

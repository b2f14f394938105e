import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EditableFiles } from '../files/editable-files';

declare module 'fastify' {
  interface FastifyInstance {
    /** The seven section files the owner edits, with their revisions. */
    files: EditableFiles;
  }
}

/** The editable section files; at start-up, the temp files of saves a crash cut short go. */
export const filesPlugin = fp(
  async (app: FastifyInstance) => {
    const { env } = app;
    const files = new EditableFiles(env.REPO_ROOT, app.store, app.clock, {
      keep: env.REVISIONS_KEEP,
      maxAgeMs: env.REVISIONS_MAX_AGE,
    });
    app.decorate('files', files);
    const removed = await files.removeInterruptedWrites();
    if (removed > 0)
      app.log.info(`removed ${removed} temp file(s) of section saves a crash interrupted`);
  },
  { name: 'files', dependencies: ['config', 'store'] },
);

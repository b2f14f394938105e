import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openStore, type Store } from '../store';

declare module 'fastify' {
  interface FastifyInstance {
    /** The storage port: the embedded store or MongoDB (store/). */
    store: Store;
  }
}

/**
 * Opens the store named by the configuration, and closes it when the app closes. Tests on MongoDB
 * give each app a prefix for its collections (test/build.ts).
 */
export const storePlugin = fp(
  async (app: FastifyInstance, options: { collectionPrefix?: string }) => {
    const store = await openStore(app.env, {
      warn: (message) => app.log.warn(message),
      collectionPrefix: options.collectionPrefix,
    });
    app.decorate('store', store);
    app.addHook('onClose', () => store.close());
  },
  { name: 'store', dependencies: ['config'] },
);

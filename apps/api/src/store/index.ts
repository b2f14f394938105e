import type { Env } from '../env';
import { openEmbeddedStore } from './embedded';
import { openMongoStore } from './mongo';
import type { Store } from './types';

export * from './types';

/** MongoDB when MONGODB_URI is set, else the embedded store under DATA_DIR. */
export function openStore(env: Pick<Env, 'MONGODB_URI' | 'DATA_DIR'>): Promise<Store> {
  return env.MONGODB_URI ? openMongoStore(env.MONGODB_URI) : openEmbeddedStore(env.DATA_DIR);
}

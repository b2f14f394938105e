import type { Env } from '../env';
import { openEmbeddedStore } from './embedded';
import { openMongoStore } from './mongo';
import type { Store } from './types';

export * from './types';

/** MongoDB when MONGODB_URI is set, else the embedded store under DATA_DIR. */
export async function openStore(
  env: Pick<Env, 'MONGODB_URI' | 'MONGODB_DB' | 'DATA_DIR'>,
  options: { warn?: (message: string) => void; collectionPrefix?: string } = {},
): Promise<Store> {
  if (env.MONGODB_URI)
    return openMongoStore(env.MONGODB_URI, {
      dbName: env.MONGODB_DB,
      collectionPrefix: options.collectionPrefix,
    });
  try {
    return await openEmbeddedStore(env.DATA_DIR, { warn: options.warn });
  } catch (error) {
    throw dataDirError(env.DATA_DIR, error);
  }
}

const REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EACCES: 'the server may not write there',
  EPERM: 'the server may not write there',
  EROFS: 'it is on a read-only file system',
  ENOTDIR: 'part of the path is a file, not a folder',
  EEXIST: 'it is a file, not a folder',
  EISDIR: 'a file the store needs is a folder',
  ENOENT: 'the folder cannot be created there',
};

/** A start-up failure in DATA_DIR as one sentence naming the variable, the folder and the fix. */
function dataDirError(dataDir: string, error: unknown): unknown {
  const { code, message } = error as NodeJS.ErrnoException;
  const reason = code ? REASONS[code] : undefined;
  if (!reason) return error;
  return new Error(
    `DATA_DIR ${dataDir} cannot hold the embedded store: ${reason} (${message}). ` +
      'Point DATA_DIR at a writable folder with free space, or set MONGODB_URI.',
    { cause: error },
  );
}

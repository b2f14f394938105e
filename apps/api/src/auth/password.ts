import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** Pinned cost (N=2^14, r=8, p=1: about 16 MiB and tens of milliseconds per check). */
const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash` with base64url salt and hash; the parameters travel with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, PARAMS);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/**
 * `scrypt$16384$8$1$<22 characters of salt>$<86 characters of key>`: the only hash this product
 * writes. A stored hash names its own cost, so one written by anything else (a crafted backup, an
 * edited admins.db) could ask every login for gigabytes of memory and minutes of CPU: such a hash
 * is never used, whatever it says.
 */
const OWN_HASH = new RegExp(
  `^scrypt\\$${PARAMS.N}\\$${PARAMS.r}\\$${PARAMS.p}\\$[A-Za-z0-9_-]{22}\\$[A-Za-z0-9_-]{86}$`,
);

/** Is `stored` a hash with exactly this product's scrypt parameters, salt and key lengths? */
export const isOwnHash = (stored: string) => OWN_HASH.test(stored);

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (!isOwnHash(stored)) return false;
  const [, , , , salt = '', hash = ''] = stored.split('$');
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), PARAMS);
  return expected.length === key.length && timingSafeEqual(expected, key);
}

/**
 * A hash of a password nobody knows: checking an unknown username against it costs the same time
 * as a real check, so response times do not reveal which usernames exist.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(18).toString('base64url'));
  return decoy;
}

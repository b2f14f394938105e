// Device cookies, after OWASP's "Slow Down Online Guessing Attacks with Device Cookies"
// (owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies): a browser that
// signed in as a user carries a cookie signed by the server and naming that user. Its login
// attempts are judged by their own small limit, not by the per-username one, so a stranger
// guessing the username from many addresses slows down the stranger, never the owner.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Env } from '../env';
import type { Store } from '../store';
import type { Clock } from './sessions';

/** The cookie's name; `__Host-` in production, like the session cookie. */
export const deviceCookieName = (env: Pick<Env, 'NODE_ENV'>) =>
  env.NODE_ENV === 'production' ? '__Host-cb_device' : 'cb_device';

/** How long a browser is remembered: a year, renewed at every sign-in. */
export const DEVICE_COOKIE_TTL_MS = 365 * 24 * 3_600_000;

export const deviceCookieOptions = (env: Pick<Env, 'NODE_ENV'>) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path: '/',
  secure: env.NODE_ENV === 'production',
  maxAge: DEVICE_COOKIE_TTL_MS / 1000,
});

/** The store's name of the signing key: 32 random bytes, made by the first server to start. */
const KEY_NAME = 'device-cookie-v1';

const mac = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

/**
 * Issues and checks device cookies: `<username>.<nonce>.<issued>.<hmac>` (username base64url,
 * 16 random bytes of nonce, seconds since 1970 in base 36), signed with HMAC-SHA256 under a key
 * only the server holds (in the store, never a default).
 */
export class DeviceCookies {
  private constructor(
    private readonly key: Buffer,
    private readonly clock: Clock,
  ) {}

  /** The store's key, made on the first start. */
  static async open(store: Store, clock: Clock): Promise<DeviceCookies> {
    const key = await store.keys.ensure(KEY_NAME, randomBytes(32).toString('base64url'));
    return new DeviceCookies(Buffer.from(key, 'base64url'), clock);
  }

  /** A new cookie value for a browser that has just signed in as `username`. */
  issue(username: string): string {
    const nonce = randomBytes(16).toString('base64url');
    const issued = Math.floor(this.clock().getTime() / 1000).toString(36);
    const body = `${Buffer.from(username).toString('base64url')}.${nonce}.${issued}`;
    return `${body}.${mac(this.key, body)}`;
  }

  /**
   * The device's id (its nonce) when `value` is a cookie this server signed, for exactly this
   * username, less than a year old; else null (absent, forged, tampered, another user's, expired).
   */
  verify(value: string | undefined, username: string): string | null {
    const parts = value?.split('.') ?? [];
    if (parts.length !== 4) return null;
    const [user = '', nonce = '', issued = '', signature = ''] = parts;
    const expected = Buffer.from(mac(this.key, `${user}.${nonce}.${issued}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    if (Buffer.from(user, 'base64url').toString() !== username) return null;
    const age = this.clock().getTime() - Number.parseInt(issued, 36) * 1000;
    // A few minutes' grace for servers sharing the store with clocks slightly apart.
    if (!(age > -5 * 60_000 && age < DEVICE_COOKIE_TTL_MS)) return null;
    return nonce;
  }
}

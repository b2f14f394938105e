import { randomBytes } from 'node:crypto';
import { HttpError } from '../lib/http-errors';
import { clientNetwork } from '../lib/net';
import type { LoginAttempt, Store } from '../store';
import type { Clock } from './sessions';

const MINUTE = 60_000;

/** Failed logins for one username from one address: the 6th within 15 minutes is refused. */
export const PAIR_LIMIT = { attempts: 5, windowMs: 15 * MINUTE } as const;
/** Failed logins from one address (an IPv6 client by its /64) across usernames. */
export const ADDRESS_LIMIT = { attempts: 20, windowMs: 15 * MINUTE } as const;
/**
 * Failed logins for one username across all addresses: the first 10 in a day are free, then each
 * attempt must wait twice as long as the one before after the previous attempt, up to 15 minutes.
 * That caps guesses at about 100 a day however many addresses an attacker has, and never locks the
 * account for good; `npm run admin -- reset` always works and clears the count.
 */
export const USERNAME_DELAYS = { free: 10, windowMs: 24 * 60 * MINUTE, maxDelayMs: 15 * MINUTE };

/**
 * Failed logins with one device cookie (auth/device-cookies.ts): after 5 within 24 hours the
 * cookie is no longer trusted, and its attempts meet the same limits as a stranger's until a
 * successful sign-in gives the browser a new one. A stolen device cookie thus buys at most 5
 * guesses a day beyond what anyone gets.
 */
export const DEVICE_LIMIT = { attempts: 5, windowMs: 24 * 60 * MINUTE } as const;

export function usernameDelayMs(earlierAttempts: number): number {
  if (earlierAttempts < USERNAME_DELAYS.free) return 0;
  return Math.min(2 ** (earlierAttempts - USERNAME_DELAYS.free) * 1000, USERNAME_DELAYS.maxDelayMs);
}

export const limiterKeys = (ip: string, username: string) => {
  const address = clientNetwork(ip);
  const name = username.toLowerCase();
  return {
    pair: `pair|${address}|${name}`,
    address: `address|${address}`,
    username: `username|${name}`,
  };
};

type Keys = ReturnType<typeof limiterKeys>;

/** A login attempt that passed the limits: it counts as a failure unless it is settled otherwise. */
export interface AdmittedAttempt {
  /** Admitted on a trusted device cookie's own limit, not on the address and username limits. */
  readonly trustedDevice: boolean;
  /** The password was right: the attempt and the username's failures are forgotten. */
  succeeded(): Promise<void>;
  /** The password was never checked (the server was too busy): the attempt does not count. */
  withdraw(): Promise<void>;
}

const tooMany = (waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new HttpError(
    429,
    'too_many_attempts',
    `Too many failed logins. Try again in ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    {},
    { 'retry-after': String(seconds) },
  );
};

/**
 * Failed-login limits per address and username, per address, and per username across addresses.
 *
 * An attempt is counted the moment it starts, before its password is checked: the store adds it to
 * each counter in one atomic step and answers the counter as it then stands, so of 20 parallel
 * guesses exactly the first 5 see a count within the limit; the others are taken back and refused
 * with 429 before any password check. A success takes the attempt back and clears the counters
 * of that username, so the owner's own logins never add up.
 */
export class LoginLimiter {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /**
   * Admits an attempt or throws 429. `device`: the id of a valid device cookie for this username
   * (DeviceCookies.verify), whose attempts are held to DEVICE_LIMIT alone while it is trusted.
   */
  async admit(ip: string, username: string, device?: string | null): Promise<AdmittedAttempt> {
    if (device) {
      const trusted = await this.admitTrusted(device);
      if (trusted) return trusted;
    }
    const keys = limiterKeys(ip, username);
    const now = this.clock();
    // A cheap look first: a client that is already over a limit costs no write.
    const early = this.verdict(
      await this.lists(keys, (key, windowMs) => this.store.loginAttempts.list(key, now, windowMs)),
      now,
      false,
    );
    if (early > 0) throw tooMany(early);

    const attempt: LoginAttempt = { id: randomBytes(9).toString('base64url'), at: now };
    const counted = await this.lists(keys, (key, windowMs) =>
      this.store.loginAttempts.add(key, attempt, windowMs),
    );
    const wait = this.verdict(counted, now, true);
    if (wait > 0) {
      await this.takeBack(keys, attempt.id);
      throw tooMany(wait);
    }
    return {
      trustedDevice: false,
      succeeded: async () => {
        await Promise.all([
          this.store.loginAttempts.clear(keys.pair),
          this.store.loginAttempts.clear(keys.username),
          this.store.loginAttempts.remove(keys.address, attempt.id),
        ]);
      },
      withdraw: () => this.takeBack(keys, attempt.id),
    };
  }

  /**
   * An attempt on a device cookie's own counter, or null once that cookie has failed
   * DEVICE_LIMIT.attempts times within its window (then it is no longer trusted). Counted before
   * the password check, atomically, like the other counters. A success forgets the device's
   * failures but leaves the username's alone: a stranger's count keeps slowing the stranger.
   */
  private async admitTrusted(device: string): Promise<AdmittedAttempt | null> {
    const key = `device|${device}`;
    const { attempts, windowMs } = DEVICE_LIMIT;
    const now = this.clock();
    if ((await this.store.loginAttempts.list(key, now, windowMs)).length >= attempts) return null;
    const attempt: LoginAttempt = { id: randomBytes(9).toString('base64url'), at: now };
    if ((await this.store.loginAttempts.add(key, attempt, windowMs)).length > attempts) {
      await this.store.loginAttempts.remove(key, attempt.id);
      return null;
    }
    return {
      trustedDevice: true,
      succeeded: () => this.store.loginAttempts.clear(key),
      withdraw: () => this.store.loginAttempts.remove(key, attempt.id),
    };
  }

  /** Forgets the username's failures everywhere (the admin CLI's reset). */
  async clearUsername(username: string): Promise<void> {
    await this.store.loginAttempts.clear(limiterKeys('', username).username);
  }

  removeExpired(): Promise<number> {
    return this.store.loginAttempts.removeExpired(this.clock());
  }

  private async lists(
    keys: Keys,
    read: (key: string, windowMs: number) => Promise<LoginAttempt[]>,
  ): Promise<Record<keyof Keys, LoginAttempt[]>> {
    const [pair, address, username] = await Promise.all([
      read(keys.pair, PAIR_LIMIT.windowMs),
      read(keys.address, ADDRESS_LIMIT.windowMs),
      read(keys.username, USERNAME_DELAYS.windowMs),
    ]);
    return { pair, address, username };
  }

  /**
   * How long the attempt must wait (0: it may go ahead). `includesOwn`: the lists already hold
   * this attempt as their last entry; otherwise the question is whether one more would fit.
   */
  private verdict(
    lists: Record<keyof Keys, LoginAttempt[]>,
    now: Date,
    includesOwn: boolean,
  ): number {
    const extra = includesOwn ? 0 : 1;
    const waits: number[] = [];
    const windowWait = (list: LoginAttempt[], limit: number, windowMs: number) => {
      if (list.length + extra <= limit) return;
      // The attempt may go once enough of the oldest have left the window.
      const oldestCounted = list[list.length + extra - limit - 1];
      if (oldestCounted) waits.push(oldestCounted.at.getTime() + windowMs - now.getTime());
    };
    windowWait(lists.pair, PAIR_LIMIT.attempts, PAIR_LIMIT.windowMs);
    windowWait(lists.address, ADDRESS_LIMIT.attempts, ADDRESS_LIMIT.windowMs);

    const names = lists.username;
    const earlier = includesOwn ? names.slice(0, -1) : names;
    const previous = earlier[earlier.length - 1];
    const delay = usernameDelayMs(earlier.length);
    if (previous && delay > 0) waits.push(previous.at.getTime() + delay - now.getTime());
    return Math.max(0, ...waits);
  }

  private async takeBack(keys: Keys, id: string) {
    await Promise.all(Object.values(keys).map((key) => this.store.loginAttempts.remove(key, id)));
  }
}

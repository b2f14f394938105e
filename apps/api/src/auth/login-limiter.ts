import type { Store } from '../store';
import type { Clock } from './sessions';

export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;

/**
 * Failed logins per client IP and username, in a sliding 15-minute window: after 5 failures the
 * next attempt is refused (even with the right password) until the oldest failure leaves the
 * window. Keyed by IP too, so an attacker cannot lock the real owner out from elsewhere.
 */
export class LoginLimiter {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  static key(ip: string, username: string) {
    return `${ip}|${username.toLowerCase()}`;
  }

  /** Seconds until the next attempt is allowed, or 0 when it is allowed now. */
  async retryAfter(key: string): Promise<number> {
    const now = this.clock();
    const failures = await this.store.loginAttempts.failures(key, now, LOGIN_WINDOW_MS);
    const oldestCounted = failures[failures.length - LOGIN_FAILURE_LIMIT];
    if (!oldestCounted) return 0;
    return Math.max(
      1,
      Math.ceil((oldestCounted.getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000),
    );
  }

  async fail(key: string): Promise<void> {
    await this.store.loginAttempts.recordFailure(key, this.clock(), LOGIN_WINDOW_MS);
  }

  async succeed(key: string): Promise<void> {
    await this.store.loginAttempts.clear(key);
  }
}

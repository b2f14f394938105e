import { createHash, randomBytes } from 'node:crypto';
import type { Store } from '../store';

export type Clock = () => Date;

export interface SessionOptions {
  /** Absolute lifetime of a session. */
  ttlMs: number;
  /** A session unused for this long ends. */
  idleTtlMs: number;
  clock: Clock;
}

// Writing lastSeenAt on every request would cost a disk sync each time; once a minute is enough.
const TOUCH_EVERY_MS = 60_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Sessions in the store, keyed by the sha256 of a 32-byte random token the client holds. */
export class SessionService {
  constructor(
    private readonly store: Store,
    private readonly options: SessionOptions,
  ) {}

  get ttlMs() {
    return this.options.ttlMs;
  }

  async start(username: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.options.clock();
    const expiresAt = new Date(now.getTime() + this.options.ttlMs);
    await this.store.sessions.create({
      tokenHash: hashToken(token),
      username,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      idleExpiresAt: this.idleEnd(now, expiresAt),
    });
    return { token, expiresAt };
  }

  /** The signed-in admin, or null when the token is unknown, revoked or expired. */
  async check(token: string): Promise<{ username: string } | null> {
    if (!TOKEN_PATTERN.test(token)) return null;
    const tokenHash = hashToken(token);
    const session = await this.store.sessions.find(tokenHash);
    if (!session) return null;
    const now = this.options.clock();
    if (now >= session.expiresAt || now >= session.idleExpiresAt) {
      await this.store.sessions.revoke(tokenHash);
      return null;
    }
    if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await this.store.sessions.touch(tokenHash, now, this.idleEnd(now, session.expiresAt));
    }
    return { username: session.username };
  }

  async end(token: string): Promise<void> {
    if (TOKEN_PATTERN.test(token)) await this.store.sessions.revoke(hashToken(token));
  }

  removeExpired(): Promise<number> {
    return this.store.sessions.removeExpired(this.options.clock());
  }

  private idleEnd(now: Date, expiresAt: Date): Date {
    return new Date(Math.min(now.getTime() + this.options.idleTtlMs, expiresAt.getTime()));
  }
}

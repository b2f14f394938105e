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

/** How long a password confirmation lets the admin save and restore code. */
export const CONFIRMATION_TTL_MS = 15 * 60_000;

/** The admin a request's session belongs to, and that session. */
export interface SignedIn {
  username: string;
  /** The store's key of the session (sha256 of the token): never a credential by itself. */
  tokenHash: string;
  confirmedAt: Date | null;
}

/** One session as the admin's session list shows it. */
export interface SessionSummary {
  /** A short handle of the session, enough to end it. */
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  current: boolean;
}

const summaryId = (tokenHash: string) => tokenHash.slice(0, 16);

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

  /** A new session; signing in counts as a password confirmation. */
  async start(
    username: string,
    from: { ip?: string; userAgent?: string } = {},
  ): Promise<{ token: string; expiresAt: Date }> {
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
      confirmedAt: now,
      ...(from.ip ? { ip: from.ip } : {}),
      ...(from.userAgent ? { userAgent: from.userAgent.slice(0, 300) } : {}),
    });
    return { token, expiresAt };
  }

  /** The signed-in admin, or null when the token is unknown, revoked or expired. */
  async check(token: string): Promise<SignedIn | null> {
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
    return {
      username: session.username,
      tokenHash,
      confirmedAt: session.confirmedAt ?? null,
    };
  }

  /** Did the admin confirm their password in this session within the last 15 minutes? */
  recentlyConfirmed(signedIn: SignedIn): boolean {
    const at = signedIn.confirmedAt;
    return at !== null && this.options.clock().getTime() - at.getTime() < CONFIRMATION_TTL_MS;
  }

  async confirm(signedIn: SignedIn): Promise<Date> {
    const now = this.options.clock();
    await this.store.sessions.confirm(signedIn.tokenHash, now);
    return now;
  }

  async end(token: string): Promise<void> {
    if (TOKEN_PATTERN.test(token)) await this.store.sessions.revoke(hashToken(token));
  }

  /** The admin's live sessions, newest first, the caller's own marked. */
  async list(signedIn: SignedIn): Promise<SessionSummary[]> {
    const now = this.options.clock();
    return (await this.store.sessions.listFor(signedIn.username))
      .filter((s) => now < s.expiresAt && now < s.idleExpiresAt)
      .map((s) => ({
        id: summaryId(s.tokenHash),
        createdAt: s.createdAt,
        lastSeenAt: s.lastSeenAt,
        expiresAt: s.expiresAt,
        ip: s.ip ?? null,
        userAgent: s.userAgent ?? null,
        current: s.tokenHash === signedIn.tokenHash,
      }));
  }

  /** Ends one of the admin's own sessions by its list id; false when there is none. */
  async endById(username: string, id: string): Promise<boolean> {
    const session = (await this.store.sessions.listFor(username)).find(
      (s) => summaryId(s.tokenHash) === id,
    );
    return session ? this.store.sessions.revoke(session.tokenHash) : false;
  }

  /**
   * After a password change: every other session of the admin ends, and this one is replaced by
   * a new session (a new token), so a cookie copied before the change no longer works. Answers
   * the new token and how many other sessions ended.
   */
  async renew(
    signedIn: SignedIn,
    from: { ip?: string; userAgent?: string } = {},
  ): Promise<{ token: string; expiresAt: Date; endedOthers: number }> {
    const endedOthers = await this.endAll(signedIn.username, signedIn);
    const fresh = await this.start(signedIn.username, from);
    await this.store.sessions.revoke(signedIn.tokenHash);
    return { ...fresh, endedOthers };
  }

  /** Ends every session of the admin, or every one but `keep`. */
  endAll(username: string, keep?: SignedIn): Promise<number> {
    return this.store.sessions.revokeAllFor(username, keep?.tokenHash);
  }

  removeExpired(): Promise<number> {
    return this.store.sessions.removeExpired(this.options.clock());
  }

  private idleEnd(now: Date, expiresAt: Date): Date {
    return new Date(Math.min(now.getTime() + this.options.idleTtlMs, expiresAt.getTime()));
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../auth/sessions';
import { sortableId } from '../lib/ids';
import type { SecurityEvent } from './actions';
import type { AuditDoc } from '../store/documents';
import type { Store } from '../store';
import { auditDetails } from './details';

const DAY_MS = 86_400_000;
/** The longest user-agent kept: enough to tell the browser and the device. */
const MAX_USER_AGENT = 200;
const MAX_TARGET = 300;

/** What one event records; the log adds the time, the expiry and the allow-listed details. */
interface AuditInput {
  action: SecurityEvent;
  outcome: AuditDoc['outcome'];
  username?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  target?: string | null;
  /** Any fields: only the allow-listed ones are kept (details.ts). */
  fields?: Record<string, unknown>;
}

/** The entry `input` makes at `at`, kept `retentionDays` (the store's TTL index removes it then). */
export function auditEntry(input: AuditInput, at: Date, retentionDays: number): AuditDoc {
  const details = auditDetails(input.fields ?? {});
  const userAgent = input.userAgent ? input.userAgent.slice(0, MAX_USER_AGENT) : null;
  return {
    _id: sortableId(at),
    at,
    username: input.username ?? null,
    ip: input.ip ?? null,
    userAgent,
    action: input.action,
    ...(input.target ? { target: input.target.slice(0, MAX_TARGET) } : {}),
    outcome: input.outcome,
    ...(details ? { details } : {}),
    expiresAt: new Date(at.getTime() + retentionDays * DAY_MS),
  };
}

/** The audit log (issue 39): entries in the store, each kept AUDIT_RETENTION_DAYS. */
export class AuditLog {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly retentionDays: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Stores the entry. A store that fails is logged, not thrown: the action itself already
   * happened, and its log line (security-log.ts) says so.
   */
  async record(input: AuditInput): Promise<AuditDoc | null> {
    const entry = auditEntry(input, this.clock(), this.retentionDays);
    try {
      await this.store.audit.add(entry);
      return entry;
    } catch (error) {
      this.log.error({ err: error, action: input.action }, 'audit: the entry could not be stored');
      return null;
    }
  }
}

import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { SecurityEvent } from '../audit/actions';
import type { AuditLog } from '../audit/audit-log';

export type SecurityOutcome = 'success' | 'failure' | 'locked' | 'refused';

type Source = FastifyBaseLogger | FastifyRequest;

// --- Issue 39: every security event is an audit log entry too ----------------------------------

/** The audit log of events logged through a logger rather than a request (the app's own). */
const auditOfLogger = new WeakMap<object, AuditLog>();
/** The audit writes a request started: the response waits for them (plugins/audit.ts). */
const pendingWrites = new WeakMap<FastifyRequest, Promise<unknown>[]>();

/** Events logged through `logger` (the app's, the publisher's) are written to `audit` too. */
export function auditThrough(logger: FastifyBaseLogger, audit: AuditLog) {
  auditOfLogger.set(logger, audit);
}

/** The audit writes the request started that may still be under way. */
export function auditWritesOf(request: FastifyRequest): Promise<unknown>[] {
  return pendingWrites.get(request) ?? [];
}

const isRequest = (source: Source): source is FastifyRequest =>
  'raw' in source && 'server' in source;

/** What an event was done to: a file, an inquiry, a litter, a person. */
const TARGET_KEYS = ['target', 'path', 'inquiry', 'litter', 'person'] as const;

function targetOf(fields: Record<string, unknown>): string | null {
  for (const key of TARGET_KEYS) {
    const value = fields[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

// --- end of issue 39 ----------------------------------------------------------------------------

/**
 * One log line per security event (what, who, from where, and how it ended), and one audit log
 * entry. Never a password, token or file content: the audit entry keeps only allow-listed
 * details (audit/details.ts), and the logger's redaction is a second net, not the first.
 */
export function securityEvent(
  log: Source,
  event: SecurityEvent,
  outcome: SecurityOutcome,
  fields: { username?: string | null; ip?: string; [key: string]: unknown } = {},
) {
  const logger = 'log' in log ? log.log : log;
  const ip = fields.ip ?? ('ip' in log ? log.ip : undefined);
  const level = outcome === 'success' ? 'info' : 'warn';
  logger[level](
    { security: event, outcome, ...fields, username: fields.username ?? null, ip: ip ?? null },
    `security: ${event} ${outcome}`,
  );

  const request = isRequest(log) ? log : null;
  const audit = request ? request.server.audit : auditOfLogger.get(log);
  if (!audit) return;
  const userAgent = request?.headers['user-agent'];
  const write = audit.record({
    action: event,
    outcome,
    username: fields.username ?? request?.admin?.username ?? null,
    ip: ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    target: targetOf(fields),
    fields,
  });
  if (request) pendingWrites.set(request, [...auditWritesOf(request), write]);
}

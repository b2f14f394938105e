import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

export type SecurityEvent =
  | 'login'
  | 'logout'
  | 'password-confirm'
  | 'password-change'
  | 'sessions-end'
  | 'file-save'
  | 'file-restore'
  | 'litter-save'
  | 'photo-upload'
  | 'publish'
  | 'inquiry-delete'
  | 'inquiry-export'
  | 'backup'
  | 'restore'
  // Sign-in factors: a passkey sign-in or a code's check is a 'login' (details.method says which).
  | 'login-second-step'
  | 'passkey-add'
  | 'passkey-rename'
  | 'passkey-remove'
  | 'totp-enable'
  | 'totp-disable'
  | 'recovery-code-use';

export type SecurityOutcome = 'success' | 'failure' | 'locked' | 'refused';

/**
 * One log line per security event: what, who, from where, and how it ended. Never a password,
 * token or file content; the logger's redaction is a second net, not the first.
 */
export function securityEvent(
  log: FastifyBaseLogger | FastifyRequest,
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
}

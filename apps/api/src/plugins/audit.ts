import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AuditLog } from '../audit/audit-log';
import { auditThrough, auditWritesOf } from '../lib/security-log';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who did what (issue 39): every securityEvent, and the owner's view of it. */
    audit: AuditLog;
  }
}

/**
 * The audit log: every security event of a request, or of the app's own logger (publishes,
 * backups), becomes an entry; a response waits until its request's entries are stored, so an
 * action the client saw succeed is in the log.
 */
export const auditPlugin = fp(
  async (app: FastifyInstance) => {
    const audit = new AuditLog(app.store, app.clock, app.env.AUDIT_RETENTION_DAYS, app.log);
    app.decorate('audit', audit);
    auditThrough(app.log, audit);
    app.addHook('onSend', async (request) => {
      const writes = auditWritesOf(request);
      if (writes.length > 0) await Promise.all(writes);
    });
  },
  { name: 'audit', dependencies: ['config', 'store'] },
);

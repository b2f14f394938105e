import {
  API_ROUTES,
  type AuditEntry,
  auditPageSchema,
  auditQuerySchema,
} from '@cedar/api-contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuditDoc } from '../store/documents';

const DAY_MS = 86_400_000;

const toEntry = (d: AuditDoc): AuditEntry => ({
  id: d._id,
  at: d.at.toISOString(),
  username: d.username,
  ip: d.ip,
  userAgent: d.userAgent,
  action: d.action,
  target: d.target ?? null,
  outcome: d.outcome,
  details: d.details ?? {},
});

/** GET /api/admin/audit: the owner's view of the audit log, filtered, newest first, by pages. */
export async function auditRoutes(app: FastifyInstance) {
  const { store } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    API_ROUTES.audit.path,
    {
      config: { role: 'owner' },
      schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { username, action, from, to, before, limit } = request.query;
      const page = await store.audit.page(
        {
          ...(username ? { username } : {}),
          ...(action ? { action } : {}),
          ...(from ? { from: new Date(`${from}T00:00:00Z`) } : {}),
          // The last day is included: up to the start of the next.
          ...(to ? { to: new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS) } : {}),
        },
        { ...(before ? { before } : {}), limit },
      );
      return {
        items: page.items.map(toEntry),
        next: page.more ? (page.items.at(-1)?._id ?? null) : null,
      };
    },
  );
}

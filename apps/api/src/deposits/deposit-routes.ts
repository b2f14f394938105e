import {
  API_ROUTES,
  depositAmountSchema,
  depositCheckoutSchema,
  depositOverviewSchema,
  depositRecordSchema,
  depositRefundSchema,
  depositSchema,
} from '@cedar/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readLitters } from '../litters/litters-file';
import { HttpError } from '../lib/http-errors';
import type { SecurityEvent } from '../audit/actions';
import { securityEvent } from '../lib/security-log';
import { startDepositCheckout } from './checkout';
import type { DepositChange } from './deposit-state';
import {
  DEFAULT_AMOUNT_KEY,
  changeDeposit,
  depositOf,
  depositOverview,
  listedEntry,
  litterAmountKey,
  notOnList,
} from './deposits';

const entryParams = z.strictObject({ entryId: z.string().regex(/^[a-z0-9]{1,40}$/) });

/**
 * The deposits (inside /api/admin, issue 40): every listed family's deposit and the amounts
 * (helpers read them: the dashboard shows them); the owner sets the amounts, opens a card payment
 * page, records a deposit paid another way, marks it refunded or takes it back.
 */
export async function depositRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { store, clock } = app;

  /** Changes a listed family's deposit (404 when they are on no list) and records who did it. */
  async function change(
    request: FastifyRequest,
    entryId: string,
    event: SecurityEvent,
    make: (by: string) => DepositChange,
  ) {
    const listed = listedEntry(await store.waitlists.get(), entryId);
    if (!listed) throw notOnList();
    const by = request.admin!.username;
    const { doc } = await changeDeposit(
      store,
      clock(),
      { entryId, inquiryId: listed.entry.inquiryId },
      make(by),
    );
    securityEvent(request, event, 'success', {
      username: by,
      target: listed.entry.inquiryId,
      entry: entryId,
      list: listed.listKey,
      amount: doc?.amountCents,
      state: doc?.state,
      method: doc?.method,
    });
    return depositOf(app, entryId);
  }

  routes.get(
    API_ROUTES.deposits.path,
    { config: { role: 'helper' }, schema: { response: { 200: depositOverviewSchema } } },
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(await depositOverview(app)),
  );

  routes.put(
    API_ROUTES.depositAmount.path,
    { config: { role: 'owner' }, schema: { body: depositAmountSchema } },
    async (request, reply) => {
      const { litterId, amountCents } = request.body;
      if (litterId !== null) {
        const { litters } = await readLitters(app.files);
        if (!litters.some((l) => l.id === litterId))
          throw new HttpError(404, 'unknown_litter', 'No such litter', { field: 'litterId' });
      }
      const by = request.admin!.username;
      await store.deposits.setAmount(
        litterId === null ? DEFAULT_AMOUNT_KEY : litterAmountKey(litterId),
        amountCents,
        clock(),
        by,
      );
      securityEvent(request, 'deposit-amount', 'success', {
        username: by,
        litter: litterId ?? 'default',
        amount: amountCents ?? 'default',
      });
      const overview = await depositOverview(app);
      return reply.send(overview.amounts);
    },
  );

  routes.post(
    API_ROUTES.depositCheckout.path,
    {
      config: { role: 'owner' },
      schema: { params: entryParams, response: { 201: depositCheckoutSchema } },
    },
    async (request, reply) => {
      const answer = await startDepositCheckout(app, request.params.entryId, 'owner', {
        by: request.admin!.username,
      });
      return reply.code(201).header('cache-control', 'no-store').send(answer);
    },
  );

  routes.post(
    API_ROUTES.recordDeposit.path,
    {
      config: { role: 'owner' },
      schema: { params: entryParams, body: depositRecordSchema, response: { 201: depositSchema } },
    },
    async (request, reply) => {
      const { amountCents, method, note } = request.body;
      const deposit = await change(request, request.params.entryId, 'deposit-record', (by) => ({
        kind: 'manual-paid',
        amountCents,
        method,
        note,
        by,
      }));
      return reply.code(201).send(deposit);
    },
  );

  routes.delete(
    API_ROUTES.undoDeposit.path,
    {
      config: { role: 'owner' },
      schema: { params: entryParams, response: { 200: depositSchema } },
    },
    async (request) =>
      change(request, request.params.entryId, 'deposit-undo', (by) => ({ kind: 'undo', by })),
  );

  routes.post(
    API_ROUTES.refundDeposit.path,
    {
      config: { role: 'owner' },
      schema: { params: entryParams, body: depositRefundSchema, response: { 200: depositSchema } },
    },
    async (request) =>
      change(request, request.params.entryId, 'deposit-refund', (by) => ({
        kind: 'manual-refund',
        note: request.body.note,
        by,
      })),
  );
}

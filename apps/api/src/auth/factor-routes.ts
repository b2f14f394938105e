import {
  addPasskeyRequestSchema,
  API_ROUTES,
  CONFIRMATION_REQUIRED,
  disableTotpRequestSchema,
  enableTotpRequestSchema,
  type Factors,
  factorsSchema,
  newRecoveryCodesRequestSchema,
  passkeySummarySchema,
  recoveryCodesSchema,
  renamePasskeyRequestSchema,
  totpSetupSchema,
  webauthnOptionsSchema,
} from '@cedar/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../lib/http-errors';
import { securityEvent } from '../lib/security-log';
import type { PasskeyDoc } from '../store/documents';
import {
  checkCode,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  totpEnrolment,
  totpStep,
} from './one-time-codes';
import { verifyPassword } from './password';
import type { SignedIn } from './sessions';

const signedIn = (request: FastifyRequest): SignedIn => {
  if (!request.admin) throw new HttpError(401, 'unauthorized', 'Please sign in to continue.');
  return request.admin;
};

const summary = (p: PasskeyDoc) => ({
  id: p._id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt ? p.lastUsedAt.toISOString() : null,
  synced: p.deviceType === 'multiDevice',
  backedUp: p.backedUp,
});

/** A credential id in a path: base64url, as the browser made it. */
const idParams = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{1,1400}$/) });

/**
 * The signed-in account's own passkeys and one-time codes (inside /api/admin, behind its session
 * check). Adding a passkey or turning codes on needs a password confirmed in the last 15 minutes
 * (signing in counts), so a session taken over later cannot plant a factor of its own.
 */
export async function factorRoutes(app: FastifyInstance) {
  const { env, store, sessions, limiter, passwordChecks, clock, passkeys } = app;
  const { devices, deviceCookieName } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const requireRecentPassword = (
    request: FastifyRequest,
    event: 'passkey-add' | 'totp-enable' | 'recovery-codes-new',
  ) => {
    const admin = signedIn(request);
    if (!sessions.recentlyConfirmed(admin)) {
      securityEvent(request, event, 'refused', { username: admin.username, reason: 'unconfirmed' });
      throw new HttpError(403, CONFIRMATION_REQUIRED, 'Please confirm your password first.');
    }
    return admin;
  };

  async function factorsOf(username: string): Promise<Factors> {
    const [keys, factors] = await Promise.all([
      store.passkeys.listFor(username),
      store.factors.get(username),
    ]);
    return {
      passkeys: keys.map(summary),
      totp: {
        enabled: Boolean(factors?.totp),
        recoveryCodesLeft: factors?.totp ? (factors.recoveryCodes?.length ?? 0) : 0,
      },
      required: env.REQUIRE_MFA,
    };
  }

  routes.get(
    API_ROUTES.factors.path,
    { config: { role: 'helper' }, schema: { response: { 200: factorsSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return factorsOf(signedIn(request).username);
    },
  );

  routes.post(
    API_ROUTES.passkeyRegistrationOptions.path,
    {
      config: { role: 'helper' },
      schema: { body: z.unknown(), response: { 200: webauthnOptionsSchema } },
    },
    async (request, reply) => {
      const admin = requireRecentPassword(request, 'passkey-add');
      reply.header('cache-control', 'no-store');
      return { options: { ...(await passkeys.registrationOptions(request, admin.username)) } };
    },
  );

  routes.post(
    API_ROUTES.addPasskey.path,
    {
      config: { role: 'helper' },
      schema: { body: addPasskeyRequestSchema, response: { 201: passkeySummarySchema } },
    },
    async (request, reply) => {
      const admin = requireRecentPassword(request, 'passkey-add');
      let passkey;
      try {
        passkey = await passkeys.register(
          request,
          admin.username,
          request.body.name,
          request.body.response as never,
        );
      } catch (error) {
        if (error instanceof HttpError)
          securityEvent(request, 'passkey-add', 'failure', {
            username: admin.username,
            reason: error.code,
          });
        throw error;
      }
      securityEvent(request, 'passkey-add', 'success', {
        username: admin.username,
        label: passkey.name,
        synced: passkey.deviceType === 'multiDevice',
      });
      return reply.code(201).send(summary(passkey));
    },
  );

  routes.patch(
    API_ROUTES.renamePasskey.path,
    {
      config: { role: 'helper' },
      schema: {
        params: idParams,
        body: renamePasskeyRequestSchema,
        response: { 200: passkeySummarySchema },
      },
    },
    async (request) => {
      const admin = signedIn(request);
      const { id } = request.params;
      if (!(await store.passkeys.rename(admin.username, id, request.body.name)))
        throw new HttpError(404, 'not_found', 'You have no such passkey.');
      securityEvent(request, 'passkey-rename', 'success', {
        username: admin.username,
        label: request.body.name,
      });
      return summary((await store.passkeys.find(id))!);
    },
  );

  routes.delete(
    API_ROUTES.removePasskey.path,
    { config: { role: 'helper' }, schema: { params: idParams } },
    async (request, reply) => {
      const admin = signedIn(request);
      const passkey = await store.passkeys.find(request.params.id);
      if (!passkey || passkey.username !== admin.username)
        throw new HttpError(404, 'not_found', 'You have no such passkey.');
      await store.passkeys.remove(admin.username, passkey._id);
      securityEvent(request, 'passkey-remove', 'success', {
        username: admin.username,
        label: passkey.name,
      });
      return reply.code(204).send();
    },
  );

  routes.post(
    API_ROUTES.totpSetup.path,
    {
      config: { role: 'helper' },
      schema: { body: z.unknown(), response: { 200: totpSetupSchema } },
    },
    async (request, reply) => {
      const admin = requireRecentPassword(request, 'totp-enable');
      if ((await store.factors.get(admin.username))?.totp)
        throw new HttpError(
          409,
          'totp_enabled',
          'One-time codes are on already. Turn them off first to set up a new authenticator app.',
        );
      const secret = newTotpSecret();
      await store.factors.offerTotp(admin.username, secret, clock());
      reply.header('cache-control', 'no-store');
      return totpEnrolment(secret, admin.username, new URL(env.PUBLIC_URL).hostname);
    },
  );

  routes.post(
    API_ROUTES.enableTotp.path,
    {
      config: { role: 'helper' },
      schema: { body: enableTotpRequestSchema, response: { 200: recoveryCodesSchema } },
    },
    async (request, reply) => {
      const admin = requireRecentPassword(request, 'totp-enable');
      const factors = await store.factors.get(admin.username);
      if (factors?.totp) throw new HttpError(409, 'totp_enabled', 'One-time codes are on already.');
      const pending = factors?.pendingTotp;
      if (!pending)
        throw new HttpError(
          409,
          'no_totp_setup',
          'Start the set-up again: there is no authenticator app waiting to be confirmed.',
        );
      const step = await totpStep(pending.secret, request.body.code, clock());
      if (step === null) {
        securityEvent(request, 'totp-enable', 'failure', { username: admin.username });
        throw new HttpError(
          422,
          'wrong_code',
          'That code is not right. Enter the code your authenticator app shows now.',
          { details: [{ path: 'code', message: 'That code is not right.' }] },
        );
      }
      const codes = newRecoveryCodes();
      const enabled = await store.factors.enableTotp(
        admin.username,
        pending.secret,
        step,
        codes.map((c) => recoveryCodeHash(admin.username, c)),
        clock(),
      );
      if (!enabled)
        throw new HttpError(
          409,
          'no_totp_setup',
          'Start the set-up again: another set-up replaced this one.',
        );
      securityEvent(request, 'totp-enable', 'success', { username: admin.username });
      reply.header('cache-control', 'no-store');
      // Shown once: only their hashes are kept.
      return { recoveryCodes: codes };
    },
  );

  routes.post(
    API_ROUTES.newRecoveryCodes.path,
    {
      config: { role: 'helper' },
      schema: { body: newRecoveryCodesRequestSchema, response: { 200: recoveryCodesSchema } },
    },
    async (request, reply) => {
      // As for adding a factor: a session cookie taken later cannot swap the codes for its own.
      const admin = requireRecentPassword(request, 'recovery-codes-new');
      const codes = newRecoveryCodes();
      const replaced = await store.factors.replaceRecoveryCodes(
        admin.username,
        codes.map((c) => recoveryCodeHash(admin.username, c)),
      );
      if (!replaced)
        throw new HttpError(
          409,
          'totp_disabled',
          'One-time codes are not turned on: recovery codes come with them.',
        );
      securityEvent(request, 'recovery-codes-new', 'success', { username: admin.username });
      reply.header('cache-control', 'no-store');
      // Shown once: only their hashes are kept, and the old ten no longer sign in.
      return { recoveryCodes: codes };
    },
  );

  routes.post(
    API_ROUTES.disableTotp.path,
    { config: { role: 'helper' }, schema: { body: disableTotpRequestSchema } },
    async (request, reply) => {
      const admin = signedIn(request);
      if (!(await store.factors.get(admin.username))?.totp)
        throw new HttpError(409, 'totp_disabled', 'One-time codes are not turned on.');
      // The password or a code, under the same limits as a login's.
      const device = devices.verify(request.cookies[deviceCookieName], admin.username);
      let attempt;
      try {
        attempt = await limiter.admit(request.ip, admin.username, device);
      } catch (error) {
        securityEvent(request, 'totp-disable', 'locked', { username: admin.username });
        throw error;
      }
      const body = request.body;
      let valid: boolean;
      if ('password' in body) {
        const record = await store.admins.find(admin.username);
        valid = await passwordChecks
          .run(async () => (record ? verifyPassword(body.password, record.passwordHash) : false))
          .catch(async (error: unknown) => {
            await attempt.withdraw();
            throw error;
          });
      } else {
        const result = await checkCode(store, admin.username, body.code, clock());
        valid = result === 'totp' || result === 'recovery-code';
      }
      if (!valid) {
        securityEvent(request, 'totp-disable', 'failure', { username: admin.username });
        throw new HttpError(
          403,
          'password' in body ? 'wrong_password' : 'wrong_code',
          'password' in body
            ? 'That is not your current password.'
            : 'That code is not right, or was used already.',
        );
      }
      await attempt.succeeded();
      await store.factors.disableTotp(admin.username);
      securityEvent(request, 'totp-disable', 'success', { username: admin.username });
      return reply.code(204).send();
    },
  );
}

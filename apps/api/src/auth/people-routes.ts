import { randomBytes } from 'node:crypto';
import {
  adminUserSchema,
  API_ROUTES,
  invitationParamsSchema,
  type InvitationSummary,
  inviteRequestSchema,
  inviteResponseSchema,
  peopleSchema,
  type Person,
  personParamsSchema,
} from '@cedar/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/http-errors';
import { securityEvent } from '../lib/security-log';
import type { AdminRecord, InvitationDoc } from '../store/documents';
import { INVITATION_ID_LENGTH } from '../store/operations';
import { DuplicateError } from '../store';
import { hashToken } from './sessions';

/** How long an invitation link works. */
const INVITATION_TTL_MS = 48 * 3_600_000;

const signedIn = (request: FastifyRequest) => {
  if (!request.admin) throw new HttpError(401, 'unauthorized', 'Please sign in to continue.');
  return request.admin;
};

const toPerson = (admin: AdminRecord, you: string): Person => ({
  username: admin.username,
  role: admin.role ?? 'owner',
  status: admin.status ?? 'active',
  email: admin.email ?? null,
  createdAt: admin.createdAt.toISOString(),
  lastSignInAt: admin.lastSignInAt?.toISOString() ?? null,
  you: admin.username === you,
});

const toSummary = (invitation: InvitationDoc): InvitationSummary => ({
  id: invitation._id.slice(0, INVITATION_ID_LENGTH),
  username: invitation.username,
  email: invitation.email ?? null,
  createdAt: invitation.createdAt.toISOString(),
  expiresAt: invitation.expiresAt.toISOString(),
  createdBy: invitation.createdBy,
});

const noSuchPerson = () => new HttpError(404, 'not_found', 'There is no such person.');

/**
 * /api/admin/me and /api/admin/people/* (issue 39): who is signed in, and the owner's management
 * of the people of the admin area: invitations of helpers, suspending, resuming and removing.
 */
export async function peopleRoutes(app: FastifyInstance) {
  const { env, store, sessions, clock } = app;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** Refuses a change that would leave no active owner. */
  async function keepAnOwner(target: AdminRecord, action: 'suspend' | 'remove') {
    if ((target.role ?? 'owner') !== 'owner') return;
    const owners = (await store.admins.list()).filter(
      (a) => (a.role ?? 'owner') === 'owner' && (a.status ?? 'active') === 'active',
    );
    if (owners.every((o) => o.username === target.username))
      throw new HttpError(
        409,
        'last_owner',
        `The site needs an owner: the last owner cannot ${action === 'suspend' ? 'be suspended' : 'be removed'}.`,
      );
  }

  /**
   * The link by e-mail, sent once now (never queued: the outbox keeps its mail in the store and
   * so in backups, and the token must not be there). A failure is the owner's to see: they copy
   * the link instead.
   */
  async function sendInvitation(
    request: FastifyRequest,
    email: string,
    username: string,
    owner: string,
    link: string,
  ): Promise<boolean> {
    if (!app.sendNow) return false;
    const host = new URL(env.PUBLIC_URL).hostname || 'localhost';
    try {
      await app.sendNow({
        to: [email],
        subject: `You are invited to the ${host} admin`,
        text: [
          `${owner} has invited you to help with the admin area of ${env.PUBLIC_URL}, as ${username}.`,
          '',
          'Open this link to choose your password (it works once, for 48 hours):',
          link,
          '',
          'If you did not expect this, ignore this e-mail.',
          '',
        ].join('\n'),
        messageId: `<invitation-${randomBytes(8).toString('hex')}@${host}>`,
      });
      return true;
    } catch (error) {
      request.log.warn({ err: error }, 'the invitation e-mail could not be sent');
      return false;
    }
  }

  async function person(username: string) {
    const found = await store.admins.find(username);
    if (!found) throw noSuchPerson();
    return found;
  }

  routes.get(
    API_ROUTES.me.path,
    { config: { role: 'helper' }, schema: { response: { 200: adminUserSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const admin = signedIn(request);
      return { username: admin.username, role: admin.role };
    },
  );

  routes.get(
    API_ROUTES.people.path,
    { config: { role: 'owner' }, schema: { response: { 200: peopleSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const you = signedIn(request).username;
      const [people, invitations] = await Promise.all([
        store.admins.list(),
        store.invitations.list(clock()),
      ]);
      return {
        people: people.map((p) => toPerson(p, you)),
        invitations: invitations.map(toSummary),
      };
    },
  );

  routes.post(
    API_ROUTES.invite.path,
    {
      config: { role: 'owner' },
      schema: { body: inviteRequestSchema, response: { 201: inviteResponseSchema } },
    },
    async (request, reply) => {
      const owner = signedIn(request).username;
      const { username, email } = request.body;
      const now = clock();
      const taken =
        (await store.admins.find(username)) !== null ||
        (await store.invitations.list(now)).some((i) => i.username === username);
      if (taken)
        throw new HttpError(
          409,
          'username_taken',
          'That username is taken by a person or a pending invitation. Choose another.',
          { field: 'username' },
        );
      // 256 bits from the system's random source; only its sha256 is stored.
      const token = randomBytes(32).toString('base64url');
      const invitation: InvitationDoc = {
        _id: hashToken(token),
        username,
        role: 'helper',
        createdAt: now,
        createdBy: owner,
        expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
        ...(email ? { email } : {}),
      };
      try {
        await store.invitations.create(invitation);
      } catch (error) {
        if (error instanceof DuplicateError)
          throw new HttpError(409, 'conflict', 'Please try again.');
        throw error;
      }
      securityEvent(request, 'invitation-create', 'success', {
        username: owner,
        target: username,
        role: 'helper',
        ...(email ? { email } : {}),
      });
      reply.header('cache-control', 'no-store');
      // A fragment: browsers never send it, so the token stays out of every server's logs.
      const link = new URL(`/admin/invite#${token}`, env.PUBLIC_URL).toString();
      const emailed = email ? await sendInvitation(request, email, username, owner, link) : false;
      return reply.code(201).send({ invitation: toSummary(invitation), link, emailed });
    },
  );

  routes.delete(
    API_ROUTES.revokeInvitation.path,
    { config: { role: 'owner' }, schema: { params: invitationParamsSchema } },
    async (request, reply) => {
      if (!(await store.invitations.revoke(request.params.id)))
        throw new HttpError(
          404,
          'not_found',
          'There is no such invitation: it may have been used or expired.',
        );
      securityEvent(request, 'invitation-revoke', 'success', {
        username: signedIn(request).username,
        target: request.params.id,
      });
      return reply.code(204).send();
    },
  );

  routes.post(
    API_ROUTES.suspendPerson.path,
    {
      config: { role: 'owner' },
      schema: { params: personParamsSchema, response: { 200: peopleSchema.shape.people.element } },
    },
    async (request) => {
      const you = signedIn(request).username;
      const target = await person(request.params.username);
      await keepAnOwner(target, 'suspend');
      await store.admins.setStatus(target.username, 'suspended', clock());
      // Signed out at once, everywhere.
      const ended = await sessions.endAll(target.username);
      securityEvent(request, 'person-suspend', 'success', {
        username: you,
        target: target.username,
        endedSessions: ended,
      });
      return toPerson({ ...target, status: 'suspended' }, you);
    },
  );

  routes.post(
    API_ROUTES.resumePerson.path,
    {
      config: { role: 'owner' },
      schema: { params: personParamsSchema, response: { 200: peopleSchema.shape.people.element } },
    },
    async (request) => {
      const you = signedIn(request).username;
      const target = await person(request.params.username);
      await store.admins.setStatus(target.username, 'active', clock());
      securityEvent(request, 'person-resume', 'success', {
        username: you,
        target: target.username,
      });
      return toPerson({ ...target, status: 'active' }, you);
    },
  );

  routes.delete(
    API_ROUTES.removePerson.path,
    { config: { role: 'owner' }, schema: { params: personParamsSchema } },
    async (request, reply) => {
      const you = signedIn(request).username;
      const target = await person(request.params.username);
      await keepAnOwner(target, 'remove');
      await store.admins.remove(target.username);
      // Their ways to sign in go with them: no passkey or code of theirs outlives the account.
      await store.factors.disableTotp(target.username);
      for (const passkey of await store.passkeys.listFor(target.username))
        await store.passkeys.remove(target.username, passkey._id);
      const ended = await sessions.endAll(target.username);
      securityEvent(request, 'person-remove', 'success', {
        username: you,
        target: target.username,
        endedSessions: ended,
      });
      if (target.username === you) reply.clearCookie(app.cookieName, { path: '/' });
      return reply.code(204).send();
    },
  );
}

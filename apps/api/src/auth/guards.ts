import { SESSION_COOKIE, SESSION_COOKIE_PRODUCTION } from '@cedar/api-contract';
import type {
  FastifyRequest,
  onRequestAsyncHookHandler,
  onRouteHookHandler,
  RouteOptions,
} from 'fastify';
import type { Env } from '../env';
import { HttpError } from '../lib/http-errors';
import { isLoopbackHost } from '../lib/net';
import { securityEvent } from '../lib/security-log';
import type { AdminRole } from '../store/documents';
import type { Store } from '../store';
import type { SessionService, SignedIn } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin and their session, set by requireAdmin. */
    admin: (SignedIn & { role: AdminRole }) | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call an admin route (issue 39): `owner` only, or `helper` (a helper and the owner).
     * Every admin route declares it; one without cannot be registered (declaresRole).
     */
    role?: AdminRole;
  }
}

export const sessionCookieName = (env: Pick<Env, 'NODE_ENV'>) =>
  env.NODE_ENV === 'production' ? SESSION_COOKIE_PRODUCTION : SESSION_COOKIE;

/**
 * The session token a request carries: the httpOnly cookie, and nothing else. The token that the
 * login answer also carries (the page keeps it as the spec's `admin-token` marker) is never
 * accepted as a Bearer credential, so a script on the page cannot replay it.
 */
export function tokenOf(request: FastifyRequest, cookieName: string): string | undefined {
  return request.cookies[cookieName] || undefined;
}

/**
 * onRequest: before the body is even read, a request without a live session of an active account
 * gets 401; then the route's declared role is checked (issue 39), so a helper's call to an owner
 * route gets 403. A session of an account that was removed or suspended ends here.
 */
export function requireAdmin(
  sessions: SessionService,
  cookieName: string,
  store: Store,
): onRequestAsyncHookHandler {
  return async (request) => {
    const token = tokenOf(request, cookieName);
    const session = token ? await sessions.check(token) : null;
    const account = session ? await store.admins.find(session.username) : null;
    if (!session || !account || account.status === 'suspended') {
      if (session) await store.sessions.revoke(session.tokenHash);
      throw new HttpError(401, 'unauthorized', 'Please sign in to continue.');
    }
    request.admin = { ...session, role: account.role ?? 'owner' };
    const needed = request.routeOptions.config.role;
    if (needed === 'helper' || (needed === 'owner' && request.admin.role === 'owner')) return;
    // No declaration reaches here only by a mistake of ours: refused, never let through.
    securityEvent(request, 'role-refused', 'refused', {
      username: session.username,
      role: request.admin.role,
      target: `${request.method} ${request.routeOptions.url ?? ''}`,
    });
    throw new HttpError(403, 'owner_only', OWNER_ONLY);
  };
}

/** The sentence a helper gets for an owner's route (the admin screens say the same). */
export const OWNER_ONLY = 'This part of the admin is for the owner.';

/**
 * onRoute, in the admin scope: a route that does not declare who may call it (config.role) stops
 * the app at start-up, so no admin route can exist without its role.
 */
export const declaresRole: onRouteHookHandler = (route: RouteOptions) => {
  const role = (route.config as { role?: unknown } | undefined)?.role;
  if (role !== 'owner' && role !== 'helper')
    throw new Error(
      `The admin route ${String(route.method)} ${route.url} declares no role: add config: { role: 'owner' } or { role: 'helper' }.`,
    );
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `host[:port]` as URL parsing normalises it (default ports dropped, lower case), or null. */
function normalHost(protocol: string, host: string | undefined): string | null {
  if (!host) return null;
  try {
    const url = new URL(`${protocol}//${host}`);
    return url.pathname === '/' && !url.username && !url.search ? url.host : null;
  } catch {
    return null;
  }
}

/**
 * Auth and admin calls are answered only for our own site:
 * - `Host` must be PUBLIC_URL's host, or on a loopback-only start a loopback name (so a page
 *   served under another name that resolves to this server, DNS rebinding, is turned away);
 * - a call that changes state must carry `Origin`, equal to PUBLIC_URL's origin or, on a
 *   loopback-only start, to the loopback origin the request was sent to.
 * Any other pair gets 403.
 */
export function ownSiteOnly(
  env: Pick<Env, 'PUBLIC_URL' | 'LOOPBACK_ONLY'>,
): onRequestAsyncHookHandler {
  const publicUrl = new URL(env.PUBLIC_URL);
  const refuse = (message: string) => new HttpError(403, 'forbidden', message);
  return async (request) => {
    const host = normalHost(publicUrl.protocol, request.headers.host);
    const hostName = host === null ? null : new URL(`${publicUrl.protocol}//${host}`).hostname;
    const ownHost =
      host !== null &&
      (host === publicUrl.host || (env.LOOPBACK_ONLY && isLoopbackHost(hostName ?? '')));
    if (!ownHost) throw refuse('This address does not serve the admin area.');
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const ownOrigin =
      origin === publicUrl.origin ||
      (env.LOOPBACK_ONLY && origin !== undefined && origin === `${publicUrl.protocol}//${host}`);
    if (!ownOrigin) throw refuse('Requests from other sites are not accepted.');
  };
}

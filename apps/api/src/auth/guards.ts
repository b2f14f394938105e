import { SESSION_COOKIE, SESSION_COOKIE_PRODUCTION } from '@cedar/api-contract';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Env } from '../env';
import { HttpError } from '../lib/http-errors';
import type { SessionService } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin, set by requireAdmin. */
    admin: { username: string } | null;
  }
}

export const sessionCookieName = (env: Pick<Env, 'NODE_ENV'>) =>
  env.NODE_ENV === 'production' ? SESSION_COOKIE_PRODUCTION : SESSION_COOKIE;

/** The session token a request carries: `Authorization: Bearer <token>` first, else the cookie. */
export function tokenOf(request: FastifyRequest, cookieName: string): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    return match?.[1];
  }
  return request.cookies[cookieName] || undefined;
}

/** onRequest: before the body is even read, a request without a live session gets 401. */
export function requireAdmin(sessions: SessionService, cookieName: string): onRequestHookHandler {
  return async (request) => {
    const token = tokenOf(request, cookieName);
    const admin = token ? await sessions.check(token) : null;
    if (!admin) throw new HttpError(401, 'unauthorized', 'Please sign in to continue.');
    request.admin = admin;
  };
}

function sameHost(origin: string, hostHeader: string | undefined): boolean {
  try {
    const from = new URL(origin);
    // Parsed the same way, so 'localhost:80' and 'http://localhost' compare equal.
    return (
      hostHeader !== undefined && from.host === new URL(`${from.protocol}//${hostHeader}`).host
    );
  } catch {
    return false; // 'null' and other opaque origins are foreign
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing calls from a page of another site are refused. Browsers send Origin on such
 * requests; tools and the same origin either omit it or send ours.
 */
export function sameOriginOnly(publicUrl: string): onRequestHookHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return async (request) => {
    const origin = request.headers.origin;
    if (SAFE_METHODS.has(request.method) || origin === undefined) return;
    if (origin === publicOrigin || sameHost(origin, request.headers.host)) return;
    throw new HttpError(403, 'forbidden', 'Requests from other sites are not accepted.');
  };
}

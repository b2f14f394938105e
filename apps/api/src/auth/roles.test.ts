import { API_ROUTES } from '@cedar/api-contract';
import Fastify, { type RouteOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { build, logIn, type LoggedIn, type TestApp } from '../test/build';
import { addHelper, HELPER } from '../test/people';
import { declaresRole, OWNER_ONLY } from './guards';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Fills each `:param` of a route's URL with a value of the right shape. */
const PARAMS: Record<string, string> = {
  path: encodeURIComponent('apps/web/src/sections/hero-section.tsx'),
  id: '0123456789abcdef',
  key: 'general',
  username: 'nobody-here',
};
const concrete = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => PARAMS[name] ?? 'x');

/** The routes a signed-in admin calls: everything under /api/admin, and the old inquiry list. */
const isAdminRoute = (url: string) =>
  url.startsWith('/api/admin') || url === API_ROUTES.inquiries.path;

/** Sign-outs last: they end the session the other calls use. */
const endsSession = (url: string) => url === API_ROUTES.endAllSessions.path;

describe('every admin route declares its role, and the server holds to it', () => {
  it('calls every admin route of the route table as a helper (403 on owner routes only) and as the owner (never 403 for the role)', async () => {
    const routes: RouteOptions[] = [];
    t = await build({ onRoute: (route) => routes.push(route) });
    await addHelper(t);
    const admin = routes
      .filter((r) => isAdminRoute(r.url))
      .flatMap((r) =>
        ([] as string[]).concat(r.method).map((method) => ({
          method,
          url: r.url,
          role: r.config?.role,
        })),
      )
      .sort((a, b) => Number(endsSession(a.url)) - Number(endsSession(b.url)));
    // The table holds what the contract names (the walk is over the real routes, not a list).
    expect(admin.length).toBeGreaterThanOrEqual(
      Object.values(API_ROUTES).filter((r) => isAdminRoute(r.path)).length,
    );
    for (const route of admin)
      expect([route.url, route.role]).toEqual([
        route.url,
        expect.stringMatching(/^(owner|helper)$/),
      ]);

    const call = (who: LoggedIn, route: { method: string; url: string }) =>
      t!.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { ...who.headers, 'content-type': 'application/json' },
        ...(['GET', 'HEAD', 'DELETE'].includes(route.method) ? {} : { payload: '{}' }),
      });

    const helper = await logIn(t.app, HELPER);
    const owner = await logIn(t.app);
    const seen: string[] = [];
    for (const route of admin) {
      const asHelper = await call(helper, route);
      const asOwner = await call(owner, route);
      const label = `${route.method} ${route.url}`;
      seen.push(label);
      if (route.role === 'owner') {
        expect([label, asHelper.statusCode]).toEqual([label, 403]);
        if (route.method !== 'HEAD')
          expect(asHelper.json()).toEqual({ error: 'owner_only', message: OWNER_ONLY });
      } else {
        expect([label, asHelper.statusCode]).not.toEqual([label, 401]);
        if (asHelper.statusCode === 403)
          expect([label, asHelper.json().error]).not.toEqual([label, 'owner_only']);
      }
      expect([label, asOwner.statusCode]).not.toEqual([label, 401]);
      if (asOwner.statusCode === 403 && route.method !== 'HEAD')
        expect([label, asOwner.json().error]).not.toEqual([label, 'owner_only']);
    }
    // The owner-only parts the issue names are among them.
    for (const name of [
      'saveFile',
      'restoreRevision',
      'addLitter',
      'uploadLitterPhoto',
      'deleteInquiry',
      'inquiryExport',
      'people',
      'invite',
      'audit',
    ] as const) {
      const { method, path } = API_ROUTES[name];
      expect(admin.find((r) => r.method === method && r.url === path)?.role).toBe('owner');
    }
    for (const name of [
      'inquiryPage',
      'updateInquiry',
      'waitlist',
      'sendAnnouncement',
      'changePassword',
      'sessions',
    ] as const) {
      const { method, path } = API_ROUTES[name];
      expect(admin.find((r) => r.method === method && r.url === path)?.role).toBe('helper');
    }
    expect(seen.length).toBe(admin.length);
  });

  it('stops the start-up when a route in the admin scope declares no role', async () => {
    const app = Fastify();
    await expect(
      app.register(async (scope) => {
        scope.addHook('onRoute', declaresRole);
        scope.get('/api/admin/forgotten', async () => 'open');
      }),
    ).rejects.toThrow(/GET \/api\/admin\/forgotten declares no role/);
    await app.close().catch(() => undefined);
  });

  it('answers a helper the owner-only sentence, and records the refusal in the audit log', async () => {
    t = await build();
    await addHelper(t);
    const helper = await logIn(t.app, HELPER);
    const res = await t.app.inject({
      method: 'GET',
      url: API_ROUTES.litters.path.replace('litters', 'people'),
      headers: helper.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'owner_only',
      message: 'This part of the admin is for the owner.',
    });
    const { items } = await t.services.store.audit.page({ action: 'role-refused' }, { limit: 10 });
    expect(items).toMatchObject([
      { username: 'helper', outcome: 'refused', target: 'GET /api/admin/people' },
    ]);
  });

  it('signs a helper in with their role, and the owner with theirs', async () => {
    t = await build();
    await addHelper(t);
    const origin = t.env.PUBLIC_URL;
    const login = (credentials: { username: string; password: string }) =>
      t!.app.inject({
        method: 'POST',
        url: API_ROUTES.login.path,
        payload: credentials,
        headers: { origin },
      });
    expect((await login(HELPER)).json().user).toEqual({ username: 'helper', role: 'helper' });
    const owner = await logIn(t.app);
    const me = await t.app.inject({
      method: 'GET',
      url: API_ROUTES.me.path,
      headers: owner.headers,
    });
    expect(me.json()).toEqual({ username: 'owner', role: 'owner' });
  });
});

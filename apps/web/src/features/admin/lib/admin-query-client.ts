import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createAdminQueryClient } from './query-client';
import { clearSession, readSession } from './session';

/**
 * The admin area's one query client, shared by the route loaders and the screens: a loader can
 * start a screen's requests before the screen's code has rendered (the dashboard's clientLoader),
 * and the screen finds them under way in the same cache. It lives while the admin layout is
 * mounted; leaving the admin area forgets it, so coming back reads everything afresh.
 */
let shared: QueryClient | null = null;
/** Where a lost session sends the admin: set by the mounted layout (its router's navigate). */
let toLogin: (() => void) | null = null;

/**
 * The clients whose session a 401 forgot before the layout holding them could navigate (its
 * effect not run yet): that layout goes to the login page as soon as it is mounted. The screens'
 * gates read the stored session as they first render (decision 042), so one that rendered just
 * before such a 401 would otherwise keep its screen, with nothing left to send it to the login
 * page.
 */
const goneBeforeMount = new WeakSet<QueryClient>();

/**
 * A 401 means the session is gone: the first one of a session forgets it here (storage and cache)
 * and goes to the login page. Clearing the cache makes a screen that is still mounted (navigation
 * is a transition) fetch again and get another 401: the guard keeps that from looping. Before the
 * layout is mounted (a loader's request, or an answer between the first commit and the layout's
 * effect) there is nowhere to navigate yet: the layout goes there once it is mounted.
 */
function sessionGone(client: QueryClient): void {
  if (readSession() === null) return;
  clearSession();
  client.clear();
  if (toLogin) toLogin();
  else goneBeforeMount.add(client);
}

/** The client of the admin area, made on first use (a loader's, or the layout's). */
export function adminQueryClient(): QueryClient {
  shared ??= createAdminQueryClient(sessionGone);
  return shared;
}

/** The admin layout's hold on the shared client: it lives while the layout is mounted. */
export function useAdminQueryClient(goToLogin: () => void): QueryClient {
  const [client] = useState(adminQueryClient);
  useEffect(() => {
    shared = client;
    toLogin = goToLogin;
    if (goneBeforeMount.delete(client)) goToLogin();
    return () => {
      if (shared === client) shared = null;
      toLogin = null;
    };
  }, [client, goToLogin]);
  return client;
}

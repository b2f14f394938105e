import { site } from '@cedar/content';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { createAdminQueryClient } from './lib/query-client';
import { clearSession, readSession } from './lib/session';
import { ToastRegion } from './toast-region';
import type { Route } from './+types/admin-layout';

// The admin area's routes: client-only, never prerendered nor indexed.
export const meta: Route.MetaFunction = () => [
  { title: `Admin | ${site.brandName}` },
  { name: 'robots', content: 'noindex' },
];

/**
 * The layout route of /admin/*: one query client and one toast region for every admin screen, so
 * public pages never load either. A 401 anywhere means the session is gone.
 */
export function AdminLayout() {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  const [client] = useState(() =>
    createAdminQueryClient((queryClient) => {
      // Only the first 401 of a session acts. Clearing the cache makes a screen that is still
      // mounted (navigation is a transition) fetch again and get another 401: without this guard
      // that was a loop of requests until the screen unmounted.
      if (readSession() === null) return;
      clearSession();
      queryClient.clear();
      void navigateRef.current('/admin/login', { replace: true });
    }),
  );
  return (
    <>
      <QueryClientProvider client={client}>
        <Outlet />
        <ToastRegion />
      </QueryClientProvider>
    </>
  );
}

export default AdminLayout;

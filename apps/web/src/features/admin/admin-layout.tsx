import { site } from '@cedar/content';
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useAdminQueryClient } from './lib/admin-query-client';
import { useAdminScroll } from './lib/use-admin-scroll';
import { ToastRegion } from './toast-region';
import type { Route } from './+types/admin-layout';

// The admin area's routes: client-only, never prerendered nor indexed.
export const meta: Route.MetaFunction = () => [
  { title: `Admin | ${site.brandName}` },
  { name: 'robots', content: 'noindex' },
];

/**
 * The layout route of /admin/*: one query client (lib/admin-query-client.ts, shared with the
 * screens' loaders) and one toast region for every admin screen, so public pages never load
 * either. A 401 anywhere means the session is gone. It keeps the admin's scroll
 * (lib/use-admin-scroll.ts).
 */
export function AdminLayout() {
  useAdminScroll();
  const navigate = useNavigate();
  const client = useAdminQueryClient(
    useCallback(() => void navigate('/admin/login', { replace: true }), [navigate]),
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

import '@mantine/notifications/styles.css';
import { TOAST_SETTINGS } from '@cedar/content';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import classes from './admin-providers.module.css';
import { createAdminQueryClient, isUnauthorized } from './lib/query-client';
import { clearSession, readSession } from './lib/session';

export const NOTIFICATIONS_LABEL = `Notifications (${TOAST_SETTINGS.hotkey})`;

/** ARCHITECTURE §4: a 401 on any admin call means the session is gone: forget it and sign in again. */
function useUnauthorizedRedirect(client: QueryClient) {
  const navigate = useNavigate();
  useEffect(() => {
    const signOut = () => {
      // Only the first 401 of a session acts. Clearing the cache makes a screen that is still
      // mounted (navigation is a transition) fetch again and get another 401: without this guard
      // that was a loop of requests until the screen unmounted.
      if (readSession() === null) return;
      clearSession();
      client.clear();
      void navigate('/admin/login', { replace: true });
    };
    const unsubscribeQueries = client.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        isUnauthorized(event.action.error)
      )
        signOut();
    });
    const unsubscribeMutations = client.getMutationCache().subscribe((event) => {
      if (
        event.type !== 'updated' ||
        event.action.type !== 'error' ||
        !isUnauthorized(event.action.error)
      )
        return;
      if (event.mutation.options.meta?.redirectOn401 === false) return;
      signOut();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [client, navigate]);
}

function ToastRegion() {
  const regionRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_SETTINGS.hotkey) return;
      event.preventDefault();
      regionRef.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <div
      ref={regionRef}
      role="region"
      aria-label={NOTIFICATIONS_LABEL}
      tabIndex={-1}
      className={classes.region}
    >
      <Notifications
        position="top-right"
        limit={TOAST_SETTINGS.limit}
        autoClose={TOAST_SETTINGS.durationMs}
        containerWidth={TOAST_SETTINGS.maxWidthPx}
        withinPortal={false}
        classNames={{ root: classes.root }}
      />
    </div>
  );
}

/** The admin area's own providers, so public pages never load the query client or the toasts. */
export function AdminProviders({
  children,
  client,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  const [queryClient] = useState(() => client ?? createAdminQueryClient());
  useUnauthorizedRedirect(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastRegion />
    </QueryClientProvider>
  );
}

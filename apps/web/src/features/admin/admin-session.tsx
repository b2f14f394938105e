import { Container, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { logout } from './api/logout';
import { clearSession, readSession, type StoredSession } from './lib/session';
import { showSuccess } from './lib/toasts';

type AdminSessionState = { status: 'absent' } | { status: 'present'; session: StoredSession };

/**
 * The admin gate: reads the stored token and user as it first renders (the admin area is
 * client-only: its screens render in the browser alone, never in the prerender, so storage is
 * there), so the screen is drawn in the shell's commit and not one after it; Back to a screen
 * finds it drawn where its scroll is restored. Without them it silently replaces the page with
 * /admin/login.
 */
function useAdminSession(): AdminSessionState {
  const navigate = useNavigate();
  const [state] = useState<AdminSessionState>(() => {
    const session = readSession();
    return session ? { status: 'present', session } : { status: 'absent' };
  });
  useEffect(() => {
    if (state.status === 'absent') void navigate('/admin/login', { replace: true });
  }, [state.status, navigate]);
  return state;
}

/** Renders its screen only for a stored session; the screen's queries therefore never run without one. */
export function AdminGate({ children }: { children: (session: StoredSession) => ReactNode }) {
  const state = useAdminSession();
  if (state.status === 'absent') {
    return (
      <Container py="xl">
        <Text>Redirecting to login...</Text>
      </Container>
    );
  }
  return children(state.session);
}

/** Forgets the session in this browser (storage and cache), says so, and goes to the login page. */
export function useSignedOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (title: string, message: string) => {
    clearSession();
    queryClient.clear();
    showSuccess(title, message);
    void navigate('/admin/login');
  };
}

/** Logout (the dashboard's button and the shell's): ends the server session, then signs out here. */
export function useLogout() {
  const signedOut = useSignedOut();
  return async () => {
    await logout();
    signedOut('Logged out', 'You have been logged out successfully.');
  };
}

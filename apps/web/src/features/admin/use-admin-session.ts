import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { readSession, type StoredSession } from './lib/session';

export type AdminSessionState =
  { status: 'checking' } | { status: 'absent' } | { status: 'present'; session: StoredSession };

/**
 * The admin gate (spec §5): reads the stored token and user after mount (never during render, so the
 * shell stays SSR-safe) and, without them, silently replaces the page with /admin/login.
 */
export function useAdminSession(): AdminSessionState {
  const navigate = useNavigate();
  const [state, setState] = useState<AdminSessionState>({ status: 'checking' });
  useEffect(() => {
    const session = readSession();
    if (session) {
      setState({ status: 'present', session });
    } else {
      setState({ status: 'absent' });
      void navigate('/admin/login', { replace: true });
    }
  }, [navigate]);
  return state;
}

import { API_ROUTES } from '@cedar/api-contract';

/** Revokes the server session; a failure changes nothing for the user, who is signed out locally anyway. */
export async function logout(): Promise<void> {
  try {
    await fetch(API_ROUTES.logout.path, {
      method: API_ROUTES.logout.method,
      credentials: 'include',
    });
  } catch {
    // Ignored on purpose (see above).
  }
}

import {
  API_ROUTES,
  errorResponseSchema,
  loginResponseSchema,
  type LoginRequest,
  type LoginResponse,
} from '@cedar/api-contract';
import { useMutation } from '@tanstack/react-query';
import { HttpError, apiRequest } from '../lib/query-client';

export async function login(credentials: LoginRequest): Promise<LoginResponse> {
  const res = await apiRequest(API_ROUTES.login.method, API_ROUTES.login.path, {
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return loginResponseSchema.parse(await res.json());
}

/** Spec §8: 'Login failed: ' plus the server's explanation, or 'Login failed' when it gave none. */
export function loginFailureMessage(error: unknown): string {
  if (!(error instanceof HttpError)) return 'Login failed';
  const text = error.body.trim();
  if (!text) return 'Login failed';
  try {
    const parsed = errorResponseSchema.safeParse(JSON.parse(text));
    if (parsed.success)
      return parsed.data.message ? `Login failed: ${parsed.data.message}` : 'Login failed';
  } catch {
    // Not JSON: the raw text is the explanation.
  }
  return `Login failed: ${text}`;
}

export function useLogin() {
  // A 401 here means wrong credentials, not an expired session: no redirect (see admin-providers).
  return useMutation({ mutationFn: login, meta: { redirectOn401: false } });
}

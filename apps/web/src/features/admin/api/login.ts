import {
  API_ROUTES,
  type LoginAnswer,
  loginAnswerSchema,
  type LoginRequest,
} from '@cedar/api-contract';
import { useMutation } from '@tanstack/react-query';
import { HttpError, apiRequest, errorBodyOf } from '../lib/query-client';

/** Signed in, or (for an account with one-time codes) `{ secondStep: 'code' }`. */
async function login(credentials: LoginRequest): Promise<LoginAnswer> {
  const res = await apiRequest(API_ROUTES.login.method, API_ROUTES.login.path, {
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  return loginAnswerSchema.parse(await res.json());
}

/** The login error: 'Login failed: ' plus the server's explanation, or 'Login failed' when it gave none. */
export function loginFailureMessage(error: unknown): string {
  if (!(error instanceof HttpError)) return 'Login failed';
  const text = error.body.trim();
  if (!text) return 'Login failed';
  const body = errorBodyOf(error);
  if (body) return body.message ? `Login failed: ${body.message}` : 'Login failed';
  return `Login failed: ${text}`;
}

export function useLogin() {
  // A 401 here means wrong credentials, not an expired session: no redirect to the login page.
  return useMutation({ mutationFn: login, meta: { redirectOn401: false } });
}

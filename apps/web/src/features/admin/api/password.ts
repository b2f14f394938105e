import {
  API_ROUTES,
  changePasswordResponseSchema,
  confirmPasswordResponseSchema,
  type ChangePasswordRequest,
} from '@cedar/api-contract';
import { useMutation } from '@tanstack/react-query';
import { HttpError, apiRequest, errorBodyOf } from '../lib/query-client';
import { sessionsQueryOptions } from './sessions';

const json = (body: unknown) => ({
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

const WRONG_PASSWORD_MESSAGE = 'That is not your current password.';

/** Confirms the password for code saves and restores (the server asks again after 15 minutes). */
export function useConfirmPassword() {
  return useMutation({
    mutationFn: async (password: string) => {
      const res = await apiRequest(
        API_ROUTES.confirmPassword.method,
        API_ROUTES.confirmPassword.path,
        json({ password }),
      );
      return confirmPasswordResponseSchema.parse(await res.json());
    },
  });
}

/** Changes the password; the server ends every other session, so the list changes too. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (request: ChangePasswordRequest) => {
      const res = await apiRequest(
        API_ROUTES.changePassword.method,
        API_ROUTES.changePassword.path,
        json(request),
      );
      return changePasswordResponseSchema.parse(await res.json());
    },
    onSuccess: (_answer, _request, _result, { client }) =>
      client.invalidateQueries({ queryKey: sessionsQueryOptions.queryKey }),
  });
}

/** Which field a refused password call is about, and what to tell the owner. */
interface PasswordProblem {
  field: 'currentPassword' | 'newPassword' | null;
  message: string;
}

export function passwordProblem(error: unknown, fallback: string): PasswordProblem {
  const body = errorBodyOf(error);
  const status = error instanceof HttpError ? error.status : null;
  if (status === 403 && body?.error === 'wrong_password')
    return { field: 'currentPassword', message: WRONG_PASSWORD_MESSAGE };
  if (status === 422 && body) {
    return { field: body.field === 'newPassword' ? 'newPassword' : null, message: body.message };
  }
  // 429 (too many wrong tries) says when to try again; keep the server's words.
  if (status === 429 && body) return { field: null, message: body.message };
  return { field: null, message: fallback };
}

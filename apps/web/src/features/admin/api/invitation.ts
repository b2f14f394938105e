import {
  API_ROUTES,
  invitationCheckResponseSchema,
  loginResponseSchema,
} from '@cedar/api-contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../lib/query-client';

const json = (body: unknown) => ({
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** Whom an invitation link is for, while it is valid. */
export function useInvitationCheck(token: string | null) {
  return useQuery({
    queryKey: [API_ROUTES.checkInvitation.path, token],
    enabled: token !== null,
    queryFn: async () => {
      const res = await apiRequest(
        API_ROUTES.checkInvitation.method,
        API_ROUTES.checkInvitation.path,
        json({ token }),
      );
      return invitationCheckResponseSchema.parse(await res.json());
    },
  });
}

/** Sets the helper's password; the answer is a login's (the helper is signed in). */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (body: { token: string; password: string }) => {
      const res = await apiRequest(
        API_ROUTES.acceptInvitation.method,
        API_ROUTES.acceptInvitation.path,
        json(body),
      );
      return loginResponseSchema.parse(await res.json());
    },
    meta: { redirectOn401: false },
  });
}

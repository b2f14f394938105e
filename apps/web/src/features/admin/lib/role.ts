import type { AdminRole } from '@cedar/api-contract';
import { useState } from 'react';
import { readSession, type StoredSession } from './session';

/**
 * The signed-in person's role, from the stored `admin-user` (issue 39). Anything but `helper`
 * (absent, or the `admin` of sessions stored before roles existed) is the owner: the screens only
 * decide what to show; the server decides what is allowed.
 */
export function roleOf(session: StoredSession): AdminRole {
  return session.user.role === 'helper' ? 'helper' : 'owner';
}

/** What a helper sees where a part of the admin is the owner's (the server's 403 says the same). */
export const OWNER_ONLY_MESSAGE = 'This part of the admin is for the owner.';

/**
 * The role of the stored session, for parts of a screen that only render inside the admin gate
 * (in the browser alone: the admin area is client-only, so storage is there to read): the owner
 * where there is none.
 */
export function useRole(): AdminRole {
  const [role] = useState<AdminRole>(() => {
    const session = typeof window === 'undefined' ? null : readSession();
    return session ? roleOf(session) : 'owner';
  });
  return role;
}

import { Alert, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AdminGate } from '../admin-session';
import { OWNER_ONLY_MESSAGE, roleOf } from '../lib/role';
import { AdminPageFrame } from './admin-page';

/**
 * A screen only the owner uses (issue 39): a helper gets a friendly refusal and the way back,
 * and the screen itself (and its requests) never mounts for them.
 */
export function OwnerOnly({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AdminGate>
      {(session) =>
        roleOf(session) === 'owner' ? (
          children
        ) : (
          <AdminPageFrame title={title}>
            <Alert color="blue" variant="light" title={OWNER_ONLY_MESSAGE}>
              <Text size="sm">
                You are signed in as a helper: inquiries, the waitlist and announcements are yours
                to work on. Ask the owner if you need something changed here.
              </Text>
            </Alert>
          </AdminPageFrame>
        )
      }
    </AdminGate>
  );
}

/** A part of a screen only the owner sees; nothing at all for a helper. */
export function OwnerOnlySection({ children }: { children: ReactNode }) {
  return <AdminGate>{(session) => (roleOf(session) === 'owner' ? children : null)}</AdminGate>;
}

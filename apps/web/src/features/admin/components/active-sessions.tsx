import type { SessionSummary } from '@cedar/api-contract';
import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSignedOut } from '../admin-session';
import { useEndAllSessions, useEndSession, useSessions } from '../api/sessions';
import { formatDateTime } from '../lib/dates';
import { HttpError } from '../lib/query-client';
import { showError, showSuccess } from '../lib/toasts';
import { describeDevice } from '../lib/user-agent';
import { ConfirmDialog } from './confirm-dialog';
import { ListRow } from './list-row';
import classes from './plain-list.module.css';

function SessionItem({ session }: { session: SessionSummary }) {
  const endSession = useEndSession();
  const device = describeDevice(session.userAgent);
  const lastActive = formatDateTime(session.lastSeenAt);
  const signOut = () =>
    endSession.mutate(session.id, {
      onSuccess: () => showSuccess('Signed out', `${device} has been signed out.`),
      onError: (error) => {
        if (error instanceof HttpError && error.status === 404)
          showSuccess('Signed out', `${device} was already signed out.`);
        else showError('That session could not be signed out. Please try again.');
      },
    });
  return (
    <ListRow
      title={device}
      badges={
        session.current && (
          <Badge variant="light" tt="none">
            This device
          </Badge>
        )
      }
      details={[
        `Address ${session.ip ?? 'unknown'}`,
        <>
          Signed in <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
          {' · '}Last active <time dateTime={session.lastSeenAt}>{lastActive}</time>
        </>,
      ]}
      actions={
        !session.current && (
          <Button
            size="xs"
            variant="outline"
            onClick={signOut}
            disabled={endSession.isPending}
            aria-label={`Sign out ${device}, last active ${lastActive}`}
          >
            {endSession.isPending ? 'Signing out...' : 'Sign out'}
          </Button>
        )
      }
    />
  );
}

/** Where the owner is signed in, with sign-out per device and everywhere (issue 11). */
export function ActiveSessions() {
  const sessions = useSessions();
  const endAll = useEndAllSessions();
  const signedOut = useSignedOut();
  const [confirming, setConfirming] = useState(false);

  const signOutEverywhere = () =>
    endAll.mutate(undefined, {
      onSuccess: () =>
        signedOut('Signed out everywhere', 'Every session has ended. Sign in again to continue.'),
      onError: () => showError('Could not sign out everywhere. Please try again.'),
      onSettled: () => setConfirming(false),
    });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sessions">
      <Title order={2} fz="xl" id="sessions">
        Active sessions
      </Title>
      {sessions.isPending && (
        <Group gap="xs" role="status" mt="sm">
          <Loader size="xs" />
          <Text size="sm">Loading sessions...</Text>
        </Group>
      )}
      {sessions.isError && (
        <Stack gap="xs" role="alert" mt="sm" align="flex-start">
          <Text size="sm">Your sessions could not be loaded.</Text>
          <Button size="xs" variant="outline" onClick={() => void sessions.refetch()}>
            Try Again
          </Button>
        </Stack>
      )}
      {sessions.data && (
        <Stack component="ul" gap="xs" mt="sm" className={classes.list}>
          {sessions.data.map((session) => (
            <SessionItem key={session.id} session={session} />
          ))}
        </Stack>
      )}
      <Group mt="md">
        <Button color="red.9" variant="outline" onClick={() => setConfirming(true)}>
          Sign out everywhere
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        title="Sign out everywhere?"
        confirmLabel="Sign out everywhere"
        busy={endAll.isPending}
        color="red.9"
        onConfirm={signOutEverywhere}
        onClose={() => setConfirming(false)}
      >
        Every device signed in to the admin area will be signed out, this one included. You will
        need to sign in again.
      </ConfirmDialog>
    </Card>
  );
}

import { acceptInvitationRequestSchema } from '@cedar/api-contract';
import { site } from '@cedar/content';
import {
  Alert,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { useAcceptInvitation, useInvitationCheck } from './api/invitation';
import { PasskeyOffer } from './components/passkey-offer';
import { formatDateTime } from './lib/dates';
import { setServerErrors } from './lib/form-errors';
import { errorBodyOf } from './lib/query-client';
import { saveSession } from './lib/session';
import { showSuccess } from './lib/toasts';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The API's own rule for the password (the token comes from the link), and the same one twice. */
const passwordFormSchema = acceptInvitationRequestSchema
  .pick({ password: true })
  .extend({ repeat: z.string() })
  .refine(({ password, repeat }) => repeat === password, {
    path: ['repeat'],
    error: 'The two passwords differ.',
    // Said as soon as there is a password, whatever else is missing.
    when: ({ value }) =>
      typeof value === 'object' && value !== null && 'password' in value && value.password !== '',
  });

/**
 * The invitation link's token, from the address's fragment (#…): browsers never send a fragment
 * to a server, so the token is in no request line or log. Read after mount (client-only).
 */
function useLinkToken(): { token: string | null; read: boolean } {
  const [state, setState] = useState<{ token: string | null; read: boolean }>({
    token: null,
    read: false,
  });
  useEffect(() => {
    const token = window.location.hash.slice(1);
    setState({ token: TOKEN.test(token) ? token : null, read: true });
  }, []);
  return state;
}

function Gone({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" title="This invitation cannot be used" role="alert">
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <Group>
          <Button component={Link} to="/admin/login" variant="default" size="xs">
            Go to sign in
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * /admin/invite#<token>: a helper's one-time invitation (issue 39): choose a password, signed in,
 * then a passkey on this device (where the browser can make one) or skip to the admin.
 */
export function InviteScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { token, read } = useLinkToken();
  const check = useInvitationCheck(token);
  const accept = useAcceptInvitation();
  const [problem, setProblem] = useState<string | null>(null);
  /** Signed in: the passkey step, for this username. */
  const [joined, setJoined] = useState<string | null>(null);
  const toAdmin = () => void navigate('/admin', { replace: true });
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', repeat: '' },
    validate: schemaResolver(passwordFormSchema, { sync: true }),
  });

  const onSubmit = form.onSubmit(({ password }) => {
    if (!token || accept.isPending) return;
    setProblem(null);
    accept.mutate(
      { token, password },
      {
        onSuccess: ({ token: marker, user }) => {
          // The link is spent: it leaves the address bar and the history entry.
          window.history.replaceState(null, '', '/admin/invite');
          queryClient.clear();
          saveSession({ token: marker, user });
          showSuccess('Welcome', `You are signed in as ${user.username}.`);
          if (browserSupportsWebAuthn()) setJoined(user.username);
          else toAdmin();
        },
        onError: (error) => {
          // A weak password (422) is said on its field; anything else above the button.
          if (!setServerErrors(form, error))
            setProblem(
              errorBodyOf(error)?.message ?? 'Your password could not be set. Please try again.',
            );
        },
      },
    );
  });

  const gone =
    read && !token
      ? 'This invitation link is not complete. Copy the whole link from the message you were sent.'
      : check.isError
        ? (errorBodyOf(check.error)?.message ??
          'This invitation could not be checked. Please reload the page.')
        : null;

  return (
    <Container size={460} py="xl">
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md">
          <Title order={1} fz={26}>
            Join the {site.brandName} admin
          </Title>
          {joined ? (
            <PasskeyOffer username={joined} onDone={toAdmin} />
          ) : gone ? (
            <Gone message={gone} />
          ) : !check.data ? (
            <Group gap="xs" role="status">
              <Loader size="sm" />
              <Text>Checking your invitation...</Text>
            </Group>
          ) : (
            <form onSubmit={onSubmit} noValidate aria-label="Choose your password">
              <Stack gap="md">
                <Text>
                  You are invited as <strong>{check.data.username}</strong>. Choose a password to
                  finish setting up your account. This link works until{' '}
                  <time dateTime={check.data.expiresAt}>
                    {formatDateTime(check.data.expiresAt)}
                  </time>
                  .
                </Text>
                <Text size="sm" c="gray.7">
                  Use at least 12 characters: a few unrelated words make a strong password.
                  {browserSupportsWebAuthn() && ' Next, you can add a passkey on this device.'}
                </Text>
                <PasswordInput
                  label="Password"
                  required
                  autoComplete="new-password"
                  key={form.key('password')}
                  {...form.getInputProps('password')}
                  errorProps={{ role: 'alert' }}
                />
                <PasswordInput
                  label="Repeat the password"
                  required
                  autoComplete="new-password"
                  key={form.key('repeat')}
                  {...form.getInputProps('repeat')}
                  errorProps={{ role: 'alert' }}
                />
                {problem && (
                  <Alert color="red" variant="light" role="alert">
                    {problem}
                  </Alert>
                )}
                <Button type="submit" disabled={accept.isPending}>
                  {accept.isPending ? 'Setting up...' : 'Set password and sign in'}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

/** The route module of /admin/invite (src/routes.ts). */
export default InviteScreen;

import { TEST_LOGIN_DELAY_MS, site } from '@cedar/content';
import { type LoginRequest, type LoginResponse, loginCodeRequestSchema } from '@cedar/api-contract';
import {
  Button,
  Container,
  Divider,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuthConfig } from './api/auth-config';
import { passkeyCancelled, useLoginCode, usePasskeySignIn } from './api/factors';
import { loginFailureMessage, useLogin } from './api/login';
import { setServerErrors } from './lib/form-errors';
import { errorBodyOf } from './lib/query-client';
import { saveSession } from './lib/session';
import { showError, showSuccess } from './lib/toasts';

export function LoginScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: config } = useAuthConfig();
  const loginMutation = useLogin();
  // No client-side validation: the server's answer decides.
  const form = useForm<LoginRequest>({ initialValues: { username: '', password: '' } });
  const testLoginTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (testLoginTimer.current) clearTimeout(testLoginTimer.current);
    },
    [],
  );

  const passkeySignIn = usePasskeySignIn();
  const codeMutation = useLoginCode();
  // After a right password, an account with two-step sign-in is asked for its code.
  const [askingCode, setAskingCode] = useState(false);
  const codeForm = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    // The API's own request schema: its messages are the ones its 400 would give.
    validate: schemaResolver(loginCodeRequestSchema, { sync: true }),
    transformValues: (values) => loginCodeRequestSchema.parse(values),
  });

  const signedIn = ({ token, user }: LoginResponse) => {
    queryClient.clear();
    saveSession({ token, user });
    showSuccess('Success', 'Logged in successfully!');
    void navigate('/admin');
  };

  const submit = (credentials: LoginRequest) => {
    loginMutation.mutate(credentials, {
      onSuccess: (answer) => {
        if ('secondStep' in answer) {
          codeForm.reset();
          setAskingCode(true);
        } else signedIn(answer);
      },
      onError: (error) => showError(loginFailureMessage(error)),
    });
  };

  const submitCode = codeForm.onSubmit(({ code }) => {
    if (codeMutation.isPending) return;
    codeMutation.mutate(code, {
      onSuccess: signedIn,
      onError: (error) => {
        if (setServerErrors(codeForm, error)) return;
        const message = loginFailureMessage(error);
        codeForm.setFieldError('code', message.replace(/^Login failed: /, ''));
        // The sign-in expired: back to the username and password.
        if (errorBodyOf(error)?.error === 'second_step_expired') {
          setAskingCode(false);
          showError(message);
        }
      },
    });
  });

  const signInWithPasskey = () =>
    passkeySignIn.mutate(undefined, {
      onSuccess: signedIn,
      onError: (error) => {
        if (passkeyCancelled(error)) showError('Login failed: the passkey prompt was closed.');
        else showError(loginFailureMessage(error));
      },
    });

  const demo = config?.demoLogin ?? null;
  // Checked once: browsers without WebAuthn get no passkey button.
  const [passkeysWork] = useState(browserSupportsWebAuthn);
  const onTestLogin = () => {
    if (!demo) return;
    form.setValues(demo);
    if (testLoginTimer.current) clearTimeout(testLoginTimer.current);
    testLoginTimer.current = setTimeout(() => submit(demo), TEST_LOGIN_DELAY_MS);
  };

  const busy = loginMutation.isPending || passkeySignIn.isPending;
  return (
    <Container size={420} py={{ base: 48, sm: 96 }}>
      <Stack gap={4} align="center" mb="lg">
        <Title order={1} fz={{ base: 28, sm: 32 }} ta="center">
          Simple Admin Login
        </Title>
        <Text c="gray.7" size="lg">
          {site.brandName}
        </Text>
      </Stack>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        {askingCode ? (
          <form onSubmit={submitCode} noValidate aria-labelledby="code-title">
            <Stack>
              <Text fw={600} id="code-title">
                Two-step sign-in
              </Text>
              <Text size="sm" c="gray.7">
                Enter the 6-digit code from your authenticator app, or one of your recovery codes.
              </Text>
              <TextInput
                label="Code"
                name="code"
                autoComplete="one-time-code"
                autoFocus
                key={codeForm.key('code')}
                {...codeForm.getInputProps('code')}
                errorProps={{ role: 'alert' }}
              />
              <Group grow mt="sm">
                <Button type="submit" disabled={codeMutation.isPending}>
                  {codeMutation.isPending ? 'Checking...' : 'Verify'}
                </Button>
                <Button type="button" variant="default" onClick={() => setAskingCode(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <form onSubmit={form.onSubmit(submit)} noValidate>
            <Stack>
              <TextInput
                label="Username"
                name="username"
                autoComplete="username"
                {...form.getInputProps('username')}
              />
              <PasswordInput
                label="Password"
                name="password"
                autoComplete="current-password"
                {...form.getInputProps('password')}
              />
              <Group grow mt="sm">
                <Button type="submit" disabled={busy}>
                  {loginMutation.isPending ? 'Logging in...' : 'Login'}
                </Button>
                {demo && (
                  <Button type="button" variant="outline" onClick={onTestLogin} disabled={busy}>
                    Test Login
                  </Button>
                )}
              </Group>
              {passkeysWork && (
                <>
                  <Divider
                    label="or"
                    labelPosition="center"
                    // Mantine's dimmed grey is about 3.3:1 on white; gray.7 meets WCAG AA.
                    styles={{ label: { color: 'var(--mantine-color-gray-7)' } }}
                  />
                  <Button type="button" variant="light" onClick={signInWithPasskey} disabled={busy}>
                    {passkeySignIn.isPending
                      ? 'Waiting for your passkey...'
                      : 'Sign in with a passkey'}
                  </Button>
                </>
              )}
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}

/** The route module of /admin/login (src/routes.ts). */
export default LoginScreen;

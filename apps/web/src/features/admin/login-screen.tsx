import { TEST_LOGIN_DELAY_MS, site } from '@cedar/content';
import type { LoginRequest } from '@cedar/api-contract';
import {
  Button,
  Container,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAuthConfig } from './api/auth-config';
import { loginFailureMessage, useLogin } from './api/login';
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

  const submit = (credentials: LoginRequest) => {
    loginMutation.mutate(credentials, {
      onSuccess: ({ token, user }) => {
        queryClient.clear();
        saveSession({ token, user });
        showSuccess('Success', 'Logged in successfully!');
        void navigate('/admin');
      },
      onError: (error) => showError(loginFailureMessage(error)),
    });
  };

  const demo = config?.demoLogin ?? null;
  const onTestLogin = () => {
    if (!demo) return;
    form.setValues(demo);
    if (testLoginTimer.current) clearTimeout(testLoginTimer.current);
    testLoginTimer.current = setTimeout(() => submit(demo), TEST_LOGIN_DELAY_MS);
  };

  const busy = loginMutation.isPending;
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
                {busy ? 'Logging in...' : 'Login'}
              </Button>
              {demo && (
                <Button type="button" variant="outline" onClick={onTestLogin} disabled={busy}>
                  Test Login
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

/** The route module of /admin/login (src/routes.ts). */
export default LoginScreen;

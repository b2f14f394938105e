import { confirmPasswordRequestSchema } from '@cedar/api-contract';
import { Button, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useId, useRef } from 'react';
import { passwordProblem, useConfirmPassword } from '../api/password';
import { setServerErrors } from '../lib/form-errors';
import classes from './password-field.module.css';

const WHY = {
  save: 'Code in this file runs on the server when the site is rebuilt, so saving it needs your password again after 15 minutes.',
  restore:
    'Code in this file runs on the server when the site is rebuilt, so restoring a version needs your password again after 15 minutes.',
  factor:
    'A passkey or an authenticator app lets whoever holds it sign in, so adding one needs your password again after 15 minutes.',
  recovery:
    'A recovery code signs in in place of your authenticator app, so making new ones needs your password again after 15 minutes.',
} as const;

const WHAT = {
  save: 'save this file',
  restore: 'restore this version',
  factor: 'add a sign-in method',
  recovery: 'make new recovery codes',
} as const;

interface PasswordConfirmationProps {
  action: keyof typeof WHY;
  /** The server accepted the password: the held save or restore may go ahead. */
  onConfirmed: () => void;
  onCancel: () => void;
}

/** Asks for the password inline, beside the Save File button, when the server wants it confirmed. */
export function PasswordConfirmation({ action, onConfirmed, onCancel }: PasswordConfirmationProps) {
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const confirm = useConfirmPassword();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    // The API's request schema: an empty password is 'Enter your password.', unasked.
    validate: schemaResolver(confirmPasswordRequestSchema, { sync: true }),
  });
  useEffect(() => inputRef.current?.focus(), []);

  const onSubmit = form.onSubmit(
    ({ password }) => {
      if (confirm.isPending) return;
      confirm.mutate(password, {
        onSuccess: onConfirmed,
        onError: (error) => {
          if (!setServerErrors(form, error))
            form.setFieldError(
              'password',
              passwordProblem(error, 'Your password could not be checked. Please try again.')
                .message,
            );
          inputRef.current?.focus();
        },
      });
    },
    () => inputRef.current?.focus(),
  );

  const error = form.errors.password;
  return (
    <Paper
      component="form"
      onSubmit={onSubmit}
      noValidate
      withBorder
      p="md"
      radius="md"
      bg="gray.0"
      aria-labelledby={headingId}
    >
      <Stack gap="xs">
        <Text fw={600} id={headingId}>
          Confirm your password to {WHAT[action]}
        </Text>
        <Text size="sm">{WHY[action]}</Text>
        <PasswordInput
          ref={inputRef}
          label="Your password"
          name="password"
          autoComplete="current-password"
          {...form.getInputProps('password')}
          key={form.key('password')}
          aria-invalid={error !== undefined}
          errorProps={{ role: 'alert' }}
          classNames={{ root: classes.field }}
          maw={360}
        />
        <Group gap="sm">
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? 'Confirming...' : 'Confirm'}
          </Button>
          <Button type="button" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

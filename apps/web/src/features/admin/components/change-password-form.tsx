import { changePasswordRequestSchema } from '@cedar/api-contract';
import { Alert, Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import { passwordProblem, useChangePassword } from '../api/password';
import { showSuccess } from '../lib/toasts';
import classes from './password-field.module.css';

/**
 * What can be told before asking the server: the API's own request schema (its messages are the
 * owner's), and the same new password twice. The server decides whether the new one is strong.
 */
const formSchema = changePasswordRequestSchema
  .extend({ repeat: z.string() })
  .refine(({ newPassword, repeat }) => repeat === newPassword, {
    path: ['repeat'],
    error: 'The two new passwords differ.',
    // Said as soon as there is a new password, whatever else is missing.
    when: ({ value }) =>
      typeof value === 'object' &&
      value !== null &&
      'newPassword' in value &&
      value.newPassword !== '',
  });

const FIELDS = ['currentPassword', 'newPassword', 'repeat'] as const;
type Field = (typeof FIELDS)[number];

export function endedSessionsMessage(count: number): string {
  if (count === 0) return 'No other devices were signed in.';
  return count === 1
    ? '1 other session was signed out.'
    : `${count} other sessions were signed out.`;
}

/** Change password (issue 11): the current one is required, and every other session ends. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', repeat: '' },
    validate: schemaResolver(formSchema, { sync: true }),
  });

  /** Moves focus to the first field that has something to fix. */
  const focusFirst = (errors: FormErrors) => {
    const first = FIELDS.find((field) => errors[field] !== undefined);
    if (first) form.getInputNode(first)?.focus();
  };

  const onSubmit = form.onSubmit(({ currentPassword, newPassword }) => {
    if (change.isPending) return;
    setFormError(null);
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ endedSessions }) => {
          form.reset();
          showSuccess('Password changed', endedSessionsMessage(endedSessions));
        },
        onError: (error) => {
          const problem = passwordProblem(
            error,
            'Your password could not be changed. Please try again.',
          );
          if (problem.field) {
            form.setFieldError(problem.field, problem.message);
            focusFirst({ [problem.field]: problem.message });
          } else setFormError(problem.message);
        },
      },
    );
  }, focusFirst);

  const field = (name: Field) => {
    const error = form.errors[name];
    return {
      ...form.getInputProps(name),
      key: form.key(name),
      name,
      // Mantine's PasswordInput sets aria-describedby for the error but not aria-invalid.
      'aria-invalid': error !== undefined,
      errorProps: { role: 'alert' },
      classNames: { root: classes.field, description: classes.description },
    };
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="change-password">
      <Title order={2} fz="xl" id="change-password">
        Change password
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack mt="sm">
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            {...field('currentPassword')}
          />
          <PasswordInput
            label="New password"
            description="At least 12 characters. A few uncommon words together make a strong one."
            autoComplete="new-password"
            {...field('newPassword')}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            {...field('repeat')}
          />
          <Button type="submit" disabled={change.isPending} w="fit-content">
            {change.isPending ? 'Changing password...' : 'Change password'}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

import { Alert, Button, Card, PasswordInput, Stack, Title } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { passwordProblem, useChangePassword } from '../api/password';
import { showSuccess } from '../lib/toasts';
import classes from './password-field.module.css';

const EMPTY = { currentPassword: '', newPassword: '', repeat: '' };
type Field = keyof typeof EMPTY;
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: Field[] = ['currentPassword', 'newPassword', 'repeat'];

/** What can be told before asking the server; the server decides whether the new one is strong. */
function formErrors(values: typeof EMPTY): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.currentPassword) errors.currentPassword = 'Enter your current password.';
  if (!values.newPassword) errors.newPassword = 'Enter a new password.';
  else if (values.repeat !== values.newPassword) errors.repeat = 'The two new passwords differ.';
  return errors;
}

export function endedSessionsMessage(count: number): string {
  if (count === 0) return 'No other devices were signed in.';
  return count === 1
    ? '1 other session was signed out.'
    : `${count} other sessions were signed out.`;
}

/** Change password (issue 11): the current one is required, and every other session ends. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setFormError(null);
    const found = formErrors(values);
    showErrors(found);
    if (Object.keys(found).length > 0) return;
    const { currentPassword, newPassword } = values;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ endedSessions }) => {
          setValues(EMPTY);
          showSuccess('Password changed', endedSessionsMessage(endedSessions));
        },
        onError: (error) => {
          const problem = passwordProblem(
            error,
            'Your password could not be changed. Please try again.',
          );
          if (problem.field) showErrors({ [problem.field]: problem.message });
          else setFormError(problem.message);
        },
      },
    );
  };

  const field = (name: Field) => ({
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    name,
    value: values[name],
    error: errors[name],
    // Mantine's PasswordInput sets aria-describedby for the error but not aria-invalid.
    'aria-invalid': errors[name] !== undefined,
    errorProps: { role: 'alert' },
    classNames: { root: classes.field, description: classes.description },
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
    },
  });

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

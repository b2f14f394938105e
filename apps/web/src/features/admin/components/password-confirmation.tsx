import { Button, Group, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { passwordProblem, useConfirmPassword } from '../api/password';
import classes from './password-field.module.css';

const WHY = {
  save: 'Code in this file runs on the server when the site is rebuilt, so saving it needs your password again after 15 minutes.',
  restore:
    'Code in this file runs on the server when the site is rebuilt, so restoring a version needs your password again after 15 minutes.',
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
  const [password, setPassword] = useState('');
  const [empty, setEmpty] = useState(false);
  const confirm = useConfirmPassword();
  useEffect(() => inputRef.current?.focus(), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    setEmpty(password === '');
    if (password === '') return inputRef.current?.focus();
    confirm.mutate(password, {
      onSuccess: onConfirmed,
      onError: () => inputRef.current?.focus(),
    });
  };

  let error: string | null = empty ? 'Enter your password.' : null;
  if (!error && confirm.isError)
    error = passwordProblem(
      confirm.error,
      'Your password could not be checked. Please try again.',
    ).message;
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
          Confirm your password to {action === 'save' ? 'save this file' : 'restore this version'}
        </Text>
        <Text size="sm">{WHY[action]}</Text>
        <PasswordInput
          ref={inputRef}
          label="Your password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={error}
          aria-invalid={error !== null}
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

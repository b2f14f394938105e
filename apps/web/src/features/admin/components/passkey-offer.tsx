import { CONFIRMATION_REQUIRED, renamePasskeyRequestSchema } from '@cedar/api-contract';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { passkeyCancelled, useAddPasskey } from '../api/factors';
import { errorBodyOf } from '../lib/query-client';
import { showSuccess } from '../lib/toasts';
import { describeDevice } from '../lib/user-agent';
import { PasswordConfirmation } from './password-confirmation';
import fieldClasses from './password-field.module.css';

/**
 * The invitation's last step (issue 39: "sets a password and a passkey"): the helper, just
 * signed in, adds a passkey on this device, or skips; either way `onDone` takes them on.
 */
export function PasskeyOffer({ username, onDone }: { username: string; onDone: () => void }) {
  const add = useAddPasskey();
  const [problem, setProblem] = useState<string | null>(null);
  /** The sign-in is over 15 minutes old: the password again, then the passkey (as on Security). */
  const [confirming, setConfirming] = useState(false);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: describeDevice(navigator.userAgent) },
    // The API's own rule for a passkey's name.
    validate: schemaResolver(renamePasskeyRequestSchema, { sync: true }),
    transformValues: ({ name }) => ({ name: name.trim() }),
  });
  const addPasskey = (name: string) => {
    if (add.isPending) return;
    setProblem(null);
    add.mutate(name, {
      onSuccess: (passkey) => {
        showSuccess('Passkey added', `${passkey.name} can now sign you in.`);
        onDone();
      },
      onError: (error) => {
        if (errorBodyOf(error)?.error === CONFIRMATION_REQUIRED) setConfirming(true);
        else
          setProblem(
            passkeyCancelled(error)
              ? 'No passkey was added: the prompt was closed. Try again, or skip for now.'
              : (errorBodyOf(error)?.message ??
                  'The passkey could not be added. Please try again.'),
          );
      },
    });
  };
  const onSubmit = form.onSubmit(({ name }) => addPasskey(name));
  if (confirming)
    return (
      <PasswordConfirmation
        action="factor"
        onConfirmed={() => {
          setConfirming(false);
          addPasskey(form.getTransformedValues().name);
        }}
        onCancel={() => setConfirming(false)}
      />
    );
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a passkey">
      <Stack gap="md">
        <Text>
          You are signed in as <strong>{username}</strong>. Add a passkey to sign in next time with
          your fingerprint, face or device PIN instead of your password.
        </Text>
        <TextInput
          label="Name of the passkey"
          description="For example: Laptop, or Phone"
          classNames={{ root: fieldClasses.field, description: fieldClasses.description }}
          maxLength={60}
          key={form.key('name')}
          {...form.getInputProps('name')}
          errorProps={{ role: 'alert' }}
        />
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add a passkey on this device'}
          </Button>
          <Button type="button" variant="default" onClick={onDone}>
            Skip for now
          </Button>
        </Group>
        <Text size="sm" c="gray.7">
          You can add or remove passkeys later on the Security page.
        </Text>
      </Stack>
    </form>
  );
}

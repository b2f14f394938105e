import {
  CONFIRMATION_REQUIRED,
  PASSKEY_NAME_MAX,
  type PasskeySummary,
  renamePasskeyRequestSchema,
} from '@cedar/api-contract';
import { Badge, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import {
  passkeyCancelled,
  useAddPasskey,
  useFactors,
  useRemovePasskey,
  useRenamePasskey,
} from '../api/factors';
import { formatDateTime } from '../lib/dates';
import { setServerErrors } from '../lib/form-errors';
import { errorBodyOf } from '../lib/query-client';
import { showError, showSuccess } from '../lib/toasts';
import { ConfirmDialog } from './confirm-dialog';
import { ListRow } from './list-row';
import { PasswordConfirmation } from './password-confirmation';
import fieldClasses from './password-field.module.css';
import classes from './plain-list.module.css';

/** The passkey's new name, inline in its row: the API's own schema, and its refusals on the field. */
function RenameForm({ passkey, onDone }: { passkey: PasskeySummary; onDone: () => void }) {
  const rename = useRenamePasskey();
  const inputRef = useRef<HTMLInputElement>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: passkey.name },
    validate: schemaResolver(renamePasskeyRequestSchema, { sync: true }),
    transformValues: ({ name }) => ({ name: name.trim() }),
  });
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);
  const onSubmit = form.onSubmit(
    ({ name }) => {
      if (rename.isPending) return;
      rename.mutate(
        { id: passkey.id, name },
        {
          onSuccess: (renamed) => {
            showSuccess('Passkey renamed', `${passkey.name} is now called ${renamed.name}.`);
            onDone();
          },
          onError: (error) => {
            if (!setServerErrors(form, error))
              form.setFieldError(
                'name',
                errorBodyOf(error)?.message ??
                  'The passkey could not be renamed. Please try again.',
              );
            inputRef.current?.focus();
          },
        },
      );
    },
    () => inputRef.current?.focus(),
  );
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Rename passkey ${passkey.name}`}
      style={{ flexBasis: '100%' }}
    >
      <Stack gap="xs" align="flex-start">
        <TextInput
          ref={inputRef}
          label="New name"
          classNames={{ root: fieldClasses.field }}
          maxLength={PASSKEY_NAME_MAX}
          w="100%"
          maw={280}
          key={form.key('name')}
          {...form.getInputProps('name')}
          errorProps={{ role: 'alert' }}
        />
        <Group gap="xs">
          <Button type="submit" size="sm" disabled={rename.isPending}>
            {rename.isPending ? 'Saving...' : 'Save name'}
          </Button>
          <Button type="button" size="sm" variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PasskeyItem({ passkey }: { passkey: PasskeySummary }) {
  const [renaming, setRenaming] = useState(false);
  const remove = useRemovePasskey();
  const [confirming, setConfirming] = useState(false);
  const onRemove = () =>
    remove.mutate(passkey.id, {
      onSuccess: () => showSuccess('Passkey removed', `${passkey.name} can no longer sign in.`),
      onError: () => showError('That passkey could not be removed. Please try again.'),
      onSettled: () => setConfirming(false),
    });
  return (
    <ListRow
      title={passkey.name}
      badges={
        passkey.synced && (
          <Badge variant="light" tt="none">
            Synced
          </Badge>
        )
      }
      details={[
        <>
          Added <time dateTime={passkey.createdAt}>{formatDateTime(passkey.createdAt)}</time>
          {' · '}
          {passkey.lastUsedAt ? (
            <>
              Last used{' '}
              <time dateTime={passkey.lastUsedAt}>{formatDateTime(passkey.lastUsedAt)}</time>
            </>
          ) : (
            'Not used yet'
          )}
        </>,
      ]}
      actions={
        !renaming && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="outline"
              onClick={() => setRenaming(true)}
              aria-label={`Rename passkey ${passkey.name}`}
            >
              Rename
            </Button>
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              onClick={() => setConfirming(true)}
              aria-label={`Remove passkey ${passkey.name}`}
            >
              Remove
            </Button>
          </Group>
        )
      }
    >
      {renaming && <RenameForm passkey={passkey} onDone={() => setRenaming(false)} />}
      <ConfirmDialog
        opened={confirming}
        title="Remove this passkey?"
        confirmLabel={remove.isPending ? 'Removing...' : 'Remove passkey'}
        busy={remove.isPending}
        color="red.9"
        onConfirm={onRemove}
        onClose={() => setConfirming(false)}
      >
        {passkey.name} will no longer sign in to the admin area. You can add it again later.
      </ConfirmDialog>
    </ListRow>
  );
}

/** The account's passkeys: add one (named), see when each was last used, remove one. */
export function PasskeysCard() {
  const factors = useFactors();
  const add = useAddPasskey();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: '' },
    // The API's own rule for a passkey's name, as the rename and the invitation's offer use it.
    validate: schemaResolver(renamePasskeyRequestSchema, { sync: true }),
    transformValues: ({ name }) => ({ name: name.trim() }),
  });
  const [confirming, setConfirming] = useState(false);
  const supported = browserSupportsWebAuthn();

  const onAdd = form.onSubmit(({ name }) =>
    add.mutate(name, {
      onSuccess: (passkey) => {
        form.reset();
        showSuccess('Passkey added', `${passkey.name} can now sign you in.`);
      },
      onError: (error) => {
        const body = errorBodyOf(error);
        if (body?.error === CONFIRMATION_REQUIRED) setConfirming(true);
        else if (passkeyCancelled(error)) showError('No passkey was added: the prompt was closed.');
        else if (!setServerErrors(form, error))
          showError(body?.message ?? 'The passkey could not be added. Please try again.');
      },
    }),
  );

  const passkeys = factors.data?.passkeys ?? [];
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="passkeys-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="passkeys-title">
          Passkeys
        </Title>
        <Text size="sm" c="gray.7">
          A passkey signs you in with your fingerprint, face or device PIN instead of a password,
          and works only on this site. Choose &ldquo;Sign in with a passkey&rdquo; on the sign-in
          page; no username needed.
        </Text>
        {factors.isPending ? (
          <Loader size="sm" aria-label="Loading passkeys" />
        ) : factors.isError ? (
          <Text role="alert">Your passkeys could not be loaded.</Text>
        ) : passkeys.length === 0 ? (
          <Text>You have no passkeys yet.</Text>
        ) : (
          <Stack component="ul" gap="xs" className={classes.list} aria-label="Your passkeys">
            {passkeys.map((p) => (
              <PasskeyItem key={p.id} passkey={p} />
            ))}
          </Stack>
        )}
        {confirming ? (
          <PasswordConfirmation
            action="factor"
            onConfirmed={() => {
              setConfirming(false);
              onAdd();
            }}
            onCancel={() => setConfirming(false)}
          />
        ) : supported ? (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Name of the new passkey"
              description="For example: Laptop, or Phone"
              classNames={{ root: fieldClasses.field, description: fieldClasses.description }}
              key={form.key('name')}
              {...form.getInputProps('name')}
              errorProps={{ role: 'alert' }}
              maxLength={PASSKEY_NAME_MAX}
              maw={280}
            />
            <Button onClick={() => onAdd()} disabled={add.isPending}>
              {add.isPending ? 'Adding...' : 'Add a passkey'}
            </Button>
          </Group>
        ) : (
          <Text size="sm">This browser cannot make passkeys.</Text>
        )}
      </Stack>
    </Card>
  );
}

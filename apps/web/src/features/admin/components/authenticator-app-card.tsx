import {
  CONFIRMATION_REQUIRED,
  disableTotpRequestSchema,
  enableTotpRequestSchema,
  type RecoveryCodes,
  type TotpSetup,
} from '@cedar/api-contract';
import {
  Alert,
  Button,
  Card,
  Code,
  Group,
  Image,
  List,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import {
  useDisableTotp,
  useEnableTotp,
  useFactors,
  useNewRecoveryCodes,
  useTotpSetup,
} from '../api/factors';
import { setServerErrors } from '../lib/form-errors';
import { errorBodyOf } from '../lib/query-client';
import { showError, showSuccess } from '../lib/toasts';
import { ConfirmDialog } from './confirm-dialog';
import { PasswordConfirmation } from './password-confirmation';

/** The secret in groups of four, as authenticator apps show what they ask to be typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function RecoveryCodesShown({
  codes,
  onDone,
}: {
  codes: RecoveryCodes['recoveryCodes'];
  onDone: () => void;
}) {
  return (
    <Alert
      color="yellow"
      title="Save your recovery codes now"
      role="status"
      // Mantine's yellow title is 2.7:1 on its light yellow: the title in the text's own colour.
      styles={{ title: { color: 'var(--mantine-color-gray-9)' } }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Each code signs you in once if you lose your phone. They are shown only now: print them or
          keep them in your password manager.
        </Text>
        <List spacing={2} aria-label="Recovery codes" listStyleType="none" ff="monospace">
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
        <Group>
          <Button onClick={onDone}>I have saved them</Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function SetUp({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: TotpSetup;
  onCancel: () => void;
  onEnabled: (codes: RecoveryCodes) => void;
}) {
  const enable = useEnableTotp();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    // The API's own request schema: its message is the one a wrong-looking code gets there too.
    validate: schemaResolver(enableTotpRequestSchema, { sync: true }),
    transformValues: (values) => enableTotpRequestSchema.parse(values),
  });
  const onSubmit = form.onSubmit(({ code }) => {
    if (enable.isPending) return;
    enable.mutate(code, {
      onSuccess: onEnabled,
      onError: (error) => {
        if (!setServerErrors(form, error))
          form.setFieldError(
            'code',
            errorBodyOf(error)?.message ?? 'The code could not be checked. Please try again.',
          );
      },
    });
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Scan this QR code with your authenticator app (Google Authenticator, 1Password, Authy...),
          then enter the 6-digit code it shows.
        </Text>
        <Image src={setup.qrCode} alt="QR code for your authenticator app" w={200} h={200} />
        <Text size="sm">
          Or type this key into the app:{' '}
          <Code aria-label="Secret key">{grouped(setup.secret)}</Code>
        </Text>
        <TextInput
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          key={form.key('code')}
          {...form.getInputProps('code')}
          errorProps={{ role: 'alert' }}
          maw={200}
        />
        <Group gap="sm">
          <Button type="submit" disabled={enable.isPending}>
            {enable.isPending ? 'Checking...' : 'Turn on'}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Turned off here with the password: the API's request schema, the password way of it. */
const turnOffSchema = disableTotpRequestSchema.options[0];

function TurnOff({ onCancel }: { onCancel: () => void }) {
  const disable = useDisableTotp();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '' },
    validate: schemaResolver(turnOffSchema, { sync: true }),
  });
  const onSubmit = form.onSubmit(({ password }) => {
    if (disable.isPending) return;
    disable.mutate(
      { password },
      {
        onSuccess: () => {
          showSuccess('Two-step sign-in off', 'Your password alone signs you in again.');
          onCancel();
        },
        onError: (error) => {
          if (!setServerErrors(form, error))
            form.setFieldError(
              'password',
              errorBodyOf(error)?.message ?? 'It could not be turned off. Please try again.',
            );
        },
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label="Your password"
          autoComplete="current-password"
          key={form.key('password')}
          {...form.getInputProps('password')}
          errorProps={{ role: 'alert' }}
          maw={280}
        />
        <Group gap="sm">
          <Button type="submit" color="red.9" disabled={disable.isPending}>
            {disable.isPending ? 'Turning off...' : 'Turn off two-step sign-in'}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One-time codes from an authenticator app, asked for after the password (RFC 6238). */
export function AuthenticatorAppCard() {
  const factors = useFactors();
  const start = useTotpSetup();
  const renew = useNewRecoveryCodes();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<RecoveryCodes['recoveryCodes'] | null>(null);
  /** Which action waits for the password: setting up the app, or new recovery codes. */
  const [confirming, setConfirming] = useState<'factor' | 'recovery' | null>(null);
  const [askingRenew, setAskingRenew] = useState(false);
  const [turningOff, setTurningOff] = useState(false);

  const begin = () =>
    start.mutate(undefined, {
      onSuccess: setSetup,
      onError: (error) => {
        if (errorBodyOf(error)?.error === CONFIRMATION_REQUIRED) setConfirming('factor');
        else
          showError(errorBodyOf(error)?.message ?? 'The set-up could not start. Please try again.');
      },
    });

  const makeNewCodes = () =>
    renew.mutate(undefined, {
      // No toast: it would cover the codes, which say what happened.
      onSuccess: ({ recoveryCodes }) => setCodes(recoveryCodes),
      onError: (error) => {
        if (errorBodyOf(error)?.error === CONFIRMATION_REQUIRED) setConfirming('recovery');
        else
          showError(
            errorBodyOf(error)?.message ??
              'New recovery codes could not be made. Please try again.',
          );
      },
      onSettled: () => setAskingRenew(false),
    });

  const totp = factors.data?.totp;
  let body;
  if (codes) body = <RecoveryCodesShown codes={codes} onDone={() => setCodes(null)} />;
  else if (factors.isPending) body = <Loader size="sm" aria-label="Loading two-step sign-in" />;
  else if (factors.isError) body = <Text role="alert">Two-step sign-in could not be loaded.</Text>;
  else if (confirming)
    body = (
      <PasswordConfirmation
        action={confirming}
        onConfirmed={() => {
          setConfirming(null);
          if (confirming === 'recovery') makeNewCodes();
          else begin();
        }}
        onCancel={() => setConfirming(null)}
      />
    );
  else if (setup)
    body = (
      <SetUp
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={({ recoveryCodes }) => {
          setSetup(null);
          // No toast here: it would cover the codes, which say that it is on.
          setCodes(recoveryCodes);
        }}
      />
    );
  else if (totp?.enabled)
    body = (
      <Stack gap="sm">
        <Text>
          <strong>On.</strong> After your password, you are asked for the code from your
          authenticator app. Recovery codes left: {totp.recoveryCodesLeft} of 10.
        </Text>
        {turningOff ? (
          <TurnOff onCancel={() => setTurningOff(false)} />
        ) : (
          <Group gap="sm">
            <Button variant="outline" onClick={() => setAskingRenew(true)}>
              Make new recovery codes
            </Button>
            <Button variant="outline" color="red.9" onClick={() => setTurningOff(true)}>
              Turn off
            </Button>
          </Group>
        )}
        <ConfirmDialog
          opened={askingRenew}
          title="Make new recovery codes?"
          confirmLabel={renew.isPending ? 'Making codes...' : 'Make new codes'}
          busy={renew.isPending}
          onConfirm={makeNewCodes}
          onClose={() => setAskingRenew(false)}
        >
          Ten new codes replace all of your current ones, which stop working at once. The new codes
          are shown only once.
        </ConfirmDialog>
      </Stack>
    );
  else
    body = (
      <Stack gap="sm">
        <Text>Off. Your password alone signs you in.</Text>
        <Group>
          <Button onClick={begin} disabled={start.isPending}>
            {start.isPending ? 'Starting...' : 'Set up an authenticator app'}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="totp-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="totp-title">
          Two-step sign-in
        </Title>
        {body}
      </Stack>
    </Card>
  );
}

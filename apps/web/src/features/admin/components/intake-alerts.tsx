import type { IntakeStatus } from '@cedar/api-contract';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useIntakeStatus } from '../api/intake-status';
import { useRetryMail } from '../api/retry-mail';
import { formatDateTime } from '../lib/dates';
import { showError, showSuccess } from '../lib/toasts';

function HubSpotAlert({ hubspot }: { hubspot: IntakeStatus['hubspot'] }) {
  if (hubspot.state === 'refused')
    return (
      <Alert color="red" variant="light" role="alert" title="HubSpot refused the access token">
        <Text size="sm">
          New inquiries from the website&apos;s forms are not coming in. {hubspot.problem}
        </Text>
      </Alert>
    );
  if (hubspot.state === 'limited')
    return (
      <Alert color="yellow" variant="light" role="alert" title="HubSpot's daily limit is reached">
        <Text size="sm">
          New inquiries from the website&apos;s forms wait in HubSpot until then. {hubspot.problem}
        </Text>
      </Alert>
    );
  if (hubspot.state === 'failing')
    return (
      <Alert color="yellow" variant="light" role="alert" title="HubSpot cannot be reached">
        <Text size="sm">
          {hubspot.problem}
          {hubspot.lastSuccessAt
            ? ` Last read ${formatDateTime(hubspot.lastSuccessAt)}.`
            : ' It has not answered since the server started.'}
        </Text>
      </Alert>
    );
  return null;
}

function MailStopped({ mail }: { mail: IntakeStatus['mail'] }) {
  if (!mail.problem) return null;
  return (
    <Alert color="red" variant="light" role="alert" title="E-mail is not going out">
      <Text size="sm">{mail.problem}</Text>
    </Alert>
  );
}

function FailedMail({ mail }: { mail: IntakeStatus['mail'] }) {
  const retry = useRetryMail();
  if (mail.failed.length === 0) return null;
  const count = mail.failed.length;
  const sendAgain = (inquiryId: string, name: string) =>
    retry.mutate(inquiryId, {
      onSuccess: () =>
        showSuccess('Sending again', `The e-mail about ${name} is being sent again.`),
      onError: () => showError(`The e-mail about ${name} could not be queued. Please try again.`),
    });
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={`${count === 1 ? 'An e-mail' : `${count} e-mails`} about new inquiries could not be sent`}
    >
      <Stack gap="xs">
        <Text size="sm">
          The inquiries are here in the list; only the e-mail to {mail.to ?? 'you'} failed.
        </Text>
        <List size="sm" spacing={6}>
          {mail.failed.map((failure) => (
            <List.Item key={failure.inquiryId}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm">
                  {failure.name}: {failure.error} ({formatDateTime(failure.failedAt)})
                </Text>
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => sendAgain(failure.inquiryId, failure.name)}
                  disabled={retry.isPending}
                  aria-label={`Send the e-mail about ${failure.name} again`}
                >
                  Send again
                </Button>
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  );
}

/** What is wrong with how inquiries come in or how the owner hears of them; nothing when all is well. */
export function IntakeAlerts() {
  const status = useIntakeStatus();
  if (!status.data) return null;
  return (
    <>
      <HubSpotAlert hubspot={status.data.hubspot} />
      <MailStopped mail={status.data.mail} />
      <FailedMail mail={status.data.mail} />
    </>
  );
}

import { inviteRequestSchema, type InvitationSummary, type Person } from '@cedar/api-contract';
import {
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { z } from 'zod';
import {
  useInvite,
  usePeople,
  useRemovePerson,
  useRevokeInvitation,
  useSetStatus,
} from '../api/people';
import { formatDateTime } from '../lib/dates';
import { errorBodyOf } from '../lib/query-client';
import { showError, showSuccess } from '../lib/toasts';
import { ConfirmDialog } from './confirm-dialog';
import { ListRow } from './list-row';
import { OwnerOnlySection } from './admin-page';
import fieldClasses from './password-field.module.css';
import classes from './plain-list.module.css';

/** The API's own rules; an empty e-mail is none. */
const formSchema = inviteRequestSchema.extend({
  email: z
    .string()
    .trim()
    .refine((value) => value === '' || z.email().safeParse(value).success, {
      error: 'Enter a valid e-mail address, or leave it empty.',
    }),
});

const failure = (error: unknown, fallback: string) => errorBodyOf(error)?.message ?? fallback;

function InviteForm() {
  const invite = useInvite();
  const [made, setMade] = useState<{
    username: string;
    link: string;
    emailedTo: string | null;
    emailFailed: boolean;
  } | null>(null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { username: '', email: '' },
    validate: schemaResolver(formSchema, { sync: true }),
    transformValues: ({ username, email }) => ({
      username: username.trim(),
      ...(email.trim() ? { email: email.trim() } : {}),
    }),
  });
  const onSubmit = form.onSubmit((values) => {
    if (invite.isPending) return;
    invite.mutate(values, {
      onSuccess: ({ invitation, link, emailed }) => {
        form.reset();
        setMade({
          username: invitation.username,
          link,
          emailedTo: emailed ? invitation.email : null,
          emailFailed: !emailed && invitation.email !== null,
        });
      },
      onError: (error) => {
        const body = errorBodyOf(error);
        if (body?.field === 'username') form.setFieldError('username', body.message);
        else showError(failure(error, 'The invitation could not be made. Please try again.'));
      },
    });
  });
  return (
    <Stack gap="sm">
      <form onSubmit={onSubmit} noValidate aria-label="Invite a helper">
        <Stack gap="sm">
          <Group align="flex-start" grow wrap="wrap">
            <TextInput
              label="Username"
              description="What the helper signs in with."
              classNames={{ description: fieldClasses.description }}
              required
              autoComplete="off"
              key={form.key('username')}
              {...form.getInputProps('username')}
            />
            <TextInput
              label="E-mail (optional)"
              description="The link is e-mailed there when e-mail is set up."
              classNames={{ description: fieldClasses.description }}
              type="email"
              autoComplete="off"
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
          </Group>
          <Group>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? 'Inviting...' : 'Invite helper'}
            </Button>
          </Group>
        </Stack>
      </form>
      {made && (
        <Card
          withBorder
          radius="sm"
          padding="md"
          role="status"
          aria-label={`Invitation for ${made.username}`}
        >
          <Stack gap="xs">
            <Title order={3} fz="md">
              Invitation for {made.username}
            </Title>
            <Text size="sm">
              {made.emailedTo
                ? `An e-mail with this link was sent to ${made.emailedTo}. `
                : made.emailFailed
                  ? 'The e-mail could not be sent: copy the link and send it yourself. '
                  : `Send this link to ${made.username}. `}
              It works once, for 48 hours, and is not shown again: they choose their password there
              and are signed in.
            </Text>
            <TextInput readOnly value={made.link} aria-label="Invitation link" />
            <Group>
              <CopyButton value={made.link}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="outline" onClick={copy}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function PersonItem({ person }: { person: Person }) {
  const setStatus = useSetStatus();
  const remove = useRemovePerson();
  const [confirming, setConfirming] = useState<'suspend' | 'remove' | null>(null);
  const suspended = person.status === 'suspended';
  const act = () => {
    if (confirming === 'remove')
      remove.mutate(person.username, {
        onSuccess: () => showSuccess('Removed', `${person.username} can no longer sign in.`),
        onError: (error) => showError(failure(error, 'That person could not be removed.')),
        onSettled: () => setConfirming(null),
      });
    else
      setStatus.mutate(
        { username: person.username, action: 'suspend' },
        {
          onSuccess: () =>
            showSuccess('Suspended', `${person.username} has been signed out and cannot sign in.`),
          onError: (error) => showError(failure(error, 'That person could not be suspended.')),
          onSettled: () => setConfirming(null),
        },
      );
  };
  const resume = () =>
    setStatus.mutate(
      { username: person.username, action: 'resume' },
      {
        onSuccess: () => showSuccess('Resumed', `${person.username} can sign in again.`),
        onError: (error) => showError(failure(error, 'That person could not be resumed.')),
      },
    );
  return (
    <ListRow
      title={person.username}
      badges={
        <>
          <Badge variant="outline" tt="none" color={person.role === 'owner' ? 'blue.9' : 'gray.8'}>
            {person.role === 'owner' ? 'Owner' : 'Helper'}
          </Badge>
          {suspended && (
            <Badge variant="outline" tt="none" color="red.9">
              Suspended
            </Badge>
          )}
          {person.you && (
            <Badge variant="outline" tt="none">
              You
            </Badge>
          )}
        </>
      }
      details={[
        <>
          {person.lastSignInAt ? (
            <>
              Last signed in{' '}
              <time dateTime={person.lastSignInAt}>{formatDateTime(person.lastSignInAt)}</time>
            </>
          ) : (
            'Not signed in yet'
          )}
          {person.email ? ` · ${person.email}` : ''}
        </>,
      ]}
      actions={
        !person.you && (
          <Group gap="xs">
            {suspended ? (
              <Button size="xs" variant="outline" onClick={resume} disabled={setStatus.isPending}>
                Resume
              </Button>
            ) : (
              <Button size="xs" variant="outline" onClick={() => setConfirming('suspend')}>
                Suspend
              </Button>
            )}
            <Button
              size="xs"
              variant="outline"
              color="red.9"
              onClick={() => setConfirming('remove')}
            >
              Remove
            </Button>
          </Group>
        )
      }
    >
      <ConfirmDialog
        opened={confirming !== null}
        title={
          confirming === 'remove' ? `Remove ${person.username}?` : `Suspend ${person.username}?`
        }
        confirmLabel={confirming === 'remove' ? 'Remove' : 'Suspend'}
        color="red.9"
        busy={remove.isPending || setStatus.isPending}
        onConfirm={act}
        onClose={() => setConfirming(null)}
      >
        {confirming === 'remove'
          ? `${person.username} is signed out everywhere and the account is deleted. The audit log keeps what they did.`
          : `${person.username} is signed out everywhere at once and cannot sign in until you resume the account.`}
      </ConfirmDialog>
    </ListRow>
  );
}

function InvitationItem({ invitation }: { invitation: InvitationSummary }) {
  const revoke = useRevokeInvitation();
  return (
    <ListRow
      dashed
      title={invitation.username}
      details={[
        <>
          Invited, link valid until{' '}
          <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>
        </>,
      ]}
      actions={
        <Button
          size="xs"
          variant="outline"
          disabled={revoke.isPending}
          aria-label={`Revoke the invitation for ${invitation.username}`}
          onClick={() =>
            revoke.mutate(invitation.id, {
              onSuccess: () =>
                showSuccess(
                  'Invitation revoked',
                  `The link for ${invitation.username} no longer works.`,
                ),
              onError: (error) => showError(failure(error, 'The invitation could not be revoked.')),
            })
          }
        >
          Revoke
        </Button>
      }
    />
  );
}

function People() {
  const people = usePeople();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="people-title">
      <Stack gap="md">
        <div>
          <Title order={2} fz="xl" id="people-title">
            People
          </Title>
          <Text size="sm" c="gray.7">
            Helpers answer inquiries, keep the waitlist and send announcements. They cannot edit the
            website, litters or photos, or manage other accounts.
          </Text>
        </div>
        <InviteForm />
        {people.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text>Loading people...</Text>
          </Group>
        ) : people.isError ? (
          <Text role="alert">The list of people could not be loaded. Please reload the page.</Text>
        ) : (
          <>
            <Stack component="ul" className={classes.list} gap="xs" aria-label="People">
              {people.data.people.map((person) => (
                <PersonItem key={person.username} person={person} />
              ))}
            </Stack>
            {people.data.invitations.length > 0 && (
              <Stack gap="xs">
                <Title order={3} fz="md">
                  Pending invitations
                </Title>
                <Stack
                  component="ul"
                  className={classes.list}
                  gap="xs"
                  aria-label="Pending invitations"
                >
                  {people.data.invitations.map((invitation) => (
                    <InvitationItem key={invitation.id} invitation={invitation} />
                  ))}
                </Stack>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}

/** The owner's people (issue 39): invite helpers, suspend, resume, remove; a helper sees none. */
export function PeoplePanel() {
  return (
    <OwnerOnlySection>
      <People />
    </OwnerOnlySection>
  );
}

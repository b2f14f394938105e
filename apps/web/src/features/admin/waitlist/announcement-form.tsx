import {
  DEFAULT_ANNOUNCEMENT,
  announcementDraftSchema,
  type AnnouncementDraft,
  type AnnouncementPreview,
} from '@cedar/api-contract';
import type { Litter } from '@cedar/content';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  Group,
  List,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { setServerErrors } from '../lib/form-errors';
import { errorBodyOf } from '../lib/query-client';
import { showError, showSuccess } from '../lib/toasts';
import { useAnnouncements, usePreviewAnnouncement, useSendAnnouncement } from '../api/waitlist';

const failureOf = (error: unknown, fallback: string) => errorBodyOf(error)?.message ?? fallback;

/**
 * The announcement of a birth to a litter's list: the template (with {name}, {litter},
 * {birthDate} and {puppies}), a preview of who gets what, then one e-mail per family.
 */
export function AnnouncementForm({ litters }: { litters: readonly Litter[] }) {
  const born = litters.filter((l) => !l.archived && /^\d{4}-\d{2}-\d{2}$/.test(l.birthDate));
  const [preview, setPreview] = useState<AnnouncementPreview | null>(null);
  const form = useForm<AnnouncementDraft>({
    initialValues: {
      litterId: '',
      includeGeneral: false,
      subject: DEFAULT_ANNOUNCEMENT.subject,
      body: DEFAULT_ANNOUNCEMENT.body,
    },
    // The API's own request schema: its messages are the owner's, and the same as its 400's.
    validate: schemaResolver(announcementDraftSchema, { sync: true }),
    // Any change makes the preview stale: it is asked for again before sending.
    onValuesChange: () => setPreview(null),
  });
  const previewing = usePreviewAnnouncement();
  const sending = useSendAnnouncement();
  const past = useAnnouncements();
  const chosen = form.values.litterId !== '';

  /** A refusal is said on the field it names, or else in a toast. */
  const refused = (fallback: string) => (error: unknown) => {
    if (!setServerErrors(form, error)) showError(failureOf(error, fallback));
  };
  const askPreview = form.onSubmit((draft) =>
    previewing.mutate(draft, {
      onSuccess: setPreview,
      onError: refused('The preview could not be made. Try again.'),
    }),
  );
  const send = form.onSubmit((draft) =>
    sending.mutate(draft, {
      onSuccess: ({ recipients }) => {
        setPreview(null);
        showSuccess(
          'Sending',
          `The announcement is on its way to ${recipients} ${recipients === 1 ? 'family' : 'families'}.`,
        );
      },
      onError: refused('The announcement could not be sent. Try again.'),
    }),
  );

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="announce-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="announce-heading">
          Announce a birth
        </Title>
        <Text size="sm" c="gray.7">
          One e-mail to each family on the litter’s list, through the site’s e-mail. Each family
          gets it once; those who unsubscribed get nothing. In the text, {'{name}'}, {'{litter}'},{' '}
          {'{birthDate}'} and {'{puppies}'} become each family’s name and the litter’s details.
        </Text>
        <Select
          label="Litter"
          placeholder={born.length ? 'Choose a born litter' : 'No litter is born yet'}
          data={born.map((l) => ({ value: l.id, label: l.name }))}
          {...form.getInputProps('litterId')}
          value={form.values.litterId || null}
          onChange={(choice) => form.setFieldValue('litterId', choice ?? '')}
        />
        <Checkbox
          label="Also the general list"
          {...form.getInputProps('includeGeneral', { type: 'checkbox' })}
        />
        <TextInput label="Subject" {...form.getInputProps('subject')} />
        <Textarea label="Message" rows={9} {...form.getInputProps('body')} />
        <Group>
          <Button
            variant="default"
            disabled={!chosen}
            loading={previewing.isPending}
            onClick={() => askPreview()}
          >
            Preview
          </Button>
          {preview && chosen && (
            <Button
              disabled={preview.recipients.length === 0}
              loading={sending.isPending}
              onClick={() => send()}
            >
              {`Send to ${preview.recipients.length} ${preview.recipients.length === 1 ? 'family' : 'families'}`}
            </Button>
          )}
        </Group>
        {preview && (
          <Stack gap="xs" data-testid="announcement-preview">
            <Text size="sm" fw={600}>
              To: {preview.recipients.map((r) => r.name).join(', ') || 'nobody'}
            </Text>
            {preview.skipped.length > 0 && (
              <Alert color="gray" variant="light" title="Left out">
                <List size="sm">
                  {preview.skipped.map((s) => (
                    <List.Item key={`${s.email}-${s.reason}`}>
                      {s.name} ({s.email}): {s.reason}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {preview.sample && (
              <Stack gap={2}>
                <Text size="sm">
                  The e-mail to {preview.sample.to}: <strong>{preview.sample.subject}</strong>
                </Text>
                <Code block>{preview.sample.text}</Code>
              </Stack>
            )}
          </Stack>
        )}
        {past.data && past.data.announcements.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Sent before
            </Text>
            {past.data.announcements.map((a) => (
              <Text size="sm" key={a.id}>
                {new Date(a.createdAt).toLocaleDateString()}: {a.subject} · {a.sent} of{' '}
                {a.recipients} sent
                {a.waiting ? `, ${a.waiting} waiting` : ''}
                {a.failed ? `, ${a.failed} failed` : ''}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

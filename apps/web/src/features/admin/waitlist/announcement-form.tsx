import { DEFAULT_ANNOUNCEMENT, type AnnouncementPreview } from '@cedar/api-contract';
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
import { useState } from 'react';
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
  const [litterId, setLitterId] = useState<string | null>(null);
  const [includeGeneral, setIncludeGeneral] = useState(false);
  const [subject, setSubject] = useState<string>(DEFAULT_ANNOUNCEMENT.subject);
  const [body, setBody] = useState<string>(DEFAULT_ANNOUNCEMENT.body);
  const [preview, setPreview] = useState<AnnouncementPreview | null>(null);
  const previewing = usePreviewAnnouncement();
  const sending = useSendAnnouncement();
  const past = useAnnouncements();
  const draft = litterId ? { litterId, includeGeneral, subject, body } : null;
  // Any change makes the preview stale: it is asked for again before sending.
  const edit =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPreview(null);
    };

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
          value={litterId}
          onChange={edit(setLitterId)}
        />
        <Checkbox
          label="Also the general list"
          checked={includeGeneral}
          onChange={(e) => edit(setIncludeGeneral)(e.currentTarget.checked)}
        />
        <TextInput
          label="Subject"
          value={subject}
          onChange={(e) => edit(setSubject)(e.currentTarget.value)}
        />
        <Textarea
          label="Message"
          rows={9}
          value={body}
          onChange={(e) => edit(setBody)(e.currentTarget.value)}
        />
        <Group>
          <Button
            variant="default"
            disabled={!draft}
            loading={previewing.isPending}
            onClick={() =>
              draft &&
              previewing.mutate(draft, {
                onSuccess: setPreview,
                onError: (error) =>
                  showError(failureOf(error, 'The preview could not be made. Try again.')),
              })
            }
          >
            Preview
          </Button>
          {preview && draft && (
            <Button
              disabled={preview.recipients.length === 0}
              loading={sending.isPending}
              onClick={() =>
                sending.mutate(draft, {
                  onSuccess: ({ recipients }) => {
                    setPreview(null);
                    showSuccess(
                      'Sending',
                      `The announcement is on its way to ${recipients} ${recipients === 1 ? 'family' : 'families'}.`,
                    );
                  },
                  onError: (error) =>
                    showError(failureOf(error, 'The announcement could not be sent. Try again.')),
                })
              }
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

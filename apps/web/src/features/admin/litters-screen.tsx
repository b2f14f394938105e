import { LITTERS_FILE, type Waitlist } from '@cedar/api-contract';
import type { Litter, LitterDraft } from '@cedar/content';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { AdminPage } from './components/admin-page';
import { classifyLitterError, useLitters, useSaveLitter } from './api/litters';
import { useWaitlist } from './api/waitlist';
import { usePublishStatus, awaitsBuild, type PendingPublish } from './api/publish-status';
import { goLiveMessage } from './components/editor-warnings';
import { PublishStatusNote } from './components/publish-status-note';
import { kennelToday, publicViewOf } from './litters/litter-draft';
import { DepositAmountsPanel } from './litters/deposit-amounts';
import { LitterForm } from './litters/litter-form';
import { LitterNews } from './litters/litter-news';
import { showError, showSuccess } from './lib/toasts';

// Mantine's caption grey is 3.3:1 on white; this one keeps it at WCAG AA.
const CAPTION_COLOR = 'var(--mantine-color-gray-7)';

type Editing = { litter: Litter | null } | null;

/** Which family each puppy of the litter is reserved for, from the litter's waitlist. */
function reservedFor(waitlist: Waitlist | undefined, litterId: string | undefined) {
  const entries = waitlist?.lists.find((l) => l.litterId === litterId)?.entries ?? [];
  return Object.fromEntries(entries.flatMap((e) => (e.puppyId ? [[e.puppyId, e.name]] : [])));
}

function LitterRow({
  litter,
  today,
  onEdit,
  onNews,
}: {
  litter: Litter;
  today: Date;
  onEdit: () => void;
  onNews: () => void;
}) {
  const view = publicViewOf(litter, today);
  return (
    <Table.Tr data-testid="litter-row">
      <Table.Td>
        <Text fw={600}>{litter.name}</Text>
        <Text size="sm" c="gray.7">
          {litter.birthDate}
        </Text>
      </Table.Td>
      <Table.Td>{view?.age}</Table.Td>
      <Table.Td>
        {view && (
          <Badge variant="light" color="olive">
            {view.badge}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>{view?.list}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button variant="default" size="xs" onClick={onEdit} aria-label={`Edit ${litter.name}`}>
            Edit
          </Button>
          <Button
            variant="default"
            size="xs"
            onClick={onNews}
            aria-label={`News of ${litter.name}`}
          >
            News
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function LittersBody() {
  const litters = useLitters();
  const save = useSaveLitter();
  const [editing, setEditing] = useState<Editing>(null);
  // The litter whose weekly news is open (issue 40).
  const [newsOf, setNewsOf] = useState<string | null>(null);
  // Who each puppy is reserved for, shown in the form: asked for once a litter is edited.
  const waitlist = useWaitlist({ enabled: Boolean(editing?.litter) });
  const [pending, setPending] = useState<PendingPublish | null>(null);
  const publish = usePublishStatus(pending);
  const today = useMemo(() => kennelToday(), []);

  const onSave = (draft: LitterDraft, refused: (errors: Record<string, string>) => void) => {
    if (!litters.data || !editing) return;
    save.mutate(
      { id: editing.litter?.id, draft, sha256: litters.data.sha256 },
      {
        onSuccess: ({ litter, savedAt }) => {
          setEditing(null);
          setPending({ savedAt, path: LITTERS_FILE, since: Date.now() });
          showSuccess('Saved', `${litter.name} is saved. The site is being updated.`);
        },
        onError: (error) => {
          const failure = classifyLitterError(error);
          if (failure.kind === 'field') refused(failure.errors);
          else if (failure.kind === 'conflict')
            showError(
              'The litters were changed since you opened this page. Your form is kept: save again to apply it to the new list.',
            );
          else showError(failure.message);
        },
      },
    );
  };

  if (litters.isPending)
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>Loading litters…</Text>
      </Group>
    );
  if (litters.isError)
    return (
      <Alert color="red" title="The litters could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Check your connection, then try again.</Text>
          <Button size="xs" variant="default" onClick={() => void litters.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );

  return (
    <Stack gap="lg">
      <Text c="gray.7" data-testid="go-live">
        {goLiveMessage(publish.data)}
      </Text>
      <PublishStatusNote
        status={publish.data}
        fetchedAt={publish.dataUpdatedAt}
        awaitingBuild={awaitsBuild(publish.data, pending, Date.now())}
        pending={pending}
      />
      {editing ? (
        <LitterForm
          key={editing.litter?.id ?? 'new'}
          litter={editing.litter}
          saving={save.isPending}
          onSave={onSave}
          reservedFor={reservedFor(waitlist.data, editing.litter?.id)}
          onCancel={() => setEditing(null)}
        />
      ) : (
        <Group>
          <Button onClick={() => setEditing({ litter: null })}>Add a litter</Button>
        </Group>
      )}
      {newsOf && litters.data.litters.some((l) => l.id === newsOf) && (
        <LitterNews
          key={newsOf}
          litter={litters.data.litters.find((l) => l.id === newsOf)!}
          onClose={() => setNewsOf(null)}
        />
      )}
      <Paper withBorder radius="md" p="md">
        {litters.data.litters.length === 0 ? (
          <Text>No litters yet. Add the first one above.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" styles={{ caption: { color: CAPTION_COLOR } }}>
              <Table.Caption>As the public page shows them today</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Litter</Table.Th>
                  <Table.Th>Age</Table.Th>
                  <Table.Th>Badge</Table.Th>
                  <Table.Th>List</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {litters.data.litters.map((litter) => (
                  <LitterRow
                    key={litter.id}
                    litter={litter}
                    today={today}
                    onEdit={() => setEditing({ litter })}
                    onNews={() => setNewsOf(litter.id)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <DepositAmountsPanel litters={litters.data.litters} />
    </Stack>
  );
}

/**
 * /admin/litters: every litter as the public page shows it today; add, edit, archive; post each
 * litter's weekly news to its families' pages.
 */
export function LittersScreen() {
  return (
    <AdminPage
      title="Litters"
      intro="Add a new litter, update what is available, or archive a litter that has gone home: each save updates the public Puppies page."
      ownerOnly
    >
      <LittersBody />
    </AdminPage>
  );
}

/** The route module of /admin/litters (src/routes.ts). */
export default LittersScreen;

import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { AdminPage } from './components/admin-page';
import { useDeposits } from './api/deposits';
import { useFamilyLinks } from './api/family';
import { useLitters } from './api/litters';
import { useChangeWaitlist, useWaitlist, waitlistErrorMessage } from './api/waitlist';
import { useRole } from './lib/role';
import { showError } from './lib/toasts';
import { AnnouncementForm } from './waitlist/announcement-form';
import { UnmatchedPayments } from './waitlist/deposit-cell';
import { WaitlistList, type WaitlistChange } from './waitlist/waitlist-list';

function WaitlistBody() {
  const waitlist = useWaitlist();
  const litters = useLitters();
  const changeList = useChangeWaitlist();
  // Issue 40: each family's deposit; the lists show without it if it cannot be loaded.
  const deposits = useDeposits();
  const role = useRole();
  // Which families have a page link (issue 40): the lists show without it while it loads.
  const familyLinks = useFamilyLinks();
  const links = new Map(familyLinks.data?.links.map((l) => [l.entryId, l.createdAt]));

  if (waitlist.isPending || litters.isPending)
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>Loading the waitlist…</Text>
      </Group>
    );
  if (waitlist.isError || litters.isError)
    return (
      <Alert color="red" title="The waitlist could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Check your connection, then try again.</Text>
          <Button
            size="xs"
            variant="default"
            onClick={() => void Promise.all([waitlist.refetch(), litters.refetch()])}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    );

  const onChange = (change: WaitlistChange) =>
    changeList.mutate(
      { version: waitlist.data.version, change },
      { onError: (error) => showError(waitlistErrorMessage(error)) },
    );

  return (
    <Stack gap="lg">
      {deposits.isError && (
        <Alert color="yellow" title="The deposits could not be loaded">
          <Text size="sm">The lists are shown without them. Reload the page to try again.</Text>
        </Alert>
      )}
      {deposits.data && deposits.data.unmatched.length > 0 && (
        <Alert color="yellow" title="A payment to place">
          <UnmatchedPayments payments={deposits.data.unmatched} />
        </Alert>
      )}
      {waitlist.data.lists.map((list) => (
        <WaitlistList
          key={list.key}
          list={list}
          litter={litters.data.litters.find((l) => l.id === list.litterId)}
          busy={changeList.isPending}
          onChange={onChange}
          deposits={deposits.data}
          canChangeDeposits={role === 'owner'}
          links={links}
        />
      ))}
      <AnnouncementForm litters={litters.data.litters} />
    </Stack>
  );
}

/**
 * /admin/waitlist: each list in order; move, take off, reserve a puppy, see and record each
 * family's deposit (or send them a card payment link), their page link; announce a birth.
 */
export function WaitlistScreen() {
  return (
    <AdminPage
      title="Waitlist"
      intro="The families waiting for a puppy, in order: the general list and each litter’s. Put a family on a list from their inquiry on the dashboard."
    >
      <WaitlistBody />
    </AdminPage>
  );
}

/** The route module of /admin/waitlist (src/routes.ts). */
export default WaitlistScreen;

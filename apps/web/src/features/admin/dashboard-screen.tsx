import { Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AdminGate, useLogout } from './admin-session';
import { inquiryListQueryOptions, useInquiryList } from './api/inquiries';
import { inquiryStatsQueryOptions, useInquiryStats } from './api/inquiry-stats';
import { InquiryInbox, LoadError } from './components/inquiry-inbox';
import { IntakeAlerts } from './components/intake-alerts';
import { QuickActions } from './components/quick-actions';
import { StatCards } from './components/stat-cards';
import { adminQueryClient } from './lib/admin-query-client';
import { filterFromSearchParams } from './lib/inquiry-filter';
import { roleOf } from './lib/role';
import { readSession, type StoredSession } from './lib/session';
import { useInquiryFilter } from './use-inquiry-filter';
import type { Route } from './+types/dashboard-screen';

export interface DashboardScreenProps {
  /** What Try Again does; tests replace the real page reload. */
  reload?: () => void;
}

const realReload = () => window.location.reload();

function Dashboard({
  session,
  reload,
}: Required<DashboardScreenProps> & { session: StoredSession }) {
  const onLogout = useLogout();
  const [filter, changeFilter] = useInquiryFilter();
  const stats = useInquiryStats();
  const list = useInquiryList(filter);

  const username = session.user.username || 'Admin';
  // What the screens show; the server checks every call (issue 39).
  const role = roleOf(session);
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Welcome back, {username}!
          </Title>
          <Group gap="sm">
            {role === 'owner' && (
              <Button component={Link} to="/admin/files">
                EDIT WEBSITE
              </Button>
            )}
            <Button variant="default" onClick={() => void onLogout()}>
              Logout
            </Button>
          </Group>
        </Group>

        <QuickActions role={role} />

        {stats.isError ? (
          <LoadError reload={reload} />
        ) : stats.isPending || list.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>Loading inquiries...</Text>
          </Group>
        ) : (
          <>
            <IntakeAlerts />
            <StatCards stats={stats.data} />
            <InquiryInbox
              filter={filter}
              onChangeFilter={changeFilter}
              stats={stats.data}
              list={list}
              reload={reload}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}

/** /admin: the owner's inquiries, as an inbox, with the figures and quick actions above. */
export function DashboardScreen({ reload = realReload }: DashboardScreenProps) {
  return <AdminGate>{(session) => <Dashboard session={session} reload={reload} />}</AdminGate>;
}

/**
 * Starts the dashboard's two requests, the figures and the first page of the list the address
 * asks for, as soon as this module is in: before the admin's screens have rendered, so the server
 * answers while they do (decision 034). It waits for neither: the screen finds them under way in
 * the shared cache and shows its loading state until they are in. Without a stored session it
 * asks for nothing (the screen's gate goes to the login page).
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  if (readSession() === null) return null;
  const client = adminQueryClient();
  const filter = filterFromSearchParams(new URL(request.url).searchParams);
  void client.prefetchQuery(inquiryStatsQueryOptions);
  void client.prefetchInfiniteQuery(inquiryListQueryOptions(filter));
  return null;
}

/** The route module of /admin (src/routes.ts). */
export default DashboardScreen;

import { Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { AdminGate, useSignedOut } from './admin-session';
import { useInquiries } from './api/inquiries';
import { logout } from './api/logout';
import { InquiryCard } from './components/inquiry-card';
import { QuickActions } from './components/quick-actions';
import { StatCards } from './components/stat-cards';
import { computeInquiryStats } from './lib/inquiry-stats';
import type { StoredSession } from './lib/session';

export interface DashboardScreenProps {
  /** The clock of the Recent (24h) count; tests fix it. */
  now?: () => Date;
  /** What Try Again does; tests replace the real page reload. */
  reload?: () => void;
}

const realNow = () => new Date();
const realReload = () => window.location.reload();

function Dashboard({
  session,
  now,
  reload,
}: Required<DashboardScreenProps> & { session: StoredSession }) {
  const signedOut = useSignedOut();
  const { data: inquiries, isPending, isError } = useInquiries();
  const stats = useMemo(
    () => (inquiries ? computeInquiryStats(inquiries, now()) : null),
    [inquiries, now],
  );

  const onLogout = async () => {
    await logout();
    signedOut('Logged out', 'You have been logged out successfully.');
  };

  const username = session.user.username || 'Admin';
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Group justify="space-between" align="center" wrap="wrap">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Welcome back, {username}!
          </Title>
          <Group gap="sm">
            <Button component={Link} to="/admin/files">
              EDIT WEBSITE
            </Button>
            <Button variant="default" onClick={() => void onLogout()}>
              Logout
            </Button>
          </Group>
        </Group>

        <QuickActions />

        {isPending && (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>Loading inquiries...</Text>
          </Group>
        )}
        {isError && (
          <Card withBorder radius="md" padding="lg" role="alert">
            <Text fw={600}>Error loading inquiries</Text>
            <Button mt="md" variant="outline" w="fit-content" onClick={reload}>
              Try Again
            </Button>
          </Card>
        )}
        {inquiries && stats && (
          <>
            <StatCards stats={stats} />
            <Stack component="section" aria-labelledby="customer-inquiries" gap="md">
              <Title order={2} fz="xl" id="customer-inquiries">
                Customer Inquiries
              </Title>
              {inquiries.length === 0 ? (
                <Text c="gray.7">No inquiries yet</Text>
              ) : (
                inquiries.map((inquiry) => <InquiryCard key={inquiry.id} inquiry={inquiry} />)
              )}
            </Stack>
          </>
        )}
      </Stack>
    </Container>
  );
}

/** /admin (spec §2): the owner's inquiries at a glance. */
export function DashboardScreen({ now = realNow, reload = realReload }: DashboardScreenProps) {
  return (
    <AdminGate>{(session) => <Dashboard session={session} now={now} reload={reload} />}</AdminGate>
  );
}

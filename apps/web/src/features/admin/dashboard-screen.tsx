import { Anchor, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useInquiries } from './api/inquiries';
import { logout } from './api/logout';
import { InquiryCard } from './components/inquiry-card';
import { StatCards } from './components/stat-cards';
import { computeInquiryStats } from './lib/inquiry-stats';
import { clearSession } from './lib/session';
import { showSuccess } from './lib/toasts';
import { useAdminSession } from './use-admin-session';

export interface DashboardScreenProps {
  /** The clock of the Recent (24h) count; tests fix it. */
  now?: () => Date;
  /** What Try Again does; tests replace the real page reload. */
  reload?: () => void;
}

const realNow = () => new Date();
const realReload = () => window.location.reload();

export function DashboardScreen({ now = realNow, reload = realReload }: DashboardScreenProps) {
  const sessionState = useAdminSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = sessionState.status === 'present' ? sessionState.session : null;
  const { data: inquiries, isPending, isError } = useInquiries(session !== null);
  const stats = useMemo(
    () => (inquiries ? computeInquiryStats(inquiries, now()) : null),
    [inquiries, now],
  );

  if (sessionState.status === 'checking') return null;
  if (!session) {
    return (
      <Container py="xl">
        <Text>Redirecting to login...</Text>
      </Container>
    );
  }

  const onLogout = async () => {
    await logout();
    clearSession();
    queryClient.clear();
    showSuccess('Logged out', 'You have been logged out successfully.');
    void navigate('/admin/login');
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

        <Card
          withBorder
          radius="md"
          padding="lg"
          component="section"
          aria-labelledby="quick-actions"
        >
          <Title order={2} fz="xl" id="quick-actions">
            Quick Actions
          </Title>
          <Text size="sm" c="gray.7" mt={4}>
            Update the text of the website&apos;s sections and see each change go live.
          </Text>
          <Anchor component={Link} to="/admin/files" mt="sm" fw={600}>
            Edit website files
          </Anchor>
        </Card>

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

import { layoutCopy, site } from '@cedar/content';
import { AppShell, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useLogout } from './admin-session';
import type { AdminRole } from '@cedar/api-contract';
import { roleOf } from './lib/role';
import { screensFor } from './lib/screens';
import { readSession, type StoredSession } from './lib/session';
import headerClasses from '../../components/layout/site-header.module.css';
import classes from './admin-shell.module.css';

const NAV_ID = 'admin-navigation';
const MAIN_ID = 'admin-main';
const ROLE_NAMES: Record<AdminRole, string> = { owner: 'Owner', helper: 'Helper' };

function SignedInAs({ username, role }: { username: string; role: AdminRole }) {
  return (
    <Text size="sm" c="gray.7">
      Signed in as{' '}
      <Text span fw={600} c="gray.9">
        {username}
      </Text>{' '}
      ({ROLE_NAMES[role]})
    </Text>
  );
}

function Shell({ session }: { session: StoredSession }) {
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const onLogout = useLogout();
  const role = roleOf(session);
  const username = session.user.username || 'Admin';
  const current = pathname.replace(/\/+$/, '') || '/';

  // Back and forward navigation must not leave the phone's navigation open over the new screen.
  useEffect(() => {
    close();
  }, [pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
    >
      <AppShell.Header>
        <a href={`#${MAIN_ID}`} className={headerClasses.skipLink}>
          {layoutCopy.skipLink}
        </a>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              hiddenFrom="sm"
              size="sm"
              opened={opened}
              onClick={toggle}
              aria-label={opened ? layoutCopy.menuToggle.close : layoutCopy.menuToggle.open}
              aria-expanded={opened}
              aria-controls={NAV_ID}
            />
            <Text className={classes.brand}>{site.brandName}</Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            <Group visibleFrom="sm">
              <SignedInAs username={username} role={role} />
            </Group>
            <Button variant="default" size="sm" onClick={() => void onLogout()}>
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        id={NAV_ID}
        aria-label="Admin"
        p="sm"
        className={classes.navbar}
        mod={{ closed: !opened }}
      >
        <Stack gap={4}>
          <Group hiddenFrom="sm" px="sm" pb="sm">
            <SignedInAs username={username} role={role} />
          </Group>
          {screensFor(role).map((screen) => {
            const active = current === screen.path;
            return (
              <NavLink
                key={screen.path}
                component={Link}
                to={screen.path}
                label={screen.label}
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={close}
              />
            );
          })}
        </Stack>
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}

/**
 * The signed-in admin screens' layout route (src/routes.ts; the login page is outside it): the
 * site's name, the screens the signed-in role may open, who is signed in, and Logout, around the
 * screen. Without a stored session it adds nothing: the screen's own gate says "Redirecting to
 * login..." and goes there. The session is read as it first renders, as the screens' gate reads it
 * (admin-session.tsx): the admin area is client-only.
 */
export function AdminShell() {
  const [session] = useState<StoredSession | null>(readSession);
  if (session === null) return <Outlet />;
  return <Shell session={session} />;
}

export default AdminShell;

import { SimpleGrid } from '@mantine/core';
import { AdminPage } from './components/admin-page';
import { ActiveSessions } from './components/active-sessions';
import { ChangePasswordForm } from './components/change-password-form';
import { SignInMethods } from './components/sign-in-methods';
import { AuditLogPanel } from './components/audit-log-panel';
import { PeoplePanel } from './components/people-panel';

/** /admin/security: where the owner is signed in, and their password. */
export function SecurityScreen() {
  return (
    <AdminPage
      title="Security"
      intro="See where you are signed in to the admin area, sign out devices you no longer use, change your password, and add passkeys or two-step sign-in."
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ActiveSessions />
        <ChangePasswordForm />
        <SignInMethods />
      </SimpleGrid>
      <PeoplePanel />
      <AuditLogPanel />
    </AdminPage>
  );
}

/** The route module of /admin/security (src/routes.ts). */
export default SecurityScreen;

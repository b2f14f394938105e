import { AdminProviders } from './admin-providers';
import { DashboardScreen } from './dashboard-screen';
import { FilesScreen } from './files-screen';
import { LoginScreen } from './login-screen';

// The three admin routes (app/routes.tsx). Each brings the admin-only providers with it.
export function LoginPage() {
  return (
    <AdminProviders>
      <LoginScreen />
    </AdminProviders>
  );
}

export function DashboardPage() {
  return (
    <AdminProviders>
      <DashboardScreen />
    </AdminProviders>
  );
}

export function FilesPage() {
  return (
    <AdminProviders>
      <FilesScreen />
    </AdminProviders>
  );
}

// The admin area is one chunk: its screens share most of their code, and one chunk keeps the
// public pages' shared chunks as they are (more admin entry points split them further).
export { AdminLayout } from './admin-layout';
export { DashboardScreen } from './dashboard-screen';
export { FilesScreen } from './files-screen';
export { LittersScreen } from './litters-screen';
export { LoginScreen } from './login-screen';
export { SecurityScreen } from './security-screen';
export { WaitlistScreen } from './waitlist-screen';

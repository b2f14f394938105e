export { DashboardScreen as default } from '../dashboard-screen';

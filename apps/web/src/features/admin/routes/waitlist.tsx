export { WaitlistScreen as default } from '../waitlist-screen';

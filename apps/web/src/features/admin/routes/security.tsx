export { SecurityScreen as default } from '../security-screen';

export { LittersScreen as default } from '../litters-screen';

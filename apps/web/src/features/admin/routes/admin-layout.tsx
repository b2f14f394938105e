import { site } from '@cedar/content';
import type { MetaFunction } from 'react-router';

// The admin area's routes: client-only, never prerendered nor indexed.
export { AdminLayout as default } from '../admin-layout';

export const meta: MetaFunction = () => [
  { title: `Admin | ${site.brandName}` },
  { name: 'robots', content: 'noindex' },
];

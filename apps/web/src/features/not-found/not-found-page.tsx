import { notFoundMeta } from '@cedar/content';
import type { MetaFunction } from 'react-router';
import { NotFoundContent } from './not-found-content';

// Any path that is no page (react-router.config.ts prerenders it as the server's 404.html).
export const meta: MetaFunction = () => [
  { title: notFoundMeta.title },
  { name: 'description', content: notFoundMeta.description },
  { name: 'robots', content: 'noindex' },
];

export default function NotFoundPage() {
  return <NotFoundContent />;
}

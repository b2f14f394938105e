import { notFoundMeta } from '@cedar/content';
import { NotFoundContent } from './not-found-content';
import type { Route } from './+types/not-found-page';

// Any path that is no page (react-router.config.ts prerenders it as the server's 404.html).
export const meta: Route.MetaFunction = () => [
  { title: notFoundMeta.title },
  { name: 'description', content: notFoundMeta.description },
  { name: 'robots', content: 'noindex' },
];

export default function NotFoundPage() {
  return <NotFoundContent />;
}

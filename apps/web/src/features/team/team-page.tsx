import type { LoaderFunctionArgs } from 'react-router';
import { pageData, pageMeta } from '../../lib/page-data';
import { TeamContent } from './team-content';

export const loader = ({ request }: LoaderFunctionArgs) => pageData(request);
export const meta = pageMeta;

export default function TeamPage() {
  return <TeamContent />;
}

import type { LoaderFunctionArgs } from 'react-router';
import { pageData, pageMeta } from '../../lib/page-data';
import { TrainingContent } from './training-content';

export const loader = ({ request }: LoaderFunctionArgs) => pageData(request);
export const meta = pageMeta;

export default function TrainingPage() {
  return <TrainingContent />;
}

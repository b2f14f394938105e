import type { LoaderFunctionArgs } from 'react-router';
import { pageData, pageMeta } from '../../lib/page-data';
import { RawFoodContent } from './raw-food-content';

export const loader = ({ request }: LoaderFunctionArgs) => pageData(request);
export const meta = pageMeta;

export default function RawFoodPage() {
  return <RawFoodContent />;
}

import type { LoaderFunctionArgs } from 'react-router';
import { pageData, pageMeta } from '../../lib/page-data';
import { HeroSection } from '../../sections/hero-section';
import { HomeContent } from './home-content';

export const loader = ({ request }: LoaderFunctionArgs) => pageData(request);
export const meta = pageMeta;

export default function HomePage() {
  return (
    <>
      <HeroSection />
      <HomeContent />
    </>
  );
}

import { staticPart } from '../../components/static-content';
import { HeroSection } from '../../sections/hero-section';

// Below the hero, nothing but text, photos and links: kept as prerendered when the page
// hydrates, and its code is a chunk of its own, loaded only when the page renders in the app.
const HomeContent = staticPart(() => import('./home-content').then((module) => module.HomeContent));

export function Component() {
  return (
    <>
      <HeroSection />
      <HomeContent />
    </>
  );
}

import { healthCopy, naturalLivingSlides } from '@cedar/content';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withCarouselLayout } from '../test/carousel-layout';
import { renderWithProviders } from '../test/render';
import { PhotoCarousel } from './photo-carousel';
import { CAROUSEL_ATTRIBUTE, loadCarouselView } from './photo-carousel-load';

withCarouselLayout();

// A page loaded with a carousel asks for its code before it hydrates (entry.client.tsx): React
// stops a press on a part still loading its code. Once the code is in, the carousel must be drawn
// in the same render, not through React's lazy (which would suspend once and hydrate it later).
describe('PhotoCarousel', () => {
  it('once its code is in, draws the live carousel in the first render, marked for the client entry', async () => {
    await loadCarouselView();
    renderWithProviders(
      <PhotoCarousel
        slides={naturalLivingSlides}
        copy={healthCopy.naturalLivingCarousel}
        testId="natural-living-carousel"
      />,
    );
    const carousel = screen.getByTestId('natural-living-carousel');
    expect(carousel).toHaveAttribute(CAROUSEL_ATTRIBUTE);
    expect(screen.getByRole('button', { name: 'Next photo' })).toBeInTheDocument();
    expect(await screen.findByText(`Slide 1 of ${naturalLivingSlides.length}`)).toBeInTheDocument();
  });
});

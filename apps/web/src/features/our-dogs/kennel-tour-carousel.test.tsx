import { kennelTourSlides } from '@cedar/content';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { withCarouselLayout } from '../../test/carousel-layout';
import { renderWithProviders } from '../../test/render';
import { KennelTourCarousel } from './kennel-tour-carousel';

withCarouselLayout();

// In jsdom, Embla does not start behind the carousel's lazy boundary (in a browser it does, and
// e2e/puppies-dogs-health.spec.ts moves both carousels): the carousel's behaviour is tested here
// on its live view.
vi.mock('../../components/photo-carousel', async () => {
  const { PhotoCarouselView } = await import('../../components/photo-carousel-view');
  return { PhotoCarousel: PhotoCarouselView };
});

function status() {
  return screen.getByRole('status');
}

describe('KennelTourCarousel', () => {
  it('shows the 5 captioned photos with labelled controls', async () => {
    renderWithProviders(<KennelTourCarousel slides={kennelTourSlides} />);
    expect(kennelTourSlides).toHaveLength(5);
    for (const slide of kennelTourSlides) {
      expect(screen.getByAltText(slide.alt)).toHaveAttribute('width', '800');
      expect(screen.getByText(slide.caption)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Previous kennel photo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next kennel photo' })).toBeInTheDocument();
    expect(await screen.findByText('Slide 1 of 5')).toBeInTheDocument();
  });

  it('moves with next, previous and the dots, and loops both ways', async () => {
    const user = userEvent.setup();
    renderWithProviders(<KennelTourCarousel slides={kennelTourSlides} />);
    await screen.findByText('Slide 1 of 5');
    const next = screen.getByRole('button', { name: 'Next kennel photo' });
    const previous = screen.getByRole('button', { name: 'Previous kennel photo' });

    await user.click(next);
    expect(status()).toHaveTextContent('Slide 2 of 5');
    await user.click(previous);
    expect(status()).toHaveTextContent('Slide 1 of 5');
    // From the first slide, previous loops to the last…
    await user.click(previous);
    expect(status()).toHaveTextContent('Slide 5 of 5');
    // …and from the last, next loops to the first.
    await user.click(next);
    expect(status()).toHaveTextContent('Slide 1 of 5');

    const dots = screen.getAllByRole('tab');
    expect(dots).toHaveLength(5);
    await user.click(
      screen.getByRole('tab', { name: `Show kennel photo 4: ${kennelTourSlides[3]?.caption}` }),
    );
    expect(status()).toHaveTextContent('Slide 4 of 5');
    expect(screen.getAllByRole('tab')[3]).toHaveAttribute('aria-selected', 'true');
  });
});

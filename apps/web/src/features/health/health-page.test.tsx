import { healthCards, naturalLivingSlides } from '@cedar/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { withCarouselLayout } from '../../test/carousel-layout';
import { renderWithProviders } from '../../test/render';
import { renderRoutePage } from '../../test/render';
import HealthPage, { loader } from './health-page';
import { NaturalLivingCarousel } from './natural-living-carousel';

withCarouselLayout();

// In jsdom, Embla does not start behind the carousel's lazy boundary (in a browser it does, and
// e2e/puppies-dogs-health.spec.ts moves both carousels): the carousel's behaviour is tested here
// on its live view.
vi.mock('../../components/photo-carousel', async () => {
  const { PhotoCarouselView } = await import('../../components/photo-carousel-view');
  return { PhotoCarousel: PhotoCarouselView };
});

const renderPage = () => renderRoutePage('/health-testing', HealthPage, loader);

// Page-level renders are heavy for jsdom on a shared machine.
describe('Holistic Health page', { timeout: 20_000 }, () => {
  it('has one h1, the Natural Living carousel, the Healthy Start narrative and the four health cards', async () => {
    await renderPage();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Holistic Health');
    expect(screen.getByRole('heading', { level: 2, name: 'Natural Living' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Natural Living photos' })).toBeInTheDocument();

    const story = screen
      .getByRole('heading', { level: 2, name: 'A Healthy Start' })
      .closest('section');
    expect(story).not.toBeNull();
    const text = story?.textContent ?? '';
    expect(text).toContain('5-6 weeks');
    expect(text).toContain('at least 4 hours');
    expect(text).toContain('7 open acres');
    expect(text).toContain('24 months');
    expect(
      within(story as HTMLElement).getAllByText(/./, { selector: 'p' }).length,
    ).toBeGreaterThanOrEqual(3);

    const cards = screen.getAllByTestId('health-card');
    expect(cards.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Fresh Dog Food',
      'Delay Spay & Neuter',
      'Reduce Vaccinations',
      'DNA & OFA Testing',
    ]);
  });

  it('opens a health card in a dialog with its image and full essay, closed by its control', async () => {
    const user = userEvent.setup();
    await renderPage();
    const card = healthCards[1];
    if (!card) throw new Error('no health card');
    expect(screen.queryByRole('dialog')).toBeNull();

    // The whole card is clickable.
    await user.click(screen.getAllByTestId('health-card')[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: card.title });
    // The essay's chunk arrives after the popup's frame.
    const image = await within(dialog).findByRole('img', { name: card.title });
    expect(image).toHaveAttribute('src', card.image);
    expect(image).toHaveAttribute('width', '800');
    for (const paragraph of card.essay)
      expect(within(dialog).getByText(paragraph)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close article' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Its button opens it too.
    await user.click(
      screen.getByRole('button', { name: `Read the full article: ${healthCards[3]?.title}` }),
    );
    expect(await screen.findByRole('dialog', { name: healthCards[3]?.title })).toBeInTheDocument();
  });
});

describe('NaturalLivingCarousel', () => {
  it('shows the captioned photos and moves with next, previous and the dots', async () => {
    const user = userEvent.setup();
    renderWithProviders(<NaturalLivingCarousel slides={naturalLivingSlides} />);
    const total = naturalLivingSlides.length;
    for (const slide of naturalLivingSlides) {
      expect(screen.getByAltText(slide.alt)).toHaveAttribute('height', '600');
      expect(screen.getByText(slide.caption)).toBeInTheDocument();
    }
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(`Slide 1 of ${total}`));

    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(status).toHaveTextContent(`Slide 2 of ${total}`);
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(status).toHaveTextContent(`Slide 3 of ${total}`);
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(status).toHaveTextContent(`Slide 2 of ${total}`);

    const dots = screen.getAllByRole('tab');
    expect(dots).toHaveLength(total);
    const lastSlide = naturalLivingSlides[total - 1];
    await user.click(
      screen.getByRole('tab', { name: `Show photo ${total}: ${lastSlide?.caption}` }),
    );
    expect(status).toHaveTextContent(`Slide ${total} of ${total}`);
    expect(screen.getAllByRole('tab')[total - 1]).toHaveAttribute('aria-selected', 'true');
    await user.click(
      screen.getByRole('tab', { name: `Show photo 1: ${naturalLivingSlides[0]?.caption}` }),
    );
    expect(status).toHaveTextContent(`Slide 1 of ${total}`);
  });
});

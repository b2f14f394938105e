import { kennelTourSlides } from '@cedar/content';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { KennelTourCarousel } from './kennel-tour-carousel';

const SLIDE_WIDTH = 800;

// jsdom does no layout; embla measures offsetWidth/offsetLeft and the slides' margins, so give
// the slides a row of real sizes.
function stubCarouselLayout() {
  const proto = HTMLElement.prototype;
  const computed = window.getComputedStyle;
  return [
    vi.spyOn(window, 'getComputedStyle').mockImplementation((elt, pseudo) => {
      const style = computed(elt, pseudo);
      const read = style.getPropertyValue.bind(style);
      style.getPropertyValue = (name: string) => read(name) || (name.startsWith('margin') ? '0px' : '');
      return style;
    }),
    vi.spyOn(proto, 'offsetWidth', 'get').mockReturnValue(SLIDE_WIDTH),
    vi.spyOn(proto, 'offsetHeight', 'get').mockReturnValue(600),
    vi.spyOn(proto, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
      if (this.getAttribute('aria-roledescription') !== 'slide' || !this.parentElement) return 0;
      return Array.prototype.indexOf.call(this.parentElement.children, this) * SLIDE_WIDTH;
    }),
  ];
}

let spies: ReturnType<typeof stubCarouselLayout> = [];
beforeEach(() => {
  spies = stubCarouselLayout();
});
afterEach(() => spies.forEach((s) => s.mockRestore()));

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
    await user.click(screen.getByRole('tab', { name: `Show kennel photo 4: ${kennelTourSlides[3]?.caption}` }));
    expect(status()).toHaveTextContent('Slide 4 of 5');
    expect(screen.getAllByRole('tab')[3]).toHaveAttribute('aria-selected', 'true');
  });
});

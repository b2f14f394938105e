import { fireEvent, screen } from '@testing-library/react';
import { Link } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render';
import { RouteEffects } from './route-effects';

describe('RouteEffects', () => {
  it('leaves the first page where the visitor scrolled it, and scrolls to the top on a route change', () => {
    const scrollTo = vi.mocked(window.scrollTo);
    scrollTo.mockClear();
    renderWithProviders(
      <>
        <RouteEffects />
        <Link to="/puppy-application">Start Your Journey Today</Link>
      </>,
      { route: '/puppies' },
    );
    // A visitor who scrolled down before the app started keeps the link under their finger.
    expect(scrollTo).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('link', { name: 'Start Your Journey Today' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });
});

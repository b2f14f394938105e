import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import NotFoundPage from './not-found-page';

describe('not-found screen', () => {
  it('shows the 404 heading and the router hint', () => {
    renderWithProviders(<NotFoundPage />, { route: '/nowhere' });
    expect(
      screen.getByRole('heading', { level: 1, name: '404 Page Not Found' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/forget to add the page to the router/i)).toBeInTheDocument();
  });
});

import { site } from '@cedar/content';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import BoardingPage from './boarding-page';

describe('Board & Train page', () => {
  it('invites the dog to Retreat to the Bluff', () => {
    renderWithProviders(<BoardingPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Retreat to the Bluff' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/seven open acres/i).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Daily Training' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Fresh Food' })).toBeInTheDocument();
  });

  it('opens the retreat request form in a new tab', () => {
    renderWithProviders(<BoardingPage />);
    const links = screen.getAllByRole('link', { name: 'Request a Retreat' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link).toHaveAttribute('href', site.urls.retreatForm);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});

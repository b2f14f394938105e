import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import HomePage from './home-page';

describe('Home page', () => {
  it('has one h1, the brand name', () => {
    renderWithProviders(<HomePage />);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent('Cedar Bluff Labradors');
  });

  it('links the Halloween banner to the contest', () => {
    renderWithProviders(<HomePage />);
    const banner = screen.getByRole('link', { name: /Halloween Costume Contest/ });
    expect(banner).toHaveAttribute('href', '/halloween-contest');
    expect(banner).toHaveTextContent('Submissions open Oct 31 - Nov 3');
    expect(banner).toHaveTextContent(/click to enter/i);
  });

  it('includes the Preservation Breeding essay', () => {
    renderWithProviders(<HomePage />);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Preservation Breeding' }),
    ).toBeInTheDocument();
  });

  it('shows three image cards to Our Dogs, Puppy Placement and Behavior Academy Options', () => {
    renderWithProviders(<HomePage />);
    const cards = [
      ['Our Dogs', '/breeding-dogs'],
      ['Puppy Placement', '/puppies'],
      ['Behavior Academy Options', '/training'],
    ] as const;
    for (const [title, href] of cards) {
      const heading = screen.getByRole('heading', { level: 3, name: title });
      expect(within(heading).getByRole('link', { name: title })).toHaveAttribute('href', href);
      const card = heading.closest('article');
      if (!card) throw new Error(`${title} is not in a card`);
      expect(within(card).getByRole('img')).toHaveAttribute('loading', 'lazy');
    }
  });

  it('closes with the call to action to /contact', () => {
    renderWithProviders(<HomePage />);
    expect(
      screen.getByRole('heading', { level: 2, name: 'Ready to find your perfect companion?' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute(
      'href',
      '/contact',
    );
  });
});

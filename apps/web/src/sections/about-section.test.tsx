import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { AboutSection } from './about-section';

describe('AboutSection', () => {
  it('is the Preservation Breeding essay of three to five paragraphs', () => {
    renderWithProviders(<AboutSection />);
    const section = screen.getByRole('region', { name: 'Preservation Breeding' });
    expect(
      within(section).getByRole('heading', { level: 2, name: 'Preservation Breeding' }),
    ).toBeInTheDocument();
    const paragraphs = section.querySelectorAll('p');
    const essay = [...paragraphs].filter((p) => (p.textContent ?? '').length > 120);
    expect(essay.length).toBeGreaterThanOrEqual(3);
    expect(essay.length).toBeLessThanOrEqual(5);
    expect(within(section).getByRole('img')).toHaveAttribute('loading', 'lazy');
  });
});

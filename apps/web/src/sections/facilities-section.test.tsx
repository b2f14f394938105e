import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { FacilitiesSection } from './facilities-section';

describe('FacilitiesSection', () => {
  it('describes the seven acres, the whelping den, the kennel and appointment-only visits', () => {
    renderWithProviders(<FacilitiesSection />);
    const section = screen.getByRole('region', { name: 'Our Facilities' });
    const scoped = within(section);
    expect(scoped.getByRole('heading', { level: 3, name: 'Seven Open Acres' })).toBeInTheDocument();
    expect(scoped.getByRole('heading', { level: 3, name: 'The Whelping Den' })).toBeInTheDocument();
    expect(scoped.getByRole('heading', { level: 3, name: 'The Kennel' })).toBeInTheDocument();
    expect(scoped.getByRole('heading', { name: 'Visits by appointment only' })).toBeInTheDocument();
    expect(scoped.getByText(/turned away without exception/)).toBeInTheDocument();
    for (const image of scoped.getAllByRole('img')) expect(image).toHaveAttribute('alt');
  });
});

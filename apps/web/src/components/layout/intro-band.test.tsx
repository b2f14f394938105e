import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { IntroBand } from './intro-band';

describe('IntroBand', () => {
  it('shows the eyebrow, the page heading and each paragraph of the intro', () => {
    renderWithProviders(
      <IntroBand
        eyebrow="Join the family"
        title="Puppy Application"
        intro={['First paragraph.', 'Second paragraph.']}
      />,
    );
    expect(screen.getByText('Join the family')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Puppy Application' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/paragraph\.$/).map((p) => p.textContent)).toEqual([
      'First paragraph.',
      'Second paragraph.',
    ]);
  });

  it('takes a single paragraph, with no eyebrow', () => {
    const { container } = renderWithProviders(
      <IntroBand title="Contact Us" intro="Write to us." />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.getByText('Write to us.')).toBeInTheDocument();
    expect(container.querySelectorAll('p')).toHaveLength(1);
  });
});

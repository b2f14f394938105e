import type { Testimonial } from '@cedar/content';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { collapseText } from '../components/section-parts';
import { TestimonialsSection } from './testimonials-section';

const exactly150 = 'A'.repeat(149) + '.';
const long =
  'Our boy came home calm, confident and already crate trained, and the handover session answered every question we had. ' +
  'A year later he is the gentlest dog we have ever known and everyone who meets him asks where he came from.';

const base = {
  dog: 'Juniper',
  degree: "Master's Degree",
  parents: 'Duke x Maple',
  location: '' as const,
};
const fixture: Testimonial[] = [
  { ...base, name: 'The Long Family', text: long, image: '/images/testimonials/testimonial-1.jpg' },
  {
    ...base,
    name: 'The Exact Family',
    text: exactly150,
    image: '/images/testimonials/testimonial-2.jpg',
  },
  {
    ...base,
    name: 'The Short Family',
    text: 'Simply the best.',
    image: '/images/testimonials/testimonial-3.jpg',
  },
];

function card(name: string) {
  const article = screen.getByRole('heading', { level: 3, name }).closest('article');
  if (!article) throw new Error(`no card for ${name}`);
  return within(article);
}

describe('TestimonialsSection', () => {
  it('shows name, dog, program, parents and photo on every card, and no empty location line', () => {
    renderWithProviders(<TestimonialsSection items={fixture} />);
    expect(
      screen.getByRole('heading', { level: 2, name: 'What Our Families Say' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    const c = card('The Short Family');
    expect(c.getByText('Juniper')).toBeInTheDocument();
    expect(c.getByText("Master's Degree")).toBeInTheDocument();
    expect(c.getByText('Duke x Maple')).toBeInTheDocument();
    expect(c.getByRole('img', { name: 'The Short Family with Juniper' })).toHaveAttribute(
      'src',
      '/images/testimonials/testimonial-3.jpg',
    );
    expect(c.getByText('Simply the best.')).toBeInTheDocument();
  });

  it('offers Read More only when the text exceeds 150 characters, and toggles to Read Less', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TestimonialsSection items={fixture} />);
    expect(screen.getAllByRole('button', { name: 'Read More' })).toHaveLength(1);

    const c = card('The Long Family');
    expect(c.getByText(`${long.slice(0, 150).trimEnd()}…`)).toBeInTheDocument();
    expect(c.queryByText(long)).not.toBeInTheDocument();
    const toggle = c.getByRole('button', { name: 'Read More' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(c.getByText(long)).toBeInTheDocument();
    expect(c.getByRole('button', { name: 'Read Less' })).toHaveAttribute('aria-expanded', 'true');

    await user.click(c.getByRole('button', { name: 'Read Less' }));
    expect(c.getByRole('button', { name: 'Read More' })).toHaveAttribute('aria-expanded', 'false');
    expect(c.queryByText(long)).not.toBeInTheDocument();
  });

  it('shows a text of exactly 150 characters in full, without a toggle', () => {
    renderWithProviders(<TestimonialsSection items={fixture} />);
    const c = card('The Exact Family');
    expect(exactly150).toHaveLength(150);
    expect(c.getByText(exactly150)).toBeInTheDocument();
    expect(c.queryByRole('button')).not.toBeInTheDocument();
  });

  it('collapses to the first 150 characters and an ellipsis', () => {
    expect(collapseText('x'.repeat(151), 150)).toBe(`${'x'.repeat(150)}…`);
    expect(collapseText('x'.repeat(150), 150)).toBe('x'.repeat(150));
  });
});

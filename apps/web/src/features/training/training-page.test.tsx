import { trainingPrograms } from '@cedar/content';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import TrainingPage from './training-page';

describe('Training page', () => {
  it('opens with The Legacy Lives On', () => {
    renderWithProviders(<TrainingPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'The Legacy Lives On' }),
    ).toBeInTheDocument();
  });

  it('lists the three programs with whole-dollar prices and their facts', () => {
    renderWithProviders(<TrainingPage />);
    const expected = [
      ["Bachelor's Degree", '$7,500'],
      ["Master's Degree", '$12,500'],
      ['Doctorate Degree', '$17,500'],
    ] as const;
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(3);
    expected.forEach(([name, price], index) => {
      const card = within(articles[index] as HTMLElement);
      expect(card.getByRole('heading', { level: 3, name })).toBeInTheDocument();
      expect(card.getByText(price)).toBeInTheDocument();
      const program = trainingPrograms.find((p) => p.name === name);
      for (const fact of program?.facts ?? []) expect(card.getByText(fact)).toBeInTheDocument();
    });
  });

  it('has A Lifetime of Care and a Begin Your Journey button to the application', () => {
    renderWithProviders(<TrainingPage />);
    expect(
      screen.getByRole('heading', { level: 2, name: 'A Lifetime of Care' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Begin Your Journey' })).toHaveAttribute(
      'href',
      '/puppy-application',
    );
  });
});

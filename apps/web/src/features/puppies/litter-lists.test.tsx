import { dogById, type Litter } from '@cedar/content';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders, renderWithProviders } from '../../test/render';
import { PageActions } from '../../components/page-actions';
import { formatBirthDate } from './format-birth-date';
import { LitterLists } from './litter-lists';
import { listedLitter, type ListedLitter } from './puppies-data';

const NOW = new Date('2026-11-22T12:00:00Z');

// As the page's loader gives them: with the parents' names.
function litter(
  overrides: Partial<Litter> & Pick<Litter, 'id' | 'birthDate' | 'status'>,
): ListedLitter {
  return listedLitter({
    name: overrides.id,
    sire: 'duke',
    dam: 'maple',
    puppiesCount: 6,
    available: '2 of 6 available',
    readyDate: 'Ready soon',
    images: ['/images/litters/duke-clover-1.jpg'],
    description: 'A lovely litter.',
    ...overrides,
  });
}

const fixtures: ListedLitter[] = [
  // 12 weeks old, status Ready: Select, Trained
  litter({
    id: 'ready-litter',
    name: 'Ranger x Juniper',
    sire: 'ranger',
    dam: 'juniper',
    birthDate: '2026-08-30',
    status: 'Ready',
  }),
  // 8 weeks 3 days: Select by age, Ready
  litter({
    id: 'eight-weeks',
    name: 'Duke x Clover',
    sire: 'duke',
    dam: 'clover',
    birthDate: '2026-09-24',
    status: 'Current',
    puppiesCount: 8,
  }),
  // 4 weeks 5 days: below the 5-week threshold, Upcoming with Ready Soon
  litter({
    id: 'young',
    name: 'Bourbon x Maple',
    sire: 'bourbon',
    dam: 'maple',
    birthDate: '2026-10-20',
    status: 'Current',
  }),
  // 3 days old
  litter({
    id: 'newborn',
    name: 'Copper x Ginger',
    sire: 'copper',
    dam: 'ginger',
    birthDate: '2026-11-19',
    status: 'Current',
  }),
  // Due: Upcoming, Mid-September
  litter({
    id: 'due',
    name: 'Duke x Honey',
    sire: 'duke',
    dam: 'honey',
    birthDate: 'Due January 2027',
    status: 'Upcoming',
    puppiesCount: 'TBD',
  }),
];

function renderLists(now: Date, onViewPedigree = vi.fn()) {
  renderWithProviders(
    <Routes>
      <Route
        path="/puppies"
        element={
          // As on the page: the cards' buttons run the action the page gives.
          <PageActions value={{ pedigree: onViewPedigree }}>
            <LitterLists litters={fixtures} now={now} />
          </PageActions>
        }
      />
      <Route path="/puppy-application" element={<h1>Puppy application</h1>} />
    </Routes>,
    { route: '/puppies' },
  );
  return onViewPedigree;
}

function cardsIn(list: 'select' | 'upcoming') {
  return within(screen.getByTestId(`${list}-litters`)).queryAllByTestId('litter-card');
}

function cardNamed(name: string) {
  const heading = screen.getByRole('heading', { level: 3, name });
  const card = heading.closest('article');
  if (!card) throw new Error(`no card for ${name}`);
  return within(card);
}

describe('LitterLists', () => {
  it('splits the litters with a fixed clock, newest first, with the right buttons and link targets', () => {
    renderLists(NOW);
    expect(screen.getByRole('heading', { level: 2, name: 'Select Litters' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Upcoming Litters' })).toBeInTheDocument();

    const select = cardsIn('select');
    expect(select.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Duke x Clover',
      'Ranger x Juniper',
    ]);
    for (const card of select) {
      expect(within(card).getByRole('link', { name: 'Contact About This Litter' })).toHaveAttribute(
        'href',
        '/puppy-application',
      );
      expect(within(card).queryByRole('link', { name: 'Reserve Your Spot' })).toBeNull();
    }

    const upcoming = cardsIn('upcoming');
    expect(upcoming.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Duke x Honey',
      'Copper x Ginger',
      'Bourbon x Maple',
    ]);
    for (const card of upcoming) {
      expect(within(card).getByRole('link', { name: 'Reserve Your Spot' })).toHaveAttribute(
        'href',
        '/puppy-application',
      );
      expect(within(card).queryByRole('link', { name: 'Contact About This Litter' })).toBeNull();
    }
  });

  it('shows image, sire and dam names, birth date, age, badge, counts, ready date and description', () => {
    renderLists(NOW);
    const ready = cardNamed('Ranger x Juniper');
    expect(
      ready.getByRole('img', { name: 'Puppies from the Ranger x Juniper litter' }),
    ).toHaveAttribute('src', '/images/litters/duke-clover-1.jpg');
    expect(ready.getByText(dogById('ranger')?.name ?? '')).toBeInTheDocument();
    expect(ready.getByText(dogById('juniper')?.name ?? '')).toBeInTheDocument();
    expect(ready.getByText(formatBirthDate('2026-08-30'))).toBeInTheDocument();
    expect(ready.getByText('August 30, 2026')).toBeInTheDocument();
    expect(ready.getByText('12 weeks old')).toBeInTheDocument();
    expect(ready.getByTestId('litter-badge')).toHaveTextContent('Trained');
    expect(ready.getByText('2 of 6 available')).toBeInTheDocument();
    expect(ready.getByText('Ready soon')).toBeInTheDocument();
    expect(ready.getByText('A lovely litter.')).toBeInTheDocument();

    const eight = cardNamed('Duke x Clover');
    expect(eight.getByText('8 weeks old')).toBeInTheDocument();
    expect(eight.getByTestId('litter-badge')).toHaveTextContent(/^Ready$/);
    expect(eight.getByText('8')).toBeInTheDocument();

    expect(cardNamed('Bourbon x Maple').getByText('4 weeks old')).toBeInTheDocument();
    expect(cardNamed('Bourbon x Maple').getByTestId('litter-badge')).toHaveTextContent(
      'Ready Soon',
    );
    expect(cardNamed('Copper x Ginger').getByText('3 days old')).toBeInTheDocument();

    const due = cardNamed('Duke x Honey');
    expect(due.getByText('Due January 2027')).toBeInTheDocument();
    expect(due.getByText('Mid-September')).toBeInTheDocument();
    expect(due.getByTestId('litter-badge')).toHaveTextContent('Upcoming');
    expect(due.getByText('TBD')).toBeInTheDocument();
  });

  it('names a parent that is not on file by its id', () => {
    renderWithProviders(
      <LitterLists
        litters={[
          litter({ id: 'stranger', sire: 'stranger', birthDate: '2026-10-20', status: 'Current' }),
        ]}
        now={NOW}
      />,
    );
    expect(cardNamed('stranger').getByText('stranger', { selector: 'p' })).toBeInTheDocument();
    expect(cardNamed('stranger').getByText(dogById('maple')?.name ?? '')).toBeInTheDocument();
  });

  it('moves a litter into Select Litters once it is 5 weeks old', () => {
    renderLists(new Date('2026-11-24T12:00:00Z'));
    expect(
      within(screen.getByTestId('select-litters')).getByRole('heading', {
        name: 'Bourbon x Maple',
      }),
    ).toBeInTheDocument();
  });

  it.each([
    ['Reserve Your Spot', 'Duke x Honey'],
    ['Contact About This Litter', 'Ranger x Juniper'],
  ])('navigates to the application from %s', async (button, litterName) => {
    const user = userEvent.setup();
    renderLists(NOW);
    await user.click(cardNamed(litterName).getByRole('link', { name: button }));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Puppy application' }),
    ).toBeInTheDocument();
  });

  it('asks for the litter pedigree from a card', async () => {
    const user = userEvent.setup();
    const onViewPedigree = renderLists(NOW);
    await user.click(cardNamed('Duke x Clover').getByRole('button', { name: 'View Pedigree' }));
    expect(onViewPedigree).toHaveBeenCalledWith('eight-weeks');
  });

  it('renders every card into the HTML on the server, dated by the day it is given', () => {
    const html = renderToString(
      <TestProviders route="/puppies">
        <LitterLists litters={fixtures} now={NOW} />
      </TestProviders>,
    );
    expect(html.match(/data-testid="litter-card"/g)).toHaveLength(fixtures.length);
    expect(html).toContain('12 weeks old');
    expect(html).toContain('3 days old');
  });
  it('lists each puppy with its status and "N of M available" in the server HTML; says when none is', () => {
    const pup = (id: string, status: 'available' | 'reserved' | 'placed') => ({
      id,
      name: `${id} collar`,
      sex: 'Female' as const,
      color: 'Yellow' as const,
      status,
    });
    const withPuppies = [
      {
        ...fixtures[0]!,
        puppies: [pup('red', 'available'), pup('blue', 'reserved'), pup('green', 'placed')],
      },
      { ...fixtures[1]!, puppies: [pup('pink', 'placed'), pup('teal', 'reserved')] },
      ...fixtures.slice(2),
    ];
    const html = renderToString(
      <TestProviders route="/puppies">
        <LitterLists litters={withPuppies} now={NOW} />
      </TestProviders>,
    );
    expect(html).toContain('1 of 3 available');
    expect(html).toContain('None available');
    expect(html.match(/data-testid="puppy"/g)).toHaveLength(5);
    expect(html).toMatch(/red collar.*?Available/);
    expect(html).toMatch(/blue collar.*?Reserved/);
    expect(html).toMatch(/green collar.*?Placed/);
    // The rules are the same: the same split and badges as without puppies.
    expect(html.match(/data-testid="litter-card"/g)).toHaveLength(fixtures.length);
  });
});

import { COUNTS, contestEntries, site } from '@cedar/content';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import HalloweenPage from './halloween-page';

const entryButtons = () => within(screen.getByTestId('contest-gallery')).getAllByRole('button');

// Forty entries make role queries slow in jsdom on a busy machine.
describe('halloween contest page', { timeout: 20_000 }, () => {
  it('shows the badge, the title, the three date cards and the steps', () => {
    renderWithProviders(<HalloweenPage />, { route: '/halloween-contest' });
    expect(screen.getByText('Halloween 2025')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Halloween Costume Contest',
    ]);
    for (const [title, text] of [
      ['Contest Dates', 'Submissions October 31st through November 3rd'],
      ['Voting', 'November 4th through 6th'],
      ['Judging', 'Winners announced Saturday, November 8th'],
    ] as const) {
      expect(
        screen.getByRole('heading', { level: 3, name: title }).parentElement,
      ).toHaveTextContent(text);
    }
    const how = within(screen.getByRole('region', { name: 'How to Enter' }));
    expect(how.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Dress Up Your Pup',
      'Take a Photo',
      'Submit Your Entry',
    ]);
    const upload = how.getByRole('link', { name: 'Upload Your Photo' });
    expect(upload).toHaveAttribute('href', site.urls.contestUpload);
    expect(upload).toHaveAttribute('target', '_blank');
    expect(upload).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('lists the contest rules', () => {
    renderWithProviders(<HalloweenPage />, { route: '/halloween-contest' });
    const rules = within(screen.getByRole('region', { name: 'Contest Rules' }));
    expect(rules.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      "Open to all of Cedar Bluff's Labrador dogs and families.",
      'One entry per dog.',
      'Photos must be submitted by November 3rd, 2025.',
      'Costumes must be safe and comfortable for your dog.',
      'By entering, you give Cedar Bluff Labradors permission to share your photos on our website and social media.',
    ]);
  });

  it('shows the 40 entries with name, family and photo', () => {
    renderWithProviders(<HalloweenPage />, { route: '/halloween-contest' });
    expect(entryButtons()).toHaveLength(COUNTS.contestEntries);
    const first = contestEntries[0]!;
    expect(entryButtons()[0]).toHaveAccessibleName(`${first.name} ${first.familyName}`);
    const button = within(entryButtons()[0]!);
    expect(button.getByText(first.name)).toBeInTheDocument();
    expect(button.getByText(first.familyName)).toBeInTheDocument();
    expect(button.getByRole('img', { hidden: true })).toHaveAttribute('src', first.image);
  });

  it('opens a full-screen popup with the large photo, name and family; the x closes it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HalloweenPage />, { route: '/halloween-contest' });
    const entry = contestEntries[2]!;
    await user.click(entryButtons()[2]!);
    const dialog = await screen.findByRole('dialog', { name: entry.name });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', entry.image);
    expect(within(dialog).getByText(entry.familyName)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes the popup when the backdrop is clicked, not when the photo is', async () => {
    const user = userEvent.setup();
    renderWithProviders(<HalloweenPage />, { route: '/halloween-contest' });
    await user.click(entryButtons()[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('img'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // The dark area around the photo and its words.
    fireEvent.click(dialog.querySelector('figure') as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

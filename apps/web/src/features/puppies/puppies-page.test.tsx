import {
  championWinner,
  dogById,
  litters,
  pedigreeFor,
  puppiesCopy,
  puppyPhotos,
} from '@cedar/content';
import { dayStart, kennelDay, splitLitters } from '@cedar/litter-logic';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutePage } from '../../test/render';
import PuppiesPage, { loader } from './puppies-page';

const renderPage = () => renderRoutePage('/puppies', PuppiesPage, loader);

// Page-level renders are heavy for jsdom on a shared machine.
describe('Puppies page', { timeout: 20_000 }, () => {
  it('shows the heading, the 15-photo grid and the 4-step process with its call to action', async () => {
    await renderPage();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Puppy Placement');

    const grid = screen.getByTestId('puppy-photo-grid');
    const photos = within(grid).getAllByRole('img');
    expect(photos).toHaveLength(15);
    for (const img of photos) {
      expect(img).toHaveAttribute('width');
      expect(img).toHaveAttribute('height');
      expect(img.getAttribute('alt')).toBeTruthy();
    }

    const steps = ['Inquire & Apply', 'Match', 'Choose Training', 'Welcome Home'];
    const process = screen
      .getByRole('heading', { level: 2, name: 'How Puppy Placement Works' })
      .closest('section') as HTMLElement;
    expect(
      within(process)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(steps);
    expect(screen.getByRole('link', { name: 'Start Your Journey Today' })).toHaveAttribute(
      'href',
      '/puppy-application',
    );
  });

  it('renders a card for every litter that is not archived', async () => {
    await renderPage();
    expect(screen.getAllByTestId('litter-card')).toHaveLength(litters.length);
  });

  it('on a later day, updates the litters’ ages in place (the lists are not drawn anew)', async () => {
    // A visit a week after the day the site was built: the page renders that day first (as
    // prerendered), then moves on to today.
    const later = new Date(Date.now() + 7 * 86_400_000);
    vi.useFakeTimers({ toFake: ['Date'], now: later });
    const removed: Node[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) removed.push(...record.removedNodes);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    try {
      await renderPage();
      const select = screen.getByTestId('select-litters');
      const { select: expected } = splitLitters(litters, dayStart(kennelDay(later)));
      const first = expected[0];
      if (!first) throw new Error('no select litter');
      const card = within(
        within(select)
          .getByRole('heading', { level: 3, name: first.name })
          .closest('article') as HTMLElement,
      );
      expect(await card.findByText(first.readiness.age)).toBeInTheDocument();
      expect(screen.getByTestId('select-litters')).toBe(select);
      expect(removed.filter((node) => node.contains(select))).toEqual([]);
    } finally {
      observer.disconnect();
      vi.useRealTimers();
    }
  });

  it('names each litter’s sire and dam, and the champion, from the loader’s data', async () => {
    await renderPage();
    for (const litter of litters) {
      const heading = screen.getByRole('heading', { level: 3, name: litter.name });
      const card = within(heading.closest('article') as HTMLElement);
      expect(card.getByText(dogById(litter.sire)?.name ?? litter.sire)).toBeInTheDocument();
      expect(card.getByText(dogById(litter.dam)?.name ?? litter.dam)).toBeInTheDocument();
    }
    const name = dogById(championWinner.dogId)?.name ?? championWinner.title;
    const teaser = within(
      screen
        .getByRole('heading', { level: 2, name: puppiesCopy.champion.heading })
        .closest('section') as HTMLElement,
    );
    expect(teaser.getByRole('img', { name: puppiesCopy.champion.photoAlt(name) })).toHaveAttribute(
      'src',
      championWinner.image,
    );
    expect(teaser.getByText(puppiesCopy.champion.text(name))).toBeInTheDocument();
  });

  it('opens a puppy photo enlarged and closes it', async () => {
    const user = userEvent.setup();
    await renderPage();
    const photo = puppyPhotos[2];
    if (!photo) throw new Error('no photo');
    const button = screen.getByRole('button', { name: `View larger: ${photo.alt}` });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Puppy photo 3 of 15' });
    expect(within(dialog).getByRole('img', { name: photo.alt })).toHaveAttribute('src', photo.src);
    await user.click(within(dialog).getByRole('button', { name: 'Close photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the litter pedigree with the sire and dam, their highlights and parents', async () => {
    const user = userEvent.setup();
    await renderPage();
    const card = screen.getAllByTestId('litter-card')[0] as HTMLElement;
    const name = within(card).getByRole('heading', { level: 3 }).textContent ?? '';
    const litter = litters.find((l) => l.name === name);
    if (!litter) throw new Error(`no litter ${name}`);
    await user.click(within(card).getByRole('button', { name: 'View Pedigree' }));

    const dialog = await screen.findByRole('dialog', { name: `${litter.name} Pedigree` });
    for (const [relation, id] of [
      ['sire', litter.sire],
      ['dam', litter.dam],
    ] as const) {
      const dog = dogById(id);
      if (!dog) throw new Error(`no dog ${id}`);
      // The content loads apart from the page (first open here; ahead of the tap in a browser).
      const panel = within(await within(dialog).findByTestId(`litter-parent-${relation}`));
      expect(panel.getByRole('heading', { name: dog.name })).toBeInTheDocument();
      expect(panel.getByText(dog.formalName)).toBeInTheDocument();
      expect(panel.getByText(dog.pedigreeHighlight)).toBeInTheDocument();
      expect(panel.getByRole('img')).toHaveAttribute('src', dog.image);
      const tree = pedigreeFor(id)?.tree;
      if (tree) {
        expect(panel.getByText(tree.sire.name)).toBeInTheDocument();
        expect(panel.getByText(tree.dam.name)).toBeInTheDocument();
      } else {
        expect(panel.getByText('Pedigree information not available')).toBeInTheDocument();
      }
    }
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the champion winner with photo, title and story', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(screen.getByRole('button', { name: 'Meet Our Champion' }));
    const dialog = await screen.findByRole('dialog', { name: championWinner.title });
    expect(await within(dialog).findByRole('img')).toHaveAttribute('src', championWinner.image);
    for (const paragraph of championWinner.story)
      expect(within(dialog).getByText(paragraph)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

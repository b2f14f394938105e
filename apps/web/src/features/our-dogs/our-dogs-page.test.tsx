import {
  dames,
  dogById,
  galleryFor,
  pedigreeFor,
  sires,
  type Dog,
  type Pedigree,
} from '@cedar/content';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { renderRoutePage } from '../../test/render';
import OurDogsPage, { loader } from './our-dogs-page';
import { PedigreeDetails } from './pedigree-details';
import { PuppyGallery } from './puppy-gallery';

function dog(id: string): Dog {
  const found = dogById(id);
  if (!found) throw new Error(`no dog ${id}`);
  return found;
}

const renderPage = () => renderRoutePage('/breeding-dogs', OurDogsPage, loader);

// Page-level renders are heavy for jsdom on a shared machine.
const PAGE_TIMEOUT = { timeout: 20_000 };

function cardOf(name: string) {
  const card = screen
    .getAllByTestId('dog-card')
    .find((c) => c.querySelector('h3')?.textContent === name);
  if (!card) throw new Error(`no card for ${name}`);
  return within(card);
}

async function openPedigree(name: string) {
  const user = userEvent.setup();
  await renderPage();
  await user.click(cardOf(name).getByRole('button', { name: 'View Full Pedigree' }));
  const dialog = within(await screen.findByRole('dialog', { name: `${name}’s Pedigree` }));
  // The content loads apart from the page (first open here; ahead of the tap in a browser).
  await dialog.findByRole('heading', { name: 'Official AKC Certified Pedigree' });
  return { user, dialog };
}

describe('Our Dogs page', PAGE_TIMEOUT, () => {
  it('shows the hero, 6 sires and 9 dames with photo, names, highlight, description and buttons', async () => {
    await renderPage();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Heirs of Excellence');
    const cards = [
      ...within(screen.getByTestId('our-sires')).getAllByTestId('dog-card'),
      ...within(screen.getByTestId('our-dames')).getAllByTestId('dog-card'),
    ];
    expect(cards).toHaveLength(15);
    expect(sires).toHaveLength(6);
    expect(dames).toHaveLength(9);
    [...sires, ...dames].forEach((d, i) => {
      const card = within(cards[i] as HTMLElement);
      expect(card.getByRole('heading', { level: 3 })).toHaveTextContent(d.name);
      expect(card.getByRole('img')).toHaveAttribute('src', d.image);
      expect(card.getByText(d.formalName)).toBeInTheDocument();
      expect(card.getByText(d.pedigreeHighlight)).toBeInTheDocument();
      expect(card.getByText(d.description)).toBeInTheDocument();
      expect(card.getByRole('button', { name: 'View Full Pedigree' })).toBeInTheDocument();
      expect(card.queryByRole('button', { name: 'View Puppies' }) !== null).toBe(d.hasPuppies);
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Tour Our Kennel' })).toBeInTheDocument();
    // The carousel's code arrives apart (React's lazy): the first import of its chunk is
    // transformed on the spot, which takes seconds on a busy machine.
    expect(
      await screen.findByRole('region', { name: 'Kennel tour photos' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('opens the pedigree with a three-generation tree, highlight photos and the AKC document', async () => {
    const { dialog } = await openPedigree('Duke');
    const pedigree = pedigreeFor('duke');
    const tree = pedigree?.tree;
    if (!pedigree || !tree) throw new Error('Duke has no pedigree');
    const nodes = dialog.getAllByTestId('pedigree-node');
    expect(nodes).toHaveLength(6);
    const ancestors = [
      tree.sire,
      tree.sire.sire,
      tree.sire.dam,
      tree.dam,
      tree.dam.sire,
      tree.dam.dam,
    ];
    ancestors.forEach((node, i) => expect(nodes[i]).toHaveTextContent(node?.name ?? ''));
    expect(nodes[0]).toHaveTextContent('Sire');
    expect(nodes[3]).toHaveTextContent('Dam');
    expect(nodes[1]).toHaveTextContent('Paternal Grandsire');
    // each ancestor's photo is a button, its titles are buttons
    expect(
      dialog.getByRole('button', { name: `View larger photo of ${tree.sire.name}` }),
    ).toBeInTheDocument();
    for (const t of tree.sire.titles)
      expect(
        within(nodes[0] as HTMLElement).getByRole('button', {
          name: `${t}: what this title means`,
        }),
      ).toBeInTheDocument();

    const highlights = within(dialog.getByTestId('pedigree-highlights')).getAllByRole('img');
    expect(highlights.length).toBeLessThanOrEqual(4);
    expect(highlights).toHaveLength(pedigree.highlights.length);
    expect(
      dialog.getByRole('heading', { name: 'Official AKC Certified Pedigree' }),
    ).toBeInTheDocument();
    expect(
      dialog.getByRole('img', { name: 'Official AKC certified pedigree document of Duke' }),
    ).toHaveAttribute('src', pedigree.document ?? '');
  });

  it('opens the title popup on top of the pedigree; closing it leaves the pedigree open', async () => {
    const { user, dialog } = await openPedigree('Duke');
    const badge = dialog.getAllByRole('button', {
      name: 'GCH: what this title means',
    })[0] as HTMLElement;
    await user.click(badge);
    const title = await screen.findByRole('dialog', { name: 'Title: GCH' });
    expect(await within(title).findByTestId('title-full-name')).toHaveTextContent('Grand Champion');
    await user.click(within(title).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Title: GCH' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Duke’s Pedigree' })).toBeInTheDocument();
  });

  it('shows an unknown title abbreviation as it is', async () => {
    // Copper's sire holds WC, which is not in the spec's list.
    const { user, dialog } = await openPedigree('Copper');
    await user.click(
      dialog.getAllByRole('button', { name: 'WC: what this title means' })[0] as HTMLElement,
    );
    const title = await screen.findByRole('dialog', { name: 'Title: WC' });
    expect(await within(title).findByTestId('title-full-name')).toHaveTextContent(/^WC$/);
  });

  it('opens an ancestor photo in the image popup on top of the pedigree', async () => {
    const { user, dialog } = await openPedigree('Ranger');
    const sire = pedigreeFor('ranger')?.tree?.sire;
    if (!sire?.image) throw new Error('no sire photo');
    await user.click(dialog.getByRole('button', { name: `View larger photo of ${sire.name}` }));
    const image = await screen.findByRole('dialog', { name: sire.name });
    expect(within(image).getByRole('img')).toHaveAttribute('src', sire.image);
    await user.click(within(image).getByRole('button', { name: 'Close photo' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: sire.name })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Ranger’s Pedigree' })).toBeInTheDocument();
  });

  it('says when pedigree data is missing', async () => {
    // Moose has no pedigree data; Poppy has no document.
    const moose = await openPedigree('Moose');
    expect(moose.dialog.getByText('Pedigree information not available')).toBeInTheDocument();
    expect(moose.dialog.queryByTestId('pedigree-tree')).toBeNull();
  });

  it('says when the pedigree document is missing', async () => {
    const poppy = await openPedigree('Poppy');
    expect(
      poppy.dialog.getByText('Official pedigree document available upon request'),
    ).toBeInTheDocument();
    expect(poppy.dialog.getByTestId('pedigree-tree')).toBeInTheDocument();
  });

  it('opens a dog photo in the image popup', async () => {
    const user = userEvent.setup();
    await renderPage();
    const button = cardOf('Maple').getByRole('button', { name: 'View larger photo of Maple' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Maple' });
    expect(within(dialog).getByRole('img')).toHaveAttribute('src', dog('maple').image);
    expect(within(dialog).getByText(dog('maple').formalName)).toBeInTheDocument();
  });

  it('opens Puppies by {dog} with each litter’s birth date and dam, and each puppy’s name, gender and colour', async () => {
    const user = userEvent.setup();
    await renderPage();
    await user.click(cardOf('Duke').getByRole('button', { name: 'View Puppies' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Puppies by Duke' }));
    const gallery = galleryFor('duke');
    if (!gallery) throw new Error('no gallery');
    const sections = await dialog.findAllByTestId('gallery-litter');
    expect(sections).toHaveLength(gallery.litters.length);
    gallery.litters.forEach((litter, i) => {
      const section = within(sections[i] as HTMLElement);
      expect(
        section.getByRole('heading', { name: `Born ${litter.birthDate}` }),
      ).toBeInTheDocument();
      expect(section.getByText(`Dam: ${litter.dam}`)).toBeInTheDocument();
      const puppies = section.getAllByTestId('gallery-puppy');
      expect(puppies).toHaveLength(litter.puppies.length);
      litter.puppies.forEach((puppy, j) => {
        const card = within(puppies[j] as HTMLElement);
        expect(card.getByText(puppy.name)).toBeInTheDocument();
        expect(card.getByText(`${puppy.gender} · ${puppy.color}`)).toBeInTheDocument();
        expect(card.getByRole('img')).toHaveAttribute('src', puppy.image);
      });
    });
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('pedigree and gallery fallbacks', () => {
  const noop = vi.fn();

  it('shows both pedigree fallbacks when neither the tree nor the document exists', () => {
    const pedigree: Pedigree = { dogId: 'daisy', tree: null, highlights: [], document: null };
    renderWithProviders(
      <PedigreeDetails dog={dog('daisy')} pedigree={pedigree} onImage={noop} onTitle={noop} />,
    );
    expect(screen.getByText('Pedigree information not available')).toBeInTheDocument();
    expect(
      screen.getByText('Official pedigree document available upon request'),
    ).toBeInTheDocument();
  });

  it('treats a dog without any pedigree entry like one without data', () => {
    renderWithProviders(
      <PedigreeDetails dog={dog('daisy')} pedigree={undefined} onImage={noop} onTitle={noop} />,
    );
    expect(screen.getByText('Pedigree information not available')).toBeInTheDocument();
  });

  it('shows at most 4 highlight photos', () => {
    const base = pedigreeFor('duke');
    if (!base?.tree) throw new Error('no pedigree');
    const many = Array.from({ length: 6 }, (_, i) => ({
      image: `/images/ancestors/x-${i}.jpg`,
      caption: `Highlight ${i}`,
    }));
    renderWithProviders(
      <PedigreeDetails
        dog={dog('duke')}
        pedigree={{ ...base, highlights: many }}
        onImage={noop}
        onTitle={noop}
      />,
    );
    expect(within(screen.getByTestId('pedigree-highlights')).getAllByRole('img')).toHaveLength(4);
  });

  it('says when a dog has no puppy information', () => {
    renderWithProviders(<PuppyGallery dog={dog('daisy')} gallery={undefined} onImage={noop} />);
    expect(screen.getByText('No puppy information available for Daisy')).toBeInTheDocument();
    renderWithProviders(
      <PuppyGallery dog={dog('honey')} gallery={{ dogId: 'honey', litters: [] }} onImage={noop} />,
    );
    expect(screen.getByText('No puppy information available for Honey')).toBeInTheDocument();
  });
});

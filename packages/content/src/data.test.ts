import { isValidBirthDate, splitLitters } from '@cedar/litter-logic';
import { describe, expect, it } from 'vitest';
import {
  COUNTS,
  FOOD_PRICES,
  TESTIMONIAL_TRUNCATE_AT,
  TRAINING_PRICES,
  championWinner,
  contestEntries,
  dames,
  dogById,
  dogs,
  foodProducts,
  galleryFor,
  healthCards,
  kennelTourSlides,
  litters,
  naturalLivingSlides,
  pedigreeFor,
  pedigrees,
  puppyGalleries,
  puppyPhotos,
  sires,
  team,
  testimonials,
  titleName,
  titles,
  trainingPrograms,
  type PedigreeNode,
} from './index';

const TODAY = new Date('2026-11-22T12:00:00Z');

describe('the counts the site promises', () => {
  it('has the exact number of each thing', () => {
    expect(puppyPhotos).toHaveLength(COUNTS.puppyPhotos);
    expect(sires).toHaveLength(COUNTS.sires);
    expect(dames).toHaveLength(COUNTS.dames);
    expect(kennelTourSlides).toHaveLength(COUNTS.kennelTourSlides);
    expect(team).toHaveLength(COUNTS.teamMembers);
    expect(contestEntries).toHaveLength(COUNTS.contestEntries);
    expect(foodProducts).toHaveLength(COUNTS.foodProducts);
    expect(testimonials).toHaveLength(COUNTS.testimonials);
    expect(healthCards).toHaveLength(COUNTS.healthCards);
    expect(trainingPrograms).toHaveLength(COUNTS.trainingPrograms);
    expect(naturalLivingSlides.length).toBeGreaterThanOrEqual(4);
    expect(naturalLivingSlides.length).toBeLessThanOrEqual(5);
    expect(litters.length).toBeGreaterThanOrEqual(5);
    expect(litters.length).toBeLessThanOrEqual(7);
  });

  it('numbers the puppy photos 01 to 15', () => {
    expect(puppyPhotos.map((p) => p.src)).toEqual(
      Array.from(
        { length: 15 },
        (_, i) => `/images/puppies/puppy-${String(i + 1).padStart(2, '0')}.jpg`,
      ),
    );
  });
});

describe('dogs', () => {
  it('have unique ids, their own photo, and the right gender and age label per list', () => {
    expect(new Set(dogs.map((d) => d.id)).size).toBe(dogs.length);
    for (const dog of dogs) expect(dog.image).toBe(`/images/dogs/${dog.id}.jpg`);
    for (const sire of sires) {
      expect(sire.gender).toBe('Male');
      expect(['Active Stud', 'Previous Stud']).toContain(sire.ageLabel);
    }
    for (const dame of dames) {
      expect(dame.gender).toBe('Female');
      expect(dame.ageLabel).toBe('Breeding Female');
    }
    expect(new Set(sires.map((d) => d.ageLabel))).toEqual(
      new Set(['Active Stud', 'Previous Stud']),
    );
  });

  it('use every coat colour and have formal kennel names', () => {
    expect(new Set(dogs.map((d) => d.color))).toEqual(
      new Set(['Yellow', 'Chocolate', 'Black', 'Fox Red']),
    );
    for (const dog of dogs) expect(dog.formalName).toMatch(/^Cedar Bluff's /);
  });

  it('are found by id', () => {
    expect(dogById('duke')?.name).toBe('Duke');
    expect(dogById('nobody')).toBeUndefined();
  });
});

describe('litters', () => {
  it('pair a real sire with a real dame', () => {
    for (const litter of litters) {
      expect(sires.map((d) => d.id)).toContain(litter.sire);
      expect(dames.map((d) => d.id)).toContain(litter.dam);
      expect(litter.name).toBe(`${dogById(litter.sire)?.name} x ${dogById(litter.dam)?.name}`);
    }
    expect(new Set(litters.map((l) => l.id)).size).toBe(litters.length);
  });

  it('have birth dates litter-logic understands, TBD counts only when due', () => {
    for (const litter of litters) {
      expect(isValidBirthDate(litter.birthDate)).toBe(true);
      const due = litter.birthDate.includes('Due');
      expect(litter.puppiesCount === 'TBD').toBe(due);
      if (due) expect(litter.status).toBe('Upcoming');
    }
  });

  it('list the born litters\u2019 puppies, some reserved and some placed, the count agreeing', () => {
    const born = litters.filter((l) => !l.birthDate.includes('Due'));
    for (const litter of born) {
      expect(litter.puppies?.length).toBe(litter.puppiesCount);
      const available = litter.puppies!.filter((p) => p.status === 'available').length;
      expect(litter.available).toBe(`${available} of ${litter.puppiesCount} available`);
    }
    const statuses = born.flatMap((l) => l.puppies!.map((p) => p.status));
    expect(new Set(statuses)).toEqual(new Set(['available', 'reserved', 'placed']));
  });

  it('cover every Select and Upcoming case on 2026-11-22', () => {
    const { select, upcoming } = splitLitters(litters, TODAY);
    expect(select.some((l) => l.status === 'Ready')).toBe(true);
    expect(select.some((l) => l.status !== 'Ready' && (l.readiness.days ?? 0) >= 35)).toBe(true);
    expect(
      upcoming.some(
        (l) => !l.readiness.isDue && (l.readiness.days ?? -1) >= 0 && (l.readiness.days ?? 99) < 35,
      ),
    ).toBe(true);
    expect(upcoming.some((l) => l.birthDate === 'Due March 2027')).toBe(true);
    expect(upcoming.filter((l) => l.readiness.isDue).length).toBeGreaterThanOrEqual(2);
  });
});

describe('puppy galleries', () => {
  it('exist exactly for the dogs with puppies', () => {
    for (const gallery of puppyGalleries) expect(dogById(gallery.dogId)?.hasPuppies).toBe(true);
    for (const dog of dogs.filter((d) => d.hasPuppies)) expect(galleryFor(dog.id)).toBeDefined();
    expect(new Set(puppyGalleries.map((g) => g.dogId)).size).toBe(puppyGalleries.length);
    expect(galleryFor('copper')).toBeUndefined();
  });

  it('list one or two litters of three to six puppies each', () => {
    for (const gallery of puppyGalleries) {
      expect(gallery.litters.length).toBeGreaterThanOrEqual(1);
      expect(gallery.litters.length).toBeLessThanOrEqual(2);
      for (const litter of gallery.litters) {
        expect(litter.puppies.length).toBeGreaterThanOrEqual(3);
        expect(litter.puppies.length).toBeLessThanOrEqual(6);
        expect(litter.birthDate).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
        for (const puppy of litter.puppies)
          expect(puppy.image).toMatch(/^\/images\/puppies\/gallery\/[a-z0-9-]+\.jpg$/);
      }
    }
  });

  it('show a dam’s own name in her gallery', () => {
    for (const dame of dames.filter((d) => d.hasPuppies)) {
      for (const litter of galleryFor(dame.id)?.litters ?? []) expect(litter.dam).toBe(dame.name);
    }
  });
});

describe('pedigrees', () => {
  const ancestors = (node: PedigreeNode | undefined): PedigreeNode[] =>
    node ? [node, ...ancestors(node.sire), ...ancestors(node.dam)] : [];
  const allNodes = pedigrees.flatMap((p) =>
    p.tree ? [...ancestors(p.tree.sire), ...ancestors(p.tree.dam)] : [],
  );

  it('exist once for every dog and only for our dogs', () => {
    for (const p of pedigrees) expect(dogById(p.dogId)).toBeDefined();
    for (const dog of dogs) expect(pedigrees.filter((p) => p.dogId === dog.id)).toHaveLength(1);
    expect(pedigreeFor('duke')?.dogId).toBe('duke');
  });

  it('have exactly one dog without data and another without a document', () => {
    const noTree = pedigrees.filter((p) => p.tree === null);
    const noDocument = pedigrees.filter((p) => p.document === null);
    expect(noTree).toHaveLength(1);
    expect(noDocument).toHaveLength(1);
    expect(noTree[0]?.dogId).not.toBe(noDocument[0]?.dogId);
    for (const p of pedigrees)
      if (p.document) expect(p.document).toBe(`/images/pedigrees/${p.dogId}.jpg`);
  });

  it('go back three generations with photos', () => {
    for (const { tree } of pedigrees) {
      if (!tree) continue;
      for (const parent of [tree.sire, tree.dam]) {
        expect(parent.sire).toBeDefined();
        expect(parent.dam).toBeDefined();
        expect(parent.sire?.sire).toBeUndefined();
        expect(parent.dam?.dam).toBeUndefined();
      }
    }
    for (const node of allNodes)
      expect(node.image).toMatch(/^\/images\/(ancestors|dogs)\/[a-z0-9-]+\.jpg$/);
  });

  it('use the known titles and at least one unknown abbreviation', () => {
    const used = new Set(allNodes.flatMap((n) => n.titles));
    for (const known of Object.keys(titles)) expect(used).toContain(known);
    expect([...used].some((t) => !(t in titles))).toBe(true);
  });

  it('have at most four highlights, each an ancestor in the tree', () => {
    const images = new Set(allNodes.map((n) => n.image));
    for (const p of pedigrees) {
      expect(p.highlights.length).toBeLessThanOrEqual(COUNTS.pedigreeHighlightPhotos);
      for (const h of p.highlights) expect(images).toContain(h.image);
    }
    expect(pedigrees.some((p) => p.highlights.length === 4)).toBe(true);
  });
});

describe('titles', () => {
  it('name the known abbreviations and show unknown ones as they are', () => {
    expect(titleName('GCH')).toBe('Grand Champion');
    expect(titleName('LIT')).toBe('Limited');
    expect(titleName('WC')).toBe('WC');
  });
});

describe('page content', () => {
  it('gives the champion winner story to a sire', () => {
    expect(sires.map((d) => d.id)).toContain(championWinner.dogId);
  });

  it('has 40 contest entries with unique images and family names', () => {
    expect(new Set(contestEntries.map((e) => e.image)).size).toBe(40);
    for (const entry of contestEntries) expect(entry.familyName).toMatch(/^The .+ Family$/);
  });

  it('has testimonials on both sides of the Read More threshold', () => {
    expect(testimonials.some((t) => t.text.length > TESTIMONIAL_TRUNCATE_AT)).toBe(true);
    expect(testimonials.some((t) => t.text.length <= TESTIMONIAL_TRUNCATE_AT)).toBe(true);
    const programs = trainingPrograms.map((p) => p.name);
    for (const t of testimonials) {
      expect(programs).toContain(t.degree);
      expect(t.location).toBe('');
      expect(t.parents).toMatch(/^\w+ x \w+$/);
    }
  });

  it('prices the training programs as the business does', () => {
    expect(trainingPrograms.map((p) => [p.name, p.price])).toEqual([
      ["Bachelor's Degree", TRAINING_PRICES.bachelors],
      ["Master's Degree", TRAINING_PRICES.masters],
      ['Doctorate Degree', TRAINING_PRICES.doctorate],
    ]);
    expect(TRAINING_PRICES).toEqual({ bachelors: 7500, masters: 12500, doctorate: 17500 });
    const [bachelors, masters, doctorate] = trainingPrograms;
    expect(bachelors?.start).toBe('Starts at 7 weeks');
    expect(bachelors?.hours).toMatch(/nearly 200 hours/i);
    expect(bachelors?.facts.join(' ')).toMatch(/30 minutes a day/);
    expect(masters?.start).toBe('Starts at 12 weeks');
    expect(masters?.hours).toMatch(/nearly 400 hours/i);
    expect(doctorate?.hours).toMatch(/more than 600 hours/i);
    expect(doctorate?.facts.join(' ')).toMatch(/Canine Good Citizen/);
    expect(doctorate?.facts.join(' ')).toMatch(/6-8 hours when kenneled/);
  });

  it('prices the food as the business does', () => {
    const blends = foodProducts.filter((p) => p.unit === 'per 5 lb block');
    const butcher = foodProducts.filter((p) => p.unit === 'per 15 lb portion');
    expect(blends).toHaveLength(2);
    expect(butcher).toHaveLength(1);
    for (const p of blends) expect(p.price).toBe(FOOD_PRICES.blendPer5lbBlock);
    expect(butcher[0]?.price).toBe(FOOD_PRICES.butcherBagPer15lb);
    expect(FOOD_PRICES).toEqual({ blendPer5lbBlock: 28, butcherBagPer15lb: 30 });
    for (const p of foodProducts) {
      expect(p.benefits.length).toBeGreaterThanOrEqual(3);
      expect(p.benefits.length).toBeLessThanOrEqual(4);
    }
  });

  it('has the four health cards with full essays', () => {
    expect(healthCards.map((c) => c.title)).toEqual([
      'Fresh Dog Food',
      'Delay Spay & Neuter',
      'Reduce Vaccinations',
      'DNA & OFA Testing',
    ]);
    for (const card of healthCards) {
      expect(card.essay.length).toBeGreaterThanOrEqual(4);
      expect(card.essay.length).toBeLessThanOrEqual(6);
    }
    expect(healthCards[1]?.essay.join(' ')).toMatch(/at least 24 months/);
  });

  it('has ten distinct team members with portraits', () => {
    expect(new Set(team.map((m) => m.name)).size).toBe(10);
    for (const m of team) expect(m.image).toMatch(/^\/images\/team\/[a-z0-9-]+\.jpg$/);
    expect(team.some((m) => m.highlight)).toBe(true);
  });

  it('writes no placeholder copy', () => {
    const text = JSON.stringify([
      dogs,
      litters,
      pedigrees,
      puppyGalleries,
      healthCards,
      team,
      foodProducts,
      testimonials,
      trainingPrograms,
      contestEntries,
      kennelTourSlides,
      naturalLivingSlides,
      championWinner,
    ]);
    expect(text).not.toMatch(/placeholder|lorem ipsum|TODO/i);
  });
});

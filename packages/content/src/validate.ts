import { z } from 'zod';
import {
  allLitters,
  championWinner,
  contestEntries,
  dames,
  dogs,
  foodProducts,
  healthCards,
  kennelTourSlides,
  litterName,
  naturalLivingSlides,
  pedigrees,
  puppyGalleries,
  puppyPhotos,
  sires,
  team,
  testimonials,
  trainingPrograms,
} from './data';
import { errorPageCopy, layoutCopy } from './copy';
import { pages, siteNav } from './pages';
import {
  championWinnerSchema,
  contestEntrySchema,
  dogSchema,
  foodProductSchema,
  healthCardSchema,
  layoutCopySchema,
  errorPageCopySchema,
  litterSchema,
  pageEntrySchema,
  pedigreeSchema,
  photoSchema,
  puppyGallerySchema,
  siteConfigSchema,
  siteNavSchema,
  slideSchema,
  teamMemberSchema,
  testimonialSchema,
  trainingProgramSchema,
} from './schemas';
import { site } from './site';

/** One thing wrong with the content, said so that whoever edits the data finds it. */
export interface ContentProblem {
  /** The record: `litters[2] "duke-clover-fall-2026"`, or `site` for a single object. */
  record: string;
  /** The field inside it, dot-separated (`images.0`); empty for the record as a whole. */
  field: string;
  message: string;
}

const NAMING_FIELDS = ['id', 'dogId', 'path', 'name', 'title', 'src'] as const;

function recordLabel(collection: string, index: number | null, value: unknown): string {
  if (index === null) return collection;
  const record = typeof value === 'object' && value !== null ? value : {};
  const key = NAMING_FIELDS.map((k) => (record as Record<string, unknown>)[k]).find(
    (v) => typeof v === 'string' && v !== '',
  );
  return `${collection}[${index}]${typeof key === 'string' ? ` "${key}"` : ''}`;
}

/** Every schema problem of one collection (an array of records) or one object. */
function schemaProblems(collection: string, schema: z.ZodType, value: unknown): ContentProblem[] {
  const many = Array.isArray(value);
  const result = (many ? z.array(schema) : schema).safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    const [first, ...rest] = issue.path;
    const index = many && typeof first === 'number' ? first : null;
    const field = (index === null ? issue.path : rest).map(String).join('.');
    const record = index === null ? value : (value as unknown[])[index];
    return { record: recordLabel(collection, index, record), field, message: issue.message };
  });
}

/**
 * What the litters data file must be beyond each record's schema: ids unique, the sire one of our
 * sires and the dam one of our dames, the name theirs. The admin's saves are held to it as well.
 */
export function litterProblems(litters: readonly unknown[]): ContentProblem[] {
  const problems = schemaProblems('litters', litterSchema, litters);
  const seen = new Set<string>();
  litters.forEach((value, index) => {
    const parsed = litterSchema.safeParse(value);
    if (!parsed.success) return;
    const litter = parsed.data;
    const record = recordLabel('litters', index, litter);
    const problem = (field: string, message: string) => problems.push({ record, field, message });
    if (seen.has(litter.id)) problem('id', 'Another litter has this id');
    seen.add(litter.id);
    if (!sires.some((d) => d.id === litter.sire)) problem('sire', 'Choose one of our sires');
    if (!dames.some((d) => d.id === litter.dam)) problem('dam', 'Choose one of our dames');
    const name = litterName(litter.sire, litter.dam);
    if (litter.name !== name) problem('name', `The litter is named after its parents: "${name}"`);
  });
  return problems;
}

/** Every problem of the site's content: each record against its schema, and the references between them. */
export function contentProblems(): ContentProblem[] {
  const problems = [
    ...schemaProblems('site', siteConfigSchema, site),
    ...schemaProblems('pages', pageEntrySchema, pages),
    ...schemaProblems('layoutCopy', layoutCopySchema, layoutCopy),
    ...schemaProblems('errorPageCopy', errorPageCopySchema, errorPageCopy),
    ...schemaProblems('siteNav', siteNavSchema, siteNav()),
    ...schemaProblems('sires', dogSchema, sires),
    ...schemaProblems('dames', dogSchema, dames),
    ...schemaProblems('pedigrees', pedigreeSchema, pedigrees),
    ...litterProblems(allLitters),
    ...schemaProblems('puppyPhotos', photoSchema, puppyPhotos),
    ...schemaProblems('puppyGalleries', puppyGallerySchema, puppyGalleries),
    ...schemaProblems('championWinner', championWinnerSchema, championWinner),
    ...schemaProblems('healthCards', healthCardSchema, healthCards),
    ...schemaProblems('kennelTourSlides', slideSchema, kennelTourSlides),
    ...schemaProblems('naturalLivingSlides', slideSchema, naturalLivingSlides),
    ...schemaProblems('team', teamMemberSchema, team),
    ...schemaProblems('foodProducts', foodProductSchema, foodProducts),
    ...schemaProblems('testimonials', testimonialSchema, testimonials),
    ...schemaProblems('trainingPrograms', trainingProgramSchema, trainingPrograms),
    ...schemaProblems('contestEntries', contestEntrySchema, contestEntries),
  ];
  const ids = new Set<string>();
  dogs.forEach((dog) => {
    if (ids.has(dog.id))
      problems.push({
        record: `dogs "${dog.id}"`,
        field: 'id',
        message: 'Another dog has this id',
      });
    ids.add(dog.id);
  });
  pedigrees.forEach((p, index) => {
    if (!ids.has(p.dogId))
      problems.push({
        record: recordLabel('pedigrees', index, p),
        field: 'dogId',
        message: 'No dog has this id',
      });
  });
  puppyGalleries.forEach((g, index) => {
    if (!dogs.some((d) => d.id === g.dogId && d.hasPuppies))
      problems.push({
        record: recordLabel('puppyGalleries', index, g),
        field: 'dogId',
        message: 'Not a dog with hasPuppies',
      });
  });
  if (!sires.some((d) => d.id === championWinner.dogId))
    problems.push({ record: 'championWinner', field: 'dogId', message: 'Not one of our sires' });
  return problems;
}

export const describeProblem = ({ record, field, message }: ContentProblem) =>
  `${record}${field ? `, ${field}` : ''}: ${message}`;

export class ContentError extends Error {
  constructor(readonly problems: readonly ContentProblem[]) {
    super(
      `The site's content has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}:\n${problems
        .map((p) => `  ${describeProblem(p)}`)
        .join('\n')}`,
    );
    this.name = 'ContentError';
  }
}

/** Throws a ContentError naming every bad record and field; the tests and every build call it. */
export function validateContent(): void {
  const problems = contentProblems();
  if (problems.length > 0) throw new ContentError(problems);
}

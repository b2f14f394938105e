import { isValidBirthDate } from '@cedar/litter-logic';
import { z } from 'zod';

/** A path under packages/content/public, served from the site root, e.g. /images/dogs/duke.jpg */
export const imagePathSchema = z
  .string()
  .regex(/^\/images\/[a-z0-9/_-]+\.(jpg|png|webp)$/, 'an /images/... path');
export type ImagePath = z.infer<typeof imagePathSchema>;

const text = z.string().trim().min(1);
const SLUG = /^[a-z0-9-]+$/;
const slug = z.string().regex(SLUG);

export const coatColorSchema = z.enum(['Yellow', 'Chocolate', 'Black', 'Fox Red']);
export type CoatColor = z.infer<typeof coatColorSchema>;

export const dogSchema = z.strictObject({
  id: slug,
  name: text,
  formalName: text,
  gender: z.enum(['Male', 'Female']),
  color: coatColorSchema,
  ageLabel: z.enum(['Active Stud', 'Previous Stud', 'Breeding Female']),
  image: imagePathSchema,
  /** The one-line pedigree highlight on the card. */
  pedigreeHighlight: text,
  description: text,
  hasPuppies: z.boolean(),
});
export type Dog = z.infer<typeof dogSchema>;

export interface PedigreeNode {
  name: string;
  titles: string[];
  /** Coat colour, when known: colours the ancestor's photo placeholder. */
  color?: CoatColor | undefined;
  image?: string | undefined;
  achievements?: string | undefined;
  sire?: PedigreeNode | undefined;
  dam?: PedigreeNode | undefined;
}
export const pedigreeNodeSchema: z.ZodType<PedigreeNode> = z.lazy(() =>
  z.strictObject({
    name: text,
    titles: z.array(z.string().regex(/^[A-Z]{1,6}$/)),
    color: coatColorSchema.optional(),
    image: imagePathSchema.optional(),
    achievements: z.string().optional(),
    sire: pedigreeNodeSchema.optional(),
    dam: pedigreeNodeSchema.optional(),
  }),
);

/** One dog's pedigree popup: parents with their parents, up to 4 highlight photos, the AKC document. */
export const pedigreeSchema = z.strictObject({
  dogId: slug,
  /** null: 'Pedigree information not available' */
  tree: z.strictObject({ sire: pedigreeNodeSchema, dam: pedigreeNodeSchema }).nullable(),
  highlights: z.array(z.strictObject({ image: imagePathSchema, caption: text })).max(4),
  /** null: 'Official pedigree document available upon request' */
  document: imagePathSchema.nullable(),
});
export type Pedigree = z.infer<typeof pedigreeSchema>;

export const LITTER_STATUSES = ['Current', 'Ready', 'Upcoming'] as const;
export const LITTER_LIMITS = { text: 120, description: 2000, photos: 12, puppies: 20 } as const;

const PUPPIES_COUNT = `The number of puppies (1 to ${LITTER_LIMITS.puppies}), or TBD`;

const litterText = (what: string) =>
  z
    .string(`${what} is needed`)
    .trim()
    .min(1, `${what} is needed`)
    .max(LITTER_LIMITS.text, `${what} fits in ${LITTER_LIMITS.text} characters`);

export const PUPPY_STATUSES = ['available', 'reserved', 'placed'] as const;
export type PuppyStatus = (typeof PUPPY_STATUSES)[number];

/** One puppy of a litter: its id stays the same across edits (a reservation names it). */
export const litterPuppySchema = z.strictObject({
  id: z.string('A puppy needs an id').regex(/^[a-z0-9-]{1,40}$/, 'A puppy needs an id'),
  /** A name or a collar colour: 'Red collar', 'Maisie'. */
  name: litterText('The puppy\u2019s name or collar'),
  sex: z.enum(['Male', 'Female'], 'Choose male or female'),
  color: z.enum(coatColorSchema.options, 'Choose the colour'),
  image: imagePathSchema.optional(),
  status: z.enum(PUPPY_STATUSES, 'Choose available, reserved or placed'),
});
export type LitterPuppy = z.infer<typeof litterPuppySchema>;

/** A litter's own fields: what the owner fills in (the id and the name are worked out). */
const litterFields = {
  /** Dog ids */
  sire: z.string('Choose the sire').regex(SLUG, 'Choose the sire'),
  dam: z.string('Choose the dam').regex(SLUG, 'Choose the dam'),
  /** 'YYYY-MM-DD', or 'Due {Month Year}' */
  birthDate: z
    .string('Give the birth date (YYYY-MM-DD) or the month it is due')
    .refine(isValidBirthDate, 'Give the birth date (YYYY-MM-DD) or the month it is due'),
  puppiesCount: z.union(
    [
      z
        .number()
        .int(PUPPIES_COUNT)
        .positive(PUPPIES_COUNT)
        .max(LITTER_LIMITS.puppies, PUPPIES_COUNT),
      z.literal('TBD'),
    ],
    { error: PUPPIES_COUNT },
  ),
  available: litterText('Availability'),
  readyDate: litterText('The ready date'),
  images: z
    .array(imagePathSchema, 'Add at least one photo')
    .min(1, 'Add at least one photo')
    .max(LITTER_LIMITS.photos, `At most ${LITTER_LIMITS.photos} photos`),
  status: z.enum(LITTER_STATUSES, 'Choose Current, Ready or Upcoming'),
  description: z
    .string('A description is needed')
    .trim()
    .min(1, 'A description is needed')
    .max(
      LITTER_LIMITS.description,
      `The description fits in ${LITTER_LIMITS.description} characters`,
    ),
  /** An archived litter stays in the data file and leaves the public lists. */
  archived: z.boolean().optional(),
  /** The puppies, once born: each with its status. Absent (or empty) before the owner adds them. */
  puppies: z
    .array(litterPuppySchema, 'The puppies are a list')
    .max(LITTER_LIMITS.puppies, `At most ${LITTER_LIMITS.puppies} puppies`)
    .optional(),
};

/** Rules between a litter's fields: a litter not yet born has no count and is Upcoming. */
function checkLitter(
  litter: {
    birthDate: string;
    puppiesCount: number | 'TBD';
    status: string;
    puppies?: readonly LitterPuppy[] | undefined;
  },
  ctx: z.RefinementCtx,
) {
  const puppies = litter.puppies ?? [];
  if (puppies.length > 0 && litter.birthDate.includes('Due'))
    ctx.addIssue({
      code: 'custom',
      path: ['puppies'],
      message: 'Add the puppies once the litter is born',
    });
  const count = litter.puppiesCount;
  if (typeof count === 'number' && count >= 1 && puppies.length > count)
    ctx.addIssue({
      code: 'custom',
      path: ['puppies'],
      message: `The litter has ${litter.puppiesCount} puppies: ${puppies.length} are listed`,
    });
  const ids = new Set<string>();
  puppies.forEach((puppy, index) => {
    if (ids.has(puppy.id))
      ctx.addIssue({
        code: 'custom',
        path: ['puppies', index, 'id'],
        message: 'Two puppies have the same id',
      });
    ids.add(puppy.id);
  });
  const due = litter.birthDate.includes('Due');
  if (due && litter.puppiesCount !== 'TBD')
    ctx.addIssue({
      code: 'custom',
      path: ['puppiesCount'],
      message: 'A litter that is not born yet has TBD puppies',
    });
  if (!due && litter.puppiesCount === 'TBD')
    ctx.addIssue({
      code: 'custom',
      path: ['puppiesCount'],
      message: 'Give the number of puppies now that the litter is born',
    });
  if (due && litter.status !== 'Upcoming')
    ctx.addIssue({
      code: 'custom',
      path: ['status'],
      message: 'A litter that is not born yet is Upcoming',
    });
}

/** What the owner's form sends for one litter. */
export const litterDraftSchema = z.strictObject(litterFields).superRefine(checkLitter);
export type LitterDraft = z.infer<typeof litterDraftSchema>;

/** One record of src/data/litters.json. */
export const litterSchema = z
  .strictObject({ id: slug.max(80), name: text, ...litterFields })
  .superRefine(checkLitter);
export type Litter = z.infer<typeof litterSchema>;

export const puppySchema = z.strictObject({
  name: text,
  image: imagePathSchema,
  gender: z.enum(['Male', 'Female']),
  color: coatColorSchema,
  available: z.boolean(),
});
export type Puppy = z.infer<typeof puppySchema>;

/** 'Puppies by {dog}': earlier litters of one dog. */
export const puppyGallerySchema = z.strictObject({
  dogId: slug,
  litters: z.array(
    z.strictObject({
      birthDate: text,
      /** The dam's name as shown */
      dam: text,
      puppies: z.array(puppySchema).min(1),
    }),
  ),
});
export type PuppyGallery = z.infer<typeof puppyGallerySchema>;

export const photoSchema = z.strictObject({ src: imagePathSchema, alt: text });
export type Photo = z.infer<typeof photoSchema>;

export const slideSchema = z.strictObject({ src: imagePathSchema, alt: text, caption: text });
export type Slide = z.infer<typeof slideSchema>;

export const healthCardSchema = z.strictObject({
  id: slug,
  image: imagePathSchema,
  title: text,
  description: text,
  /** Paragraphs of the full essay */
  essay: z.array(text).min(2),
});
export type HealthCard = z.infer<typeof healthCardSchema>;

export const teamMemberSchema = z.strictObject({
  name: text,
  role: text,
  description: text,
  highlight: text.optional(),
  image: imagePathSchema,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const foodProductSchema = z.strictObject({
  id: slug,
  name: text,
  description: text,
  price: z.number().positive(),
  unit: text,
  benefits: z.array(text).min(1),
  image: imagePathSchema,
});
export type FoodProduct = z.infer<typeof foodProductSchema>;

export const testimonialSchema = z.strictObject({
  name: text,
  text,
  dog: text,
  /** The training program the dog completed */
  degree: text,
  parents: text,
  location: z.literal(''),
  image: imagePathSchema,
});
export type Testimonial = z.infer<typeof testimonialSchema>;

export const trainingProgramSchema = z.strictObject({
  id: slug,
  name: text,
  price: z.number().positive(),
  /** e.g. 'Starts at 7 weeks' */
  start: text,
  hours: text,
  summary: text,
  facts: z.array(text).min(2),
  image: imagePathSchema,
});
export type TrainingProgram = z.infer<typeof trainingProgramSchema>;

export const contestEntrySchema = z.strictObject({
  name: text,
  familyName: text,
  image: imagePathSchema,
});
export type ContestEntry = z.infer<typeof contestEntrySchema>;

export const championWinnerSchema = z.strictObject({
  dogId: slug,
  title: text,
  image: imagePathSchema,
  story: z.array(text).min(1),
});
export type ChampionWinner = z.infer<typeof championWinnerSchema>;

export const pageMetaSchema = z.strictObject({
  title: text,
  description: z.string().min(50).max(170),
  /** 1200x630 social image */
  image: imagePathSchema,
  heading: text,
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

const navOrder = z.number().int().positive();
/** One page of the site registry (pages.ts). */
export const pageEntrySchema = z.strictObject({
  path: z.string().regex(/^\/[a-z-]*$/),
  /** `<feature folder>/<file>` below apps/web/src/features, without the extension */
  prerender: z.boolean(),
  meta: pageMetaSchema,
  nav: z
    .strictObject({
      header: z
        .strictObject({
          /** The links before the dropdown, the Care & Lifestyle dropdown, or the Contact button */
          place: z.enum(['primary', 'care', 'button']),
          order: navOrder,
          label: text,
          /** The label on medium screens, when shorter */
          short: text.optional(),
        })
        .optional(),
      footer: z.strictObject({ order: navOrder, label: text }).optional(),
    })
    .optional(),
});
export type PageEntry = z.infer<typeof pageEntrySchema>;

export const siteConfigSchema = z.strictObject({
  brandName: text,
  tagline: text,
  address: z.strictObject({
    street: text,
    town: text,
    state: z.literal('NY'),
    zip: z.string().regex(/^\d{5}$/),
  }),
  /** Two numbers appear across pages: the main line and the training line. */
  phones: z.strictObject({ main: text, training: text }),
  email: z.email(),
  appointmentNote: text,
  urls: z.strictObject({
    book: z.url(),
    retreatForm: z.url(),
    foodOrder: z.url(),
    contestUpload: z.url(),
  }),
  forms: z.strictObject({
    scriptSrc: z.url(),
    portalId: z.string().regex(/^\d+$/),
    region: z.literal('na1'),
    contactFormId: z.uuid(),
    questionnaireFormId: z.uuid(),
    pages: z.array(z.string().regex(/^\/[a-z-]+$/)).min(1),
  }),
  copyrightYear: z.literal(2025),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

const navLinkSchema = z.strictObject({
  to: z.string().regex(/^\/[a-z-]*$/),
  label: text,
  short: text,
});
/** The header's and footer's links to pages (pages.ts's `siteNav()`). */
export const siteNavSchema = z.strictObject({
  primary: z.array(navLinkSchema).min(1),
  care: z.array(navLinkSchema).min(1),
  contact: navLinkSchema,
  footer: z.array(navLinkSchema).min(1),
});

/** The shared header's and footer's words (copy/layout.ts). */
export const layoutCopySchema = z.strictObject({
  skipLink: text,
  navLabel: text,
  careMenu: z.strictObject({ label: text }),
  book: z.strictObject({ label: text, short: text, newTabNote: text }),
  menuToggle: z.strictObject({ open: text, close: text }),
  footer: z.strictObject({
    navLabel: text,
    quickLinksHeading: text,
    contactHeading: text,
    blurb: text,
    rights: text,
  }),
});
export type LayoutCopy = z.infer<typeof layoutCopySchema>;

export const errorPageCopySchema = z.strictObject({
  title: text,
  heading: text,
  text,
  retry: text,
  home: text,
  callUs: text,
});
export type ErrorPageCopy = z.infer<typeof errorPageCopySchema>;

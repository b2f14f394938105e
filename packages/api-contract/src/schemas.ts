import { z } from 'zod';

/** Every error the API answers has this shape (never a stack trace). */
export const errorResponseSchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const usernameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9._@-]+$/, 'letters, digits and . _ @ - only');

export const loginRequestSchema = z.strictObject({
  username: z.string().min(1).max(64),
  password: z.string().min(1).max(256),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** What an admin may do (issue 39): the owner everything, a helper inquiries and the waitlist. */
export const adminRoleSchema = z.enum(['owner', 'helper']);
export type AdminRole = z.infer<typeof adminRoleSchema>;

export const adminUserSchema = z.object({
  username: z.string(),
  role: adminRoleSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const loginResponseSchema = z.object({
  token: z.string().min(1),
  user: adminUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** What the login page needs to know before it renders: whether the Test Login button exists. */
export const authConfigSchema = z.object({
  demoLogin: z.object({ username: z.string(), password: z.string() }).nullable(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** The colours seen in the forms provider's 'preferred colour' field; anything else is shown neutral. */
export const KNOWN_PREFERRED_COLORS = [
  'yellow',
  'black',
  'chocolate',
  'silver',
  'fox-red',
  'charcoal',
  'champagne',
  'no-preference',
] as const;

/** How the admin and the owner's e-mails name each known colour. */
export const PREFERRED_COLOR_LABELS: Record<(typeof KNOWN_PREFERRED_COLORS)[number], string> = {
  yellow: 'Yellow',
  black: 'Black',
  chocolate: 'Chocolate',
  silver: 'Silver',
  'fox-red': 'Fox Red',
  charcoal: 'Charcoal',
  champagne: 'Champagne',
  'no-preference': 'No Preference',
};

export const inquirySchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  preferredColor: z.string(),
  message: z.string().optional(),
  createdAt: z.iso.datetime(),
});
export type Inquiry = z.infer<typeof inquirySchema>;
export const inquiryListSchema = z.array(inquirySchema);

/** Where an inquiry stands in the owner's inbox; every new inquiry is `new`. */
export const INQUIRY_STATUSES = ['new', 'contacted', 'waitlist', 'placed', 'closed'] as const;
export const inquiryStatusSchema = z.enum(INQUIRY_STATUSES);
export type InquiryStatus = z.infer<typeof inquiryStatusSchema>;
export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  waitlist: 'Waitlist',
  placed: 'Placed',
  closed: 'Closed',
};

/** One answer of a form beyond the inquiry's own fields (the puppy questionnaire's), as asked. */
export const inquiryAnswerSchema = z.object({
  /** The form field's internal name (HubSpot's property name). */
  name: z.string(),
  /** The question as the owner reads it. */
  label: z.string(),
  value: z.string(),
});
export type InquiryAnswer = z.infer<typeof inquiryAnswerSchema>;

/** The form an inquiry was sent with. */
export const inquiryFormSchema = z.object({
  id: z.string(),
  /** 'Contact form', 'Puppy questionnaire', or the id of a form the site does not embed. */
  name: z.string(),
  /** The page the family sent it from, when the forms provider says. */
  pageUrl: z.string().optional(),
});
export type InquiryForm = z.infer<typeof inquiryFormSchema>;

/** An inquiry as the inbox shows it: the spec's fields, its status and the owner's private note. */
export const inboxInquirySchema = inquirySchema.extend({
  status: inquiryStatusSchema,
  note: z.string(),
  /** The form's other answers, in the form's order; absent when there were none. */
  answers: z.array(inquiryAnswerSchema).optional(),
  form: inquiryFormSchema.optional(),
  /** The form's e-mail is not one valid address: shown as written, never written to. */
  emailInvalid: z.literal(true).optional(),
  /** An announcement to the address bounced (no such address): when, and the mail server's reply. */
  emailBounce: z.object({ at: z.iso.datetime(), reply: z.string() }).optional(),
});
export type InboxInquiry = z.infer<typeof inboxInquirySchema>;

export const INQUIRY_PAGE_LIMIT = { default: 50, max: 200 } as const;
export const INQUIRY_NOTE_MAX = 5000;

const preferredColorSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9-]+$/, 'lower-case words joined by -');

/** How long a preferred colour may be: a colour the forms provider sent is kept as written. */
export const PREFERRED_COLOR_MAX = 60;
/** A colour to filter by: one of the spec's, or one kept as a family wrote it ('Blue Merle'). */
const colorFilterSchema = z
  .string()
  .trim()
  .min(1)
  .max(PREFERRED_COLOR_MAX)
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001f\u007f]+$/, 'no control characters');

/**
 * The inbox's filters, as query parameters. `q` searches case-insensitively for a substring of the
 * full name ("first last") or the e-mail address; when it holds digits and only phone punctuation
 * besides (`(518) 555-01`), its digits are also looked for among the phone number's digits.
 */
export const inquiryFilterSchema = z.strictObject({
  status: inquiryStatusSchema.optional(),
  color: colorFilterSchema.optional(),
  q: z.string().trim().max(100).optional(),
});
export type InquiryFilter = z.infer<typeof inquiryFilterSchema>;

export const inquiryPageQuerySchema = inquiryFilterSchema.extend({
  /** The `nextCursor` of the previous page; absent for the first (newest) page. */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be the nextCursor of an earlier page')
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(INQUIRY_PAGE_LIMIT.max)
    .default(INQUIRY_PAGE_LIMIT.default),
});
export type InquiryPageQuery = z.input<typeof inquiryPageQuerySchema>;

/** Newest first; `nextCursor` is null on the last page. */
export const inquiryPageSchema = z.object({
  items: z.array(inboxInquirySchema),
  nextCursor: z.string().nullable(),
  /**
   * The server's time when the page was read: the dashboard asks for the inquiries that arrived
   * after it (inquiryNewsQuerySchema's `since`). Absent from servers older than the live inbox.
   */
  asOf: z.iso.datetime().optional(),
});
export type InquiryPage = z.infer<typeof inquiryPageSchema>;

/** The inquiries that arrived since `since` (an `asOf` the server gave), matching the filter. */
export const inquiryNewsQuerySchema = inquiryFilterSchema.extend({
  since: z.iso.datetime({ offset: true }),
});
export type InquiryNewsQuery = z.input<typeof inquiryNewsQuerySchema>;

/** How many arrivals one answer lists at most (newest first); `more` says there were others. */
export const INQUIRY_NEWS_LIMIT = 100;

export const inquiryNewsSchema = z.object({
  /** Arrived since `since` and matching the filter, newest first. */
  items: z.array(inboxInquirySchema),
  /** More arrived than `items` lists: the dashboard reloads its list instead. */
  more: z.boolean(),
  /** The `since` of the next question. */
  asOf: z.iso.datetime(),
});
export type InquiryNews = z.infer<typeof inquiryNewsSchema>;

/** How inquiries reach the inbox and the owner: the dashboard shows what is wrong. */
export const intakeStatusSchema = z.object({
  hubspot: z.object({
    /**
     * off: no HUBSPOT_ACCESS_TOKEN; starting: the first poll has not answered yet; ok; refused:
     * HubSpot refused the token (401/403); failing: HubSpot could not be reached lately;
     * limited: the account's daily API limit is reached, polling resumes after its midnight.
     */
    state: z.enum(['off', 'starting', 'ok', 'refused', 'failing', 'limited']),
    /** What the owner should know, one sentence; null when all is well. */
    problem: z.string().nullable(),
    lastSuccessAt: z.iso.datetime().nullable(),
    /** The polling interval, in milliseconds. */
    intervalMs: z.number().int().positive(),
  }),
  mail: z.object({
    /** off: SMTP_URL, NOTIFY_EMAIL or MAIL_FROM missing; on: each new inquiry is e-mailed. */
    state: z.enum(['off', 'on']),
    /** Where the e-mails go; null when off. */
    to: z.string().nullable(),
    /** What holds every e-mail back (a refused login, a sending quota), one sentence; null when none. */
    problem: z.string().nullable(),
    /** E-mails waiting to be sent or retried. */
    pending: z.number().int().nonnegative(),
    /** E-mails given up on, newest first: each with the inquiry it was about. */
    failed: z.array(
      z.object({
        inquiryId: z.string(),
        name: z.string(),
        attempts: z.number().int().nonnegative(),
        failedAt: z.iso.datetime(),
        error: z.string(),
      }),
    ),
  }),
});
export type IntakeStatus = z.infer<typeof intakeStatusSchema>;

export const inquiryUpdateSchema = z
  .strictObject({
    status: inquiryStatusSchema.optional(),
    note: z
      .string()
      .max(
        INQUIRY_NOTE_MAX,
        `The note fits in ${INQUIRY_NOTE_MAX.toLocaleString('en-US')} characters`,
      )
      .optional(),
  })
  .refine((u) => u.status !== undefined || u.note !== undefined, 'give a status, a note or both');
export type InquiryUpdate = z.infer<typeof inquiryUpdateSchema>;

/**
 * The dashboard's cards, over every stored inquiry. `recent`: created within the last 24 hours.
 * `mostRequested`: the colour asked for most often ('no-preference' does not count; of colours
 * asked for equally often, the most recently asked for), with the others tied with it.
 */
export const inquiryStatsSchema = z.object({
  total: z.number().int().nonnegative(),
  recent: z.number().int().nonnegative(),
  mostRequested: z
    .object({
      color: z.string(),
      count: z.number().int().positive(),
      tiedWith: z.array(z.string()),
    })
    .nullable(),
  byStatus: z.record(inquiryStatusSchema, z.number().int().nonnegative()),
  byColor: z.array(z.object({ color: z.string(), count: z.number().int().positive() })),
});
export type InquiryStats = z.infer<typeof inquiryStatsSchema>;

/** A form submission as the forms provider's webhook delivers it (signed, see docs/api.md). */
export const inquirySubmissionSchema = z.strictObject({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email: z.email().max(254),
  phone: z.string().trim().min(3).max(40),
  preferredColor: preferredColorSchema,
  message: z.string().trim().max(5000).optional(),
  submittedAt: z.iso.datetime().optional(),
});
export type InquirySubmission = z.infer<typeof inquirySubmissionSchema>;

/**
 * The seven section files the owner may edit in the file editor, paths from the repo root, and
 * the public pages that show each one (the editor links to them once a change is live; a web test
 * keeps this equal to the page modules that import each section).
 */
export const EDITABLE_FILES = [
  { path: 'apps/web/src/sections/hero-section.tsx', name: 'Hero Section', pages: ['/'] },
  { path: 'apps/web/src/sections/about-section.tsx', name: 'About Section', pages: ['/'] },
  {
    path: 'apps/web/src/sections/puppies-section.tsx',
    name: 'Puppies Section',
    pages: ['/puppies'],
  },
  {
    path: 'apps/web/src/sections/contact-section.tsx',
    name: 'Contact Section',
    pages: ['/contact'],
  },
  {
    path: 'apps/web/src/sections/testimonials-section.tsx',
    name: 'Testimonials',
    pages: ['/contact'],
  },
  {
    path: 'apps/web/src/sections/facilities-section.tsx',
    name: 'Facilities',
    pages: ['/facilities'],
  },
  {
    path: 'apps/web/src/sections/health-testing-section.tsx',
    name: 'Health Testing',
    pages: ['/health-testing'],
  },
] as const;
export type EditableFilePath = (typeof EDITABLE_FILES)[number]['path'];
const editablePaths = EDITABLE_FILES.map((f) => f.path) as [
  EditableFilePath,
  ...EditableFilePath[],
];
export const editableFilePathSchema = z.enum(editablePaths);

export const MAX_FILE_BYTES = 200_000;

/**
 * The litters' data file, from the repository root: the admin's Litters screen and developers edit
 * the same file. It is data, never run, so saving it needs no password confirmation.
 */
export const LITTERS_FILE = 'packages/content/src/data/litters.json';
/** Where uploaded litter photos are stored, from the repository root (names chosen by the server). */
export const LITTER_UPLOADS_DIR = 'packages/content/public/images/litters/uploads';
/** Their URL path on the site. */
export const LITTER_UPLOADS_URL = '/images/litters/uploads';
/** The largest photo the owner may upload. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;

/** A file whose saves are kept as revisions: a section file or the litters' data file. */
export const revisionPathSchema = z.enum([...editablePaths, LITTERS_FILE]);
export type RevisionPath = z.infer<typeof revisionPathSchema>;

export const syntaxErrorResponseSchema = errorResponseSchema.extend({
  line: z.number().int(),
  column: z.number().int(),
});
export type SyntaxErrorResponse = z.infer<typeof syntaxErrorResponseSchema>;

export const revisionSchema = z.object({
  id: z.string(),
  path: revisionPathSchema,
  savedAt: z.iso.datetime(),
  savedBy: z.string(),
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
  size: z.number().int().nonnegative(),
});
export type Revision = z.infer<typeof revisionSchema>;
export const revisionListSchema = z.array(revisionSchema);

export const saveFileResponseSchema = z.object({
  sha256: z.string(),
  revision: revisionSchema,
  /** False when the file already held this content: nothing was written and nothing publishes. */
  changed: z.boolean(),
});
export type SaveFileResponse = z.infer<typeof saveFileResponseSchema>;

/** One word of a section: a string of its `copy` object, keyed by its path in it (`steps.1.title`). */
export const sectionWordSchema = z.object({ key: z.string(), value: z.string() });
export type SectionWord = z.infer<typeof sectionWordSchema>;

/** A section's words in the file's order, and the sha256 of the file they were read from. */
export const sectionWordsSchema = z.object({
  sha256: z.string().regex(/^[a-f0-9]{64}$/),
  words: z.array(sectionWordSchema),
});
export type SectionWords = z.infer<typeof sectionWordsSchema>;

export const MAX_WORD_LENGTH = 10_000;
export const MAX_WORD_CHANGES = 500;

export const wordChangeSchema = z.strictObject({
  key: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_$]+(\.[A-Za-z0-9_$]+)*$/, 'a key of the words, e.g. steps.1.title'),
  value: z.string().max(MAX_WORD_LENGTH),
});
export type WordChange = z.infer<typeof wordChangeSchema>;

/** The words to change; every other byte of the file stays as it is. Sent with If-Match. */
export const saveWordsRequestSchema = z.strictObject({
  words: z
    .array(wordChangeSchema)
    .max(MAX_WORD_CHANGES)
    .refine(
      (words) => new Set(words.map((w) => w.key)).size === words.length,
      'each key at most once',
    ),
});
export type SaveWordsRequest = z.infer<typeof saveWordsRequestSchema>;

export const publishStateSchema = z.enum([
  'idle',
  'building',
  'published',
  'failed',
  'live-reload',
]);
/** How a rebuild that runs edited code is contained (see docs/decisions). */
export const sandboxKindSchema = z.enum(['bubblewrap', 'node-permissions']);
export type SandboxKind = z.infer<typeof sandboxKindSchema>;

/**
 * How a publish the page gate refused starts its `error` (issue 35): the sentence names the page,
 * the section and the reason, and says the live site is unchanged; the editor shows it whole.
 */
export const PAGE_GATE_REFUSAL = 'Not published:';

export const publishStatusSchema = z.object({
  state: publishStateSchema,
  /** Production: how rebuilds are contained; null in development (no rebuilds). */
  sandbox: sandboxKindSchema.nullable(),
  /** Production: the build the server is serving. */
  buildId: z.string().nullable(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  /** While building: how long this build has run so far, by the server's clock. */
  elapsedMs: z.number().int().nonnegative().nullable(),
  /** The median duration of the last few successful publishes; null before the first. */
  usualMs: z.number().int().nonnegative().nullable(),
  /**
   * Where the last successful publish spent its time, by the server's clock: the sandboxed build,
   * the adoption of its files (compressed copies, the pages listed) and the page gate. Null before
   * the first. The benchmark reports it (docs/performance.md).
   */
  lastPhasesMs: z
    .object({
      build: z.number().int().nonnegative(),
      adopt: z.number().int().nonnegative(),
      gate: z.number().int().nonnegative(),
    })
    .nullable(),
  error: z.string().nullable(),
  /** Why the site is what it is when no save explains it, e.g. a stop during a publish. */
  reason: z.string().nullable(),
  /**
   * Why Code mode is off on this server (saves and restores of code are refused), or null when
   * it is on: edited code is built only where bubblewrap runs, or by a developer's explicit choice.
   */
  codeOff: z.string().nullable(),
});
export type PublishStatus = z.infer<typeof publishStatusSchema>;

/** A 403 on a code save or restore: the admin must confirm their password first. */
export const CONFIRMATION_REQUIRED = 'confirmation_required';
/** A 403 on a code save or restore where Code mode is off (no bubblewrap on the server). */
export const CODE_MODE_OFF = 'code_mode_off';

/** Its messages are the owner's: the password prompt of code saves validates with it too. */
export const confirmPasswordRequestSchema = z.strictObject({
  password: z.string('Enter your password.').min(1, 'Enter your password.').max(256),
});
export const confirmPasswordResponseSchema = z.object({
  /** Until when code saves and restores are allowed without asking again. */
  confirmedUntil: z.iso.datetime(),
});
export type ConfirmPasswordResponse = z.infer<typeof confirmPasswordResponseSchema>;

/** Its messages are the owner's: the Security screen's form validates with this schema too. */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z
    .string()
    .min(1, { error: 'Enter your current password.' })
    .max(256, { error: 'A password has at most 256 characters.' }),
  newPassword: z
    .string()
    .min(1, { error: 'Enter a new password.' })
    .max(256, { error: 'A password has at most 256 characters.' }),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
export const changePasswordResponseSchema = z.object({
  /** How many other sessions the change ended. */
  endedSessions: z.number().int().nonnegative(),
});

export const sessionSummarySchema = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;
export const sessionListSchema = z.array(sessionSummarySchema);

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  store: z.enum(['embedded', 'mongodb']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** 200 when ready to serve, else 503 with the reasons (load balancers and orchestrators ask). */
export const readyResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  store: z.enum(['embedded', 'mongodb']),
  /** The site build being served; null when the server serves none (development, API only). */
  build: z.string().nullable(),
  reasons: z.array(z.string()),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;

// --- Issue 39: people (roles, invitations) and the audit log ------------------------------------

export const adminStatusSchema = z.enum(['active', 'suspended']);

/** One person of the admin area, as the owner's list shows them. */
export const personSchema = z.object({
  username: z.string(),
  role: adminRoleSchema,
  status: adminStatusSchema,
  email: z.string().nullable(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** The signed-in owner themselves. */
  you: z.boolean(),
});
export type Person = z.infer<typeof personSchema>;

/** A pending invitation: its id is a handle to revoke it, never the link's token. */
export const invitationSummarySchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdBy: z.string(),
});
export type InvitationSummary = z.infer<typeof invitationSummarySchema>;

export const peopleSchema = z.object({
  people: z.array(personSchema),
  invitations: z.array(invitationSummarySchema),
});
export type People = z.infer<typeof peopleSchema>;

export const inviteRequestSchema = z.strictObject({
  username: z
    .string()
    .trim()
    .min(1, { error: 'Enter a username for the helper.' })
    .max(64, { error: 'A username has at most 64 characters.' })
    .regex(/^[A-Za-z0-9._@-]+$/, { error: 'A username has letters, digits and . _ @ - only.' }),
  email: z.email({ error: 'Enter a valid e-mail address, or leave it empty.' }).max(254).optional(),
});
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const inviteResponseSchema = z.object({
  invitation: invitationSummarySchema,
  /** The one-time link: shown once, to copy; the server keeps only its hash. */
  link: z.string(),
  /** True when the link was e-mailed to the helper (an e-mail given and mail set up). */
  emailed: z.boolean(),
});
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

/** An invitation link's token: 32 random bytes, base64url. */
export const invitationTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This invitation link is not complete.' });

export const invitationCheckRequestSchema = z.strictObject({ token: invitationTokenSchema });
export const invitationCheckResponseSchema = z.object({
  username: z.string(),
  expiresAt: z.string(),
});
export type InvitationCheck = z.infer<typeof invitationCheckResponseSchema>;

export const acceptInvitationRequestSchema = z.strictObject({
  token: invitationTokenSchema,
  password: z
    .string()
    .min(1, { error: 'Choose a password.' })
    .max(256, { error: 'A password has at most 256 characters.' }),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

export const personParamsSchema = z.strictObject({ username: usernameSchema });
export const invitationParamsSchema = z.strictObject({ id: z.string().regex(/^[a-f0-9]{16}$/) });

const day = z.iso.date({ error: 'Use a date as YYYY-MM-DD.' });

/** The audit log's filter and page (GET /api/admin/audit). */
export const auditQuerySchema = z
  .strictObject({
    username: usernameSchema.optional(),
    action: z
      .string()
      .regex(/^[a-z][a-z-]{0,39}$/, { error: 'Choose a kind of action from the list.' })
      .optional(),
    /** The first day shown (UTC), inclusive. */
    from: day.optional(),
    /** The last day shown (UTC), inclusive. */
    to: day.optional(),
    /** The page after the entry with this id (the previous page's `next`). */
    before: z
      .string()
      .regex(/^[a-f0-9]{28}$/, { error: 'This page of the log does not exist.' })
      .optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from <= q.to, {
    error: 'The first day comes after the last day.',
    path: ['to'],
  });
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditOutcomeSchema = z.enum(['success', 'failure', 'locked', 'refused']);

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  outcome: auditOutcomeSchema,
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  /** The `before` of the next page, or null on the last. */
  next: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/**
 * The kinds of action the audit log's filter offers, in the owner's words: each names the action,
 * not its result (the outcome column says whether it was done, failed or was refused).
 */
export const AUDIT_ACTIONS: Readonly<Record<string, string>> = {
  login: 'Sign-in',
  logout: 'Sign-out',
  'password-confirm': 'Password confirmation',
  'password-change': 'Password change',
  'sessions-end': 'Signing out sessions',
  'file-save': 'File save',
  'file-restore': 'File restore',
  publish: 'Publish',
  'litter-save': 'Litter save',
  'photo-upload': 'Photo upload',
  'waitlist-change': 'Waitlist change',
  'announcement-send': 'Announcement',
  'inquiry-delete': 'Inquiry deletion',
  'inquiry-export': 'Inquiry export',
  backup: 'Backup',
  restore: 'Restore',
  'invitation-create': 'Invitation',
  'invitation-revoke': 'Invitation revocation',
  'invitation-accept': 'Invitation acceptance',
  'person-suspend': 'Suspension',
  'person-resume': 'Resumption',
  'person-remove': 'Account removal',
  'role-refused': 'Owner-only call',
  'login-second-step': 'Password step of a two-step sign-in',
  'passkey-add': 'Adding a passkey',
  'passkey-rename': 'Renaming a passkey',
  'passkey-remove': 'Removing a passkey',
  'totp-enable': 'Turning on sign-in codes',
  'totp-disable': 'Turning off sign-in codes',
  'recovery-code-use': 'Recovery code',
  'recovery-codes-new': 'Making new recovery codes',
  // Issue 40.
  'deposit-amount': 'Deposit amount',
  'deposit-checkout': 'Deposit payment page',
  'deposit-record': 'Deposit recorded',
  'deposit-refund': 'Deposit refunded',
  'deposit-undo': 'Deposit record undone',
  'deposit-webhook': 'Payment from Stripe',
  'family-link-issue': 'Family page link made',
  'family-link-email': 'Family page link e-mailed',
  'family-link-revoke': 'Family page link revoked',
  'litter-news-post': 'Litter news posted',
  'litter-news-edit': 'Litter news edited',
  'litter-news-remove': 'Litter news removed',
};

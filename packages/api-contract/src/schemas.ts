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

export const adminUserSchema = z.object({
  username: z.string(),
  role: z.literal('admin'),
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

/** A form submission as the forms provider's webhook delivers it (signed, see the API README). */
export const inquirySubmissionSchema = z.strictObject({
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  email: z.email().max(254),
  phone: z.string().trim().min(3).max(40),
  preferredColor: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[a-z0-9-]+$/, 'lower-case words joined by -'),
  message: z.string().trim().max(5000).optional(),
  submittedAt: z.iso.datetime().optional(),
});
export type InquirySubmission = z.infer<typeof inquirySubmissionSchema>;

/** The seven section files the owner may edit (spec §2 File editor), paths from the repo root. */
export const EDITABLE_FILES = [
  { path: 'apps/web/src/sections/hero-section.tsx', name: 'Hero Section' },
  { path: 'apps/web/src/sections/about-section.tsx', name: 'About Section' },
  { path: 'apps/web/src/sections/puppies-section.tsx', name: 'Puppies Section' },
  { path: 'apps/web/src/sections/contact-section.tsx', name: 'Contact Section' },
  { path: 'apps/web/src/sections/testimonials-section.tsx', name: 'Testimonials' },
  { path: 'apps/web/src/sections/facilities-section.tsx', name: 'Facilities' },
  { path: 'apps/web/src/sections/health-testing-section.tsx', name: 'Health Testing' },
] as const;
export type EditableFilePath = (typeof EDITABLE_FILES)[number]['path'];
const editablePaths = EDITABLE_FILES.map((f) => f.path) as [
  EditableFilePath,
  ...EditableFilePath[],
];
export const editableFilePathSchema = z.enum(editablePaths);

export const MAX_FILE_BYTES = 200_000;

export const syntaxErrorResponseSchema = errorResponseSchema.extend({
  line: z.number().int(),
  column: z.number().int(),
});
export type SyntaxErrorResponse = z.infer<typeof syntaxErrorResponseSchema>;

export const revisionSchema = z.object({
  id: z.string(),
  path: editableFilePathSchema,
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
});
export type SaveFileResponse = z.infer<typeof saveFileResponseSchema>;

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

export const publishStatusSchema = z.object({
  state: publishStateSchema,
  /** Production: how rebuilds are contained; null in development (no rebuilds). */
  sandbox: sandboxKindSchema.nullable(),
  /** Production: the build the server is serving. */
  buildId: z.string().nullable(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  error: z.string().nullable(),
  /** Why the site is what it is when no save explains it, e.g. a stop during a publish. */
  reason: z.string().nullable(),
});
export type PublishStatus = z.infer<typeof publishStatusSchema>;

/** A 403 on a code save or restore: the admin must confirm their password first. */
export const CONFIRMATION_REQUIRED = 'confirmation_required';

export const confirmPasswordRequestSchema = z.strictObject({
  password: z.string().min(1).max(256),
});
export const confirmPasswordResponseSchema = z.object({
  /** Until when code saves and restores are allowed without asking again. */
  confirmedUntil: z.iso.datetime(),
});
export type ConfirmPasswordResponse = z.infer<typeof confirmPasswordResponseSchema>;

export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z.string().min(1).max(256),
  newPassword: z.string().min(1).max(256),
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

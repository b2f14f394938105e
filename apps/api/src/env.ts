import path from 'node:path';
import { usernameSchema } from '@cedar/api-contract';
import { z } from 'zod';
import { DEMO_ADMIN, passwordProblem } from './auth/password-policy';
import { findRepoRoot } from './lib/repo-root';
import { databaseNameProblem } from './store/mongo-driver';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const DURATION_UNITS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** '12h', '30m', '90s' or a plain number of seconds, as milliseconds. */
const duration = z
  .string()
  .trim()
  .regex(
    /^\d+(ms|s|m|h|d)?$/,
    "a number of seconds or a number with a unit: ms, s, m, h, d (e.g. '12h')",
  )
  .transform((v) => {
    const unit = (v.match(/[a-z]+$/)?.[0] ?? 's') as keyof typeof DURATION_UNITS;
    return Number.parseInt(v, 10) * DURATION_UNITS[unit];
  })
  .refine((ms) => ms >= 60_000, 'must be at least one minute');

const SIZE_UNITS = { b: 1, kb: 1024, mb: 1024 * 1024 } as const;
/** '256kb', '1mb' or a plain number of bytes. */
const byteSize = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^\d+(b|kb|mb)?$/, "a number of bytes or a number with a unit: b, kb, mb (e.g. '256kb')")
  .transform((v) => {
    const unit = (v.match(/[a-z]+$/)?.[0] ?? 'b') as keyof typeof SIZE_UNITS;
    return Number.parseInt(v, 10) * SIZE_UNITS[unit];
  })
  .refine((n) => n >= 1024 && n <= 50 * 1024 * 1024, 'must be between 1kb and 50mb');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url().default('http://localhost:3000'),
    /** The monorepo root: the editable section files are paths below it. */
    REPO_ROOT: z.string().min(1).optional(),
    /** Folder of the embedded store; default `<REPO_ROOT>/data`. */
    DATA_DIR: z.string().min(1).optional(),
    MONGODB_URI: z
      .string()
      .regex(
        /^mongodb(\+srv)?:\/\/\S+$/,
        'must be a mongodb:// or mongodb+srv:// connection string',
      )
      .optional(),
    /** The app's database in MongoDB; see databaseFor for the default. */
    MONGODB_DB: z
      .string()
      .superRefine((name, ctx) => {
        const problem = databaseNameProblem(name);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    /** Where the web app's production build is served from; empty in development. */
    WEB_DIST: z.string().optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    DEMO_LOGIN: bool.optional(),
    ADMIN_USERNAME: usernameSchema.optional(),
    ADMIN_PASSWORD: z
      .string()
      .optional()
      .superRefine((pw, ctx) => {
        const problem = pw === undefined ? null : passwordProblem(pw);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    SESSION_TTL: duration.default(12 * 3_600_000),
    SESSION_IDLE_TTL: duration.default(2 * 3_600_000),
    INQUIRY_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    BODY_LIMIT: byteSize.default(256 * 1024),
    PUBLISH: z.enum(['auto', 'off']).default('auto'),
    /** Behind a reverse proxy, trust its X-Forwarded-For so login limits count the real client. */
    TRUST_PROXY: bool.default(false),
  })
  .superRefine((env, ctx) => {
    if ((env.ADMIN_USERNAME === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
      const missing = env.ADMIN_USERNAME === undefined ? 'ADMIN_USERNAME' : 'ADMIN_PASSWORD';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'ADMIN_USERNAME and ADMIN_PASSWORD go together',
      });
    }
    if (env.MONGODB_DB !== undefined && env.MONGODB_URI === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['MONGODB_DB'],
        message: 'is only used with MONGODB_URI; set that too, or unset MONGODB_DB',
      });
    }
    if (env.ADMIN_USERNAME === DEMO_ADMIN.username) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_USERNAME'],
        message: `'${DEMO_ADMIN.username}' is the demo admin's name; choose another`,
      });
    }
  });

type ParsedEnv = z.infer<typeof envSchema>;
export type Env = Omit<
  ParsedEnv,
  'REPO_ROOT' | 'DATA_DIR' | 'DEMO_LOGIN' | 'INQUIRY_WEBHOOK_SECRET'
> & {
  REPO_ROOT: string;
  DATA_DIR: string;
  DEMO_LOGIN: boolean;
  /** Undefined when the webhook is disabled (production without a secret). */
  INQUIRY_WEBHOOK_SECRET: string | undefined;
};

/** Signs webhook calls in development and tests; production needs its own secret. */
export const DEV_WEBHOOK_SECRET = 'dev-webhook-secret';

const KEYS = Object.keys(envSchema.shape);

/**
 * Parses the environment once; a bad value stops start-up with every bad variable named.
 * `defaults` fill in variables the source does not set at all; an empty variable (`FOO=` in a
 * shell or .env file) means "not set" and overrides a default.
 */
export function loadEnv(
  source: NodeJS.ProcessEnv = process.env,
  defaults: NodeJS.ProcessEnv = {},
): Env {
  const value = (k: string) => (k in source ? source[k] : defaults[k]);
  const picked = Object.fromEntries(KEYS.map((k) => [k, value(k) === '' ? undefined : value(k)]));
  const parsed = envSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const repoRoot = path.resolve(env.REPO_ROOT ?? findRepoRoot() ?? process.cwd());
  const production = env.NODE_ENV === 'production';
  return {
    ...env,
    REPO_ROOT: repoRoot,
    DATA_DIR: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    WEB_DIST: env.WEB_DIST === undefined ? undefined : path.resolve(env.WEB_DIST),
    DEMO_LOGIN: env.DEMO_LOGIN ?? !production,
    INQUIRY_WEBHOOK_SECRET:
      env.INQUIRY_WEBHOOK_SECRET ?? (production ? undefined : DEV_WEBHOOK_SECRET),
  };
}

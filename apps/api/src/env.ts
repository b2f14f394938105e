import path from 'node:path';
import { usernameSchema } from '@cedar/api-contract';
import { site } from '@cedar/content';
import { z } from 'zod';
import { DEMO_ADMIN, passwordProblem } from './auth/password-policy';
import { isLoopbackHost, isLoopbackUrl } from './lib/net';
import { findRepoRoot } from './lib/repo-root';
import { databaseNameProblem } from './store/mongo-driver';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const DURATION_UNITS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
/** '12h', '30m', '90s' or a plain number of seconds, as milliseconds. */
const durationOf = (minimumMs: number, minimum: string) =>
  z
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
    .refine((ms) => ms >= minimumMs, `must be at least ${minimum}`);
const duration = durationOf(60_000, 'one minute');

/** The two forms the site embeds: the contact form and the puppy questionnaire. */
const SITE_FORM_IDS = [site.forms.contactFormId, site.forms.questionnaireFormId];

/** HubSpot form ids (GUIDs), comma-separated. */
const formIds = z
  .string()
  .trim()
  .transform((v) => [...new Set(v.split(',').map((id) => id.trim().toLowerCase()))])
  .refine(
    (ids) =>
      ids.length > 0 && ids.every((id) => /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/.test(id)),
    "HubSpot form ids (the GUID in the form editor's address), separated by commas",
  );

/** One address, or several separated by commas. */
const emailList = z
  .string()
  .trim()
  .transform((v) => v.split(',').map((a) => a.trim()))
  .refine(
    (list) => list.every((a) => z.email().safeParse(a).success),
    'one e-mail address, or several separated by commas',
  );

/** An address, or a name and an address: `Cedar Bluff Website <website@example.com>`. */
const mailbox = z
  .string()
  .trim()
  .refine((v) => {
    const address = /^[^<>"\r\n]*<([^<>\s]+)>$/.exec(v)?.[1] ?? v;
    return z.email().safeParse(address).success;
  }, "an e-mail address, or a name and one: 'Cedar Bluff Website <website@example.com>'");

/** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS), with the user and password in it. */
const smtpUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const url = new URL(v);
      return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'an smtp:// or smtps:// address with the server, e.g. smtps://user:password@smtp.example.com:465');

/**
 * Which proxies' X-Forwarded-For to believe: a hop count, or the proxies' addresses (IP or CIDR,
 * comma-separated). Never every hop: a client could then name any address it likes.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): number | string[] | false => {
    if (/^(false|0|no|off)$/i.test(v)) return false;
    if (/^(true|yes|on)$/i.test(v)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'trusting every hop lets any client choose its address; give the number of proxies in front of the server (e.g. 1) or their addresses',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) return Number(v);
    const list = v.split(',').map((p) => p.trim());
    if (list.every((p) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(p) && p.length > 1)) return list;
    ctx.addIssue({
      code: 'custom',
      message: 'a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses',
    });
    return z.NEVER;
  });

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
    /** Loopback by default: a start reachable from other machines is a deliberate choice. */
    HOST: z.string().min(1).default('localhost'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
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
    /** An account with a passkey or one-time codes must use them (default: on in production). */
    REQUIRE_MFA: bool.optional(),
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
    /** The longest a publish may run before it and every process it started are killed. */
    PUBLISH_TIMEOUT: z
      .string()
      .trim()
      .regex(/^\d+(s|m)?$/, "a number of seconds, or with a unit: s, m (e.g. '120s')")
      .transform((v) => Number.parseInt(v, 10) * (v.endsWith('m') ? 60_000 : 1000))
      .refine((ms) => ms >= 5000 && ms <= 3_600_000, 'must be between 5 seconds and an hour')
      .default(120_000),
    /** How the rebuild of edited sections is contained: bubblewrap when it works, else Node's permissions. */
    PUBLISH_SANDBOX: z.enum(['auto', 'bubblewrap', 'node']).default('auto'),
    /** Behind a reverse proxy: how many hops (or which addresses) to trust in X-Forwarded-For. */
    TRUST_PROXY: trustProxy.default(false),
    /** A folder for a backup a day, written by the server itself; unset: none. */
    BACKUP_DIR: z.string().min(1).optional(),
    /** How many of those daily backups to keep (the oldest go). */
    BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).optional(),
    /** How many revisions of each file are kept at most (the newest 10 always are). */
    REVISIONS_KEEP: z.coerce
      .number()
      .int()
      .min(10, 'must be at least 10: the newest 10 revisions of a file are always kept')
      .max(100_000)
      .default(200),
    /** Revisions older than this go (the newest 10 of a file, and the file's current one, stay). */
    REVISIONS_MAX_AGE: duration
      .refine((ms) => ms >= 86_400_000, "must be at least a day (e.g. '365d')")
      .default(365 * 86_400_000),
    /** Inquiries older than this many days are deleted (swept hourly); unset: kept for ever. */
    INQUIRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).optional(),
    /** How many days an audit log entry is kept (issue 39); then it goes. */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
    /** A HubSpot private app's access token (forms scope): the forms' submissions are polled. */
    HUBSPOT_ACCESS_TOKEN: z
      .string()
      .trim()
      .regex(/^[\x21-\x7e]{10,500}$/, "a private app's access token (pat-…), without spaces")
      .optional(),
    HUBSPOT_FORM_IDS: formIds.default(SITE_FORM_IDS),
    /** Where HubSpot's API answers; tests point it at a stand-in. */
    HUBSPOT_API_URL: z
      .url({ protocol: /^https?$/ })
      .transform((v) => v.replace(/\/+$/, ''))
      .default('https://api.hubapi.com'),
    HUBSPOT_POLL_INTERVAL: durationOf(30_000, '30 seconds').default(120_000),
    /** The app's client secret: the key of HubSpot's webhook signatures (paid tiers). */
    HUBSPOT_CLIENT_SECRET: z.string().trim().min(16, 'must be at least 16 characters').optional(),
    /** The secret before a rotation, accepted too until it is unset (see docs/hubspot.md). */
    HUBSPOT_CLIENT_SECRET_PREVIOUS: z
      .string()
      .trim()
      .min(16, 'must be at least 16 characters')
      .optional(),
    /** Accept HubSpot's v2 signatures (no timestamp, so a captured request can be replayed): off. */
    HUBSPOT_ACCEPT_V2: bool.default(false),
    /** The HubSpot account's time zone: its daily API limit resets at midnight there. */
    HUBSPOT_TIME_ZONE: z
      .string()
      .trim()
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, "an IANA time zone, e.g. 'America/New_York' (the account's, in HubSpot's settings)")
      .default('America/New_York'),
    /** The HubSpot property holding the preferred colour. */
    HUBSPOT_COLOR_PROPERTY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_]{1,100}$/, "a HubSpot property's internal name, e.g. preferred_color")
      .default('preferred_color'),
    /** The owner's mail server; with NOTIFY_EMAIL and MAIL_FROM, each new inquiry is e-mailed. */
    SMTP_URL: smtpUrl.optional(),
    NOTIFY_EMAIL: emailList.optional(),
    MAIL_FROM: mailbox.optional(),
    /** At most SMTP_RATE_LIMIT e-mails per SMTP_RATE_DELTA through the one SMTP connection. */
    SMTP_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(30),
    SMTP_RATE_DELTA: durationOf(1000, 'one second').default(60_000),
    /**
     * Issue 40: Stripe's secret (or restricted) API key. With it the owner and families can pay
     * a deposit by card (Stripe Checkout); without it deposits are recorded by hand.
     */
    STRIPE_SECRET_KEY: z
      .string()
      .trim()
      .regex(
        /^(sk|rk)_(test|live)_[A-Za-z0-9]{10,250}$/,
        "a Stripe secret key (sk_live_… or sk_test_…) or restricted key (rk_…), from the Dashboard's API keys",
      )
      .optional(),
    /** The signing secret of the webhook endpoint /api/stripe/webhook (whsec_…). */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .trim()
      .regex(
        /^whsec_[A-Za-z0-9+/=]{16,250}$/,
        "the endpoint's signing secret (whsec_…), from the Dashboard's webhook endpoint",
      )
      .optional(),
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
    if (
      env.HUBSPOT_CLIENT_SECRET_PREVIOUS !== undefined &&
      env.HUBSPOT_CLIENT_SECRET === undefined
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['HUBSPOT_CLIENT_SECRET_PREVIOUS'],
        message: 'is only used with HUBSPOT_CLIENT_SECRET; set that too, or unset it',
      });
    }
    if ((env.STRIPE_SECRET_KEY === undefined) !== (env.STRIPE_WEBHOOK_SECRET === undefined)) {
      const missing =
        env.STRIPE_SECRET_KEY === undefined ? 'STRIPE_SECRET_KEY' : 'STRIPE_WEBHOOK_SECRET';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message:
          'STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together: a card payment is marked paid only by the signed webhook. Set both, or neither',
      });
    }
    if (env.BACKUP_KEEP !== undefined && env.BACKUP_DIR === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['BACKUP_KEEP'],
        message: 'is only used with BACKUP_DIR; set that too, or unset BACKUP_KEEP',
      });
    }
    const mail = {
      SMTP_URL: env.SMTP_URL,
      NOTIFY_EMAIL: env.NOTIFY_EMAIL,
      MAIL_FROM: env.MAIL_FROM,
    };
    const missing = Object.entries(mail).filter(([, v]) => v === undefined);
    if (missing.length > 0 && missing.length < 3) {
      for (const [name] of missing)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message:
            'SMTP_URL, NOTIFY_EMAIL and MAIL_FROM go together (the e-mail to the owner about each new inquiry); set all three, or none',
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
  | 'REPO_ROOT'
  | 'DATA_DIR'
  | 'DEMO_LOGIN'
  | 'INQUIRY_WEBHOOK_SECRET'
  | 'PUBLIC_URL'
  | 'BACKUP_KEEP'
  | 'REQUIRE_MFA'
> & {
  /**
   * An account that has a passkey or one-time codes may not sign in with its password alone:
   * on with NODE_ENV=production unless REQUIRE_MFA=0, off otherwise unless REQUIRE_MFA=1.
   */
  REQUIRE_MFA: boolean;
  /** Daily backups kept (default 7; used with BACKUP_DIR). */
  BACKUP_KEEP: number;
  REPO_ROOT: string;
  DATA_DIR: string;
  /** The site's public origin; `http://localhost:<PORT>` when not set. */
  PUBLIC_URL: string;
  /** True when the server listens on loopback only and PUBLIC_URL is a loopback URL. */
  LOOPBACK_ONLY: boolean;
  /** The demo admin exists only on a loopback-only start. */
  DEMO_LOGIN: boolean;
  /** Undefined when the webhook is off (no secret is given outside a loopback-only start). */
  INQUIRY_WEBHOOK_SECRET: string | undefined;
};

/** Signs webhook calls on a loopback-only development start; any other start needs its own. */
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
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).origin;
  const loopbackOnly = isLoopbackHost(env.HOST) && isLoopbackUrl(publicUrl);
  if (env.DEMO_LOGIN === true && !loopbackOnly) {
    // Which of the two makes the start reachable from other machines.
    const [name, value, fix] = isLoopbackHost(env.HOST)
      ? ['PUBLIC_URL', publicUrl, `PUBLIC_URL=http://localhost:${env.PORT}`]
      : ['HOST', env.HOST, 'HOST=localhost'];
    throw new Error(
      `Invalid environment:\n  ${name}: DEMO_LOGIN=true needs a loopback-only start, but ${name}=${value} ` +
        'lets other machines reach the demo admin, whose password anybody can read. ' +
        `Unset DEMO_LOGIN, or set ${fix}.`,
    );
  }
  return {
    ...env,
    REPO_ROOT: repoRoot,
    DATA_DIR: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    BACKUP_DIR: env.BACKUP_DIR === undefined ? undefined : path.resolve(env.BACKUP_DIR),
    BACKUP_KEEP: env.BACKUP_KEEP ?? 7,
    WEB_DIST: env.WEB_DIST === undefined ? undefined : path.resolve(env.WEB_DIST),
    PUBLIC_URL: publicUrl,
    LOOPBACK_ONLY: loopbackOnly,
    DEMO_LOGIN: env.DEMO_LOGIN ?? (loopbackOnly && !production),
    REQUIRE_MFA: env.REQUIRE_MFA ?? production,
    INQUIRY_WEBHOOK_SECRET:
      env.INQUIRY_WEBHOOK_SECRET ?? (loopbackOnly && !production ? DEV_WEBHOOK_SECRET : undefined),
  };
}

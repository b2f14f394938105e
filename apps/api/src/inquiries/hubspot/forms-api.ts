// HubSpot's forms submissions API (free tier): GET /form-integrations/v1/submissions/forms/{formId}
// with a private app's token (forms scope). Its answer, as HubSpot documents it:
//   { results: [{ conversionId, submittedAt (ms since 1970), values: [{ name, value }], pageUrl }],
//     paging: { next: { after, link } } }       newest first, at most 50 a page
import { z } from 'zod';

/** How long one request may take before it counts as HubSpot not answering. */
const HUBSPOT_TIMEOUT_MS = 10_000;
/** HubSpot's largest page. */
const PAGE_LIMIT = 50;
/** A Retry-After longer than this is taken as this. */
const MAX_RETRY_AFTER_MS = 3_600_000;
/** When a 429 gives no Retry-After: HubSpot's rolling window is ten seconds. */
const DEFAULT_RETRY_AFTER_MS = 10_000;
/** The most of a page's answer read (50 submissions of a long questionnaire are ~1 MB). */
export const MAX_PAGE_BYTES = 4 * 1024 * 1024;
/** The most of an error answer read. */
const MAX_ERROR_BYTES = 16 * 1024;

const value = z.union([z.string(), z.number(), z.boolean()]).transform(String);

const submissionSchema = z.object({
  conversionId: z.string().min(1).max(200),
  submittedAt: z.number().int().nonnegative(),
  values: z.array(z.object({ name: z.string().max(500), value })).max(2000),
  pageUrl: z.string().max(4000).nullish(),
});
export type Submission = z.infer<typeof submissionSchema>;

const pageSchema = z.object({
  results: z.array(submissionSchema).max(1000),
  paging: z.object({ next: z.object({ after: z.string().min(1).max(2000) }).nullish() }).nullish(),
});
export interface SubmissionsPage {
  results: Submission[];
  /** The `after` of the next (older) page; null on the last. */
  after: string | null;
}

/**
 * Why a request failed, as the poller acts on it: refused (401/403: the token), not-found (the
 * form), daily-limit (429 with policyName DAILY: the account's calls for the day are used up, by
 * every app of the account), rate-limited (any other 429, with how long to wait), or unavailable
 * (5xx, a time-out, no network, an answer that is not the documented one, or too long).
 */
export type HubSpotFailure =
  'refused' | 'not-found' | 'daily-limit' | 'rate-limited' | 'unavailable';

export class HubSpotError extends Error {
  constructor(
    readonly failure: HubSpotFailure,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'HubSpotError';
  }
}

/** Retry-After as seconds or as an HTTP date, in milliseconds from `now`. */
function retryAfterMs(header: string | null, now: number): number {
  if (!header) return DEFAULT_RETRY_AFTER_MS;
  const trimmed = header.trim();
  let ms: number;
  if (/^\d+$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else {
    const at = Date.parse(trimmed);
    ms = Number.isNaN(at) ? DEFAULT_RETRY_AFTER_MS : at - now;
  }
  return Math.min(Math.max(ms, 1000), MAX_RETRY_AFTER_MS);
}

/** The answer's body, read up to `max` bytes: null when it is longer (the rest is not read). */
async function readCapped(res: Response, max: number): Promise<Buffer | null> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel();
    return null;
  }
  if (!res.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** An error answer's JSON (`{ message, category, policyName, … }`), read up to a cap; {} if none. */
async function errorBody(res: Response): Promise<Record<string, unknown>> {
  try {
    const raw = await readCapped(res, MAX_ERROR_BYTES);
    const body: unknown = raw ? JSON.parse(raw.toString('utf8')) : {};
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** HubSpot's own explanation in an error answer (`{ message, category }`), short, if any. */
function reasonOf(body: Record<string, unknown>): string {
  const parts = [body.category, body.message].filter((p) => typeof p === 'string' && p !== '');
  return parts.length > 0 ? `: ${(parts as string[]).join(': ').slice(0, 300)}` : '';
}

export interface FetchPageOptions {
  apiUrl: string;
  token: string;
  formId: string;
  after: string | null;
  /** Aborted when the server stops. */
  signal: AbortSignal;
  timeoutMs?: number;
  now?: () => number;
}

/** One page of a form's submissions, newest first. Throws a HubSpotError. */
export async function fetchSubmissionsPage({
  apiUrl,
  token,
  formId,
  after,
  signal,
  timeoutMs = HUBSPOT_TIMEOUT_MS,
  now = Date.now,
}: FetchPageOptions): Promise<SubmissionsPage> {
  const url = new URL(
    `${apiUrl}/form-integrations/v1/submissions/forms/${encodeURIComponent(formId)}`,
  );
  url.searchParams.set('limit', String(PAGE_LIMIT));
  if (after !== null) url.searchParams.set('after', after);
  let res: Response;
  try {
    res = await fetch(url, {
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        'user-agent': 'cedar-bluff-api',
      },
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      redirect: 'error',
    });
  } catch (error) {
    if (signal.aborted) throw error;
    const name = (error as Error).name;
    throw new HubSpotError(
      'unavailable',
      name === 'TimeoutError'
        ? `HubSpot did not answer within ${timeoutMs / 1000} s`
        : `HubSpot could not be reached (${(error as Error & { cause?: Error }).cause?.message ?? (error as Error).message})`,
    );
  }
  if (res.status === 401 || res.status === 403)
    throw new HubSpotError(
      'refused',
      `HubSpot refused the access token (HTTP ${res.status}${reasonOf(await errorBody(res))})`,
    );
  if (res.status === 404) {
    await res.body?.cancel();
    throw new HubSpotError('not-found', `HubSpot has no form ${formId} (HTTP 404)`);
  }
  if (res.status === 429) {
    const header = res.headers.get('retry-after');
    const body = await errorBody(res);
    // HubSpot's 429 says which limit in policyName: DAILY (no Retry-After: it lasts until the
    // account's midnight), or TEN_SECONDLY_ROLLING and the like (a few seconds).
    if (body.policyName === 'DAILY')
      throw new HubSpotError(
        'daily-limit',
        `HubSpot says the account's daily API limit is reached (HTTP 429, policyName DAILY)`,
      );
    const wait = retryAfterMs(header, now());
    const policy = typeof body.policyName === 'string' ? `, ${body.policyName.slice(0, 40)}` : '';
    throw new HubSpotError(
      'rate-limited',
      `HubSpot asked to wait ${Math.round(wait / 1000)} s (HTTP 429${policy})`,
      wait,
    );
  }
  if (!res.ok)
    throw new HubSpotError(
      'unavailable',
      `HubSpot answered HTTP ${res.status}${reasonOf(await errorBody(res))}`,
    );
  let parsed: z.infer<typeof pageSchema>;
  try {
    const raw = await readCapped(res, MAX_PAGE_BYTES);
    if (raw === null)
      throw new HubSpotError(
        'unavailable',
        `HubSpot answered more than ${MAX_PAGE_BYTES / 1024 / 1024} MB for one page`,
      );
    parsed = pageSchema.parse(JSON.parse(raw.toString('utf8')));
  } catch (error) {
    if (signal.aborted || error instanceof HubSpotError) throw error;
    throw new HubSpotError(
      'unavailable',
      (error as Error).name === 'TimeoutError'
        ? `HubSpot did not answer within ${timeoutMs / 1000} s`
        : 'HubSpot answered something other than submissions',
    );
  }
  return { results: parsed.results, after: parsed.paging?.next?.after ?? null };
}

// HubSpot's request signatures, as its "Validating requests" documentation describes them.
//   v3: X-HubSpot-Signature-v3 = base64(HMAC-SHA256(key: client secret,
//         UTF-8 of method + URI + raw body + X-HubSpot-Request-Timestamp)); the timestamp is in
//         milliseconds and older than 5 minutes is refused; in the URI the escapes listed below
//         are decoded first.
//   v2: X-HubSpot-Signature (with X-HubSpot-Signature-Version: v2) = hex(SHA-256(UTF-8 of
//         client secret + method + URI + raw body)), the URI exactly as requested.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_V3_HEADER = 'x-hubspot-signature-v3';
export const TIMESTAMP_HEADER = 'x-hubspot-request-timestamp';
export const SIGNATURE_HEADER = 'x-hubspot-signature';
export const SIGNATURE_VERSION_HEADER = 'x-hubspot-signature-version';

/** A v3 request older than this is refused (a replay), as HubSpot's documentation says. */
export const MAX_AGE_MS = 5 * 60_000;

/** The escapes HubSpot's documentation lists, decoded in the URI before signing. */
const DECODED: Record<string, string> = {
  '%3A': ':',
  '%2F': '/',
  '%3F': '?',
  '%40': '@',
  '%21': '!',
  '%24': '$',
  '%27': "'",
  '%28': '(',
  '%29': ')',
  '%2A': '*',
  '%2C': ',',
  '%3B': ';',
};

/** The URI as v3 signs it: only the listed escapes decoded (either case), every other one kept. */
export function v3Uri(uri: string): string {
  return uri.replace(
    /%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/gi,
    (escape) => DECODED[escape.toUpperCase()]!,
  );
}

export function signV3(
  secret: string,
  method: string,
  uri: string,
  body: string | Buffer,
  timestamp: string,
): string {
  return createHmac('sha256', secret)
    .update(Buffer.concat([Buffer.from(`${method}${v3Uri(uri)}`, 'utf8'), Buffer.from(body)]))
    .update(timestamp, 'utf8')
    .digest('base64');
}

export function signV2(secret: string, method: string, uri: string, body: string | Buffer): string {
  return createHash('sha256')
    .update(`${secret}${method}${uri}`, 'utf8')
    .update(Buffer.from(body))
    .digest('hex');
}

const same = (given: string, expected: string) => {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
};

export interface SignedRequest {
  method: string;
  /** The full URI HubSpot called: the public origin, the path and the query. */
  uri: string;
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

export type Verdict =
  | { ok: true; version: 'v3' | 'v2' }
  | { ok: false; code: 'invalid_signature' | 'stale_delivery'; message: string };

const one = (value: string | string[] | undefined) =>
  Array.isArray(value) ? undefined : value?.trim();

/**
 * Checks the v3 signature against each secret (the current one and, during a rotation, the
 * previous one); the v2 one when there is no v3 only with `acceptV2` (v2 signs no time, so a
 * captured request could be replayed for ever). `now` in ms.
 */
export function verifyHubSpotRequest(
  secrets: readonly string[],
  request: SignedRequest,
  now: number,
  { acceptV2 = false }: { acceptV2?: boolean } = {},
): Verdict {
  let first: Verdict | null = null;
  for (const secret of secrets) {
    const verdict = verifyWith(secret, request, now, acceptV2);
    if (verdict.ok || verdict.code === 'stale_delivery') return verdict;
    first ??= verdict;
  }
  return first ?? { ok: false, code: 'invalid_signature', message: 'No client secret is set' };
}

function verifyWith(
  secret: string,
  request: SignedRequest,
  now: number,
  acceptV2: boolean,
): Verdict {
  const { method, uri, body, headers } = request;
  const v3 = one(headers[SIGNATURE_V3_HEADER]);
  if (v3 !== undefined) {
    const timestamp = one(headers[TIMESTAMP_HEADER]) ?? '';
    if (!/^\d{1,15}$/.test(timestamp))
      return {
        ok: false,
        code: 'invalid_signature',
        message: `A v3 signature needs the ${TIMESTAMP_HEADER} header (milliseconds since 1970)`,
      };
    if (!same(v3, signV3(secret, method, uri, body, timestamp)))
      return {
        ok: false,
        code: 'invalid_signature',
        message: `Wrong ${SIGNATURE_V3_HEADER} header for this request and client secret`,
      };
    const age = now - Number(timestamp);
    if (age > MAX_AGE_MS || age < -MAX_AGE_MS)
      return {
        ok: false,
        code: 'stale_delivery',
        message: `The request is dated ${Math.round(Math.abs(age) / 1000)} s ${age > 0 ? 'ago' : 'ahead'}; only requests from the last ${MAX_AGE_MS / 60_000} minutes are accepted.`,
      };
    return { ok: true, version: 'v3' };
  }
  const v2 = one(headers[SIGNATURE_HEADER]);
  if (!acceptV2)
    return {
      ok: false,
      code: 'invalid_signature',
      message: `Missing ${SIGNATURE_V3_HEADER} header (v2 signatures are not accepted unless HUBSPOT_ACCEPT_V2 is on)`,
    };
  const version = one(headers[SIGNATURE_VERSION_HEADER]) ?? 'v2';
  if (v2 !== undefined && version.toLowerCase() === 'v2') {
    if (same(v2.toLowerCase(), signV2(secret, method, uri, body)))
      return { ok: true, version: 'v2' };
    return {
      ok: false,
      code: 'invalid_signature',
      message: `Wrong ${SIGNATURE_HEADER} header (v2) for this request and client secret`,
    };
  }
  return {
    ok: false,
    code: 'invalid_signature',
    message: `Missing ${SIGNATURE_V3_HEADER} (or a v2 ${SIGNATURE_HEADER}) header`,
  };
}

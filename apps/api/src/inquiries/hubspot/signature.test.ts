import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_AGE_MS,
  signV2,
  signV3,
  SIGNATURE_HEADER,
  SIGNATURE_V3_HEADER,
  SIGNATURE_VERSION_HEADER,
  TIMESTAMP_HEADER,
  v3Uri,
  verifyHubSpotRequest,
} from './signature';

// HubSpot's own example values from "Validating requests" (developers.hubspot.com): its client
// secret, URI and body, and for v2 the hashes it documents for them.
const SECRET = 'yyyyyyyy-yyyy-yyyy-yyyy-yyyyyyyyyyyy';
const URI = 'https://www.example.com/webhook_uri';
const BODY = '{"example_field":"example_value"}';
const V2_GET = 'eee2dddcc73c94d699f5e395f4b9d454a069a6855fbfa152e91e88823087200e';
const V2_POST = '9569219f8ba981ffa6f6f16aa0f48637d35d728c7e4d93d0d52efaa512af7900';
// HubSpot documents no v3 result: this is the same example signed by OpenSSL, not by our code:
//   printf 'POSThttps://www.example.com/webhook_uri{"example_field":"example_value"}1700000000000' |
//     openssl dgst -sha256 -hmac 'yyyyyyyy-yyyy-yyyy-yyyy-yyyyyyyyyyyy' -binary | base64
const TIMESTAMP = 1_700_000_000_000;
const V3_POST = 'rQEKkaNUiu+1qGF//O/pw4BCzstSqO1PyUnGICmf+7o=';

const request = (headers: Record<string, string>, body = BODY, uri = URI, method = 'POST') => ({
  method,
  uri,
  body: Buffer.from(body),
  headers,
});

describe("HubSpot's v2 signature", () => {
  it("gives HubSpot's documented hashes for its GET and POST examples", () => {
    expect(signV2(SECRET, 'GET', URI, '')).toBe(V2_GET);
    expect(signV2(SECRET, 'POST', URI, BODY)).toBe(V2_POST);
  });

  it('is refused unless the operator turns v2 on: it signs no time, so a capture replays for ever', () => {
    const headers = { [SIGNATURE_HEADER]: V2_POST, [SIGNATURE_VERSION_HEADER]: 'v2' };
    expect(verifyHubSpotRequest([SECRET], request(headers), TIMESTAMP)).toMatchObject({
      ok: false,
      code: 'invalid_signature',
      message: expect.stringMatching(/HUBSPOT_ACCEPT_V2/),
    });
    // A v3 request stripped of its v3 header, keeping a v2 one: refused too.
    expect(
      verifyHubSpotRequest([SECRET], request(headers), TIMESTAMP, { acceptV2: false }).ok,
    ).toBe(false);
  });

  it('accepts the POST example where no v3 signature is sent, with v2 on, and refuses any change', () => {
    const headers = { [SIGNATURE_HEADER]: V2_POST, [SIGNATURE_VERSION_HEADER]: 'v2' };
    const verify = (secrets: string[], r: ReturnType<typeof request>, now: number) =>
      verifyHubSpotRequest(secrets, r, now, { acceptV2: true });
    expect(verify([SECRET], request(headers), TIMESTAMP)).toEqual({
      ok: true,
      version: 'v2',
    });
    // Upper-case hex is the same signature.
    expect(
      verify(
        [SECRET],
        request({ ...headers, [SIGNATURE_HEADER]: V2_POST.toUpperCase() }),
        TIMESTAMP,
      ).ok,
    ).toBe(true);
    for (const changed of [
      request(headers, '{"example_field":"another_value"}'),
      request(headers, BODY, 'https://www.example.com/other_uri'),
      request(headers, BODY, URI, 'PUT'),
      request({ ...headers, [SIGNATURE_VERSION_HEADER]: 'v1' }),
    ])
      expect(verify([SECRET], changed, TIMESTAMP)).toMatchObject({
        ok: false,
        code: 'invalid_signature',
      });
    expect(verify(['another-client-secret'], request(headers), TIMESTAMP).ok).toBe(false);
  });
});

describe("HubSpot's v3 signature", () => {
  const v3 = { [SIGNATURE_V3_HEADER]: V3_POST, [TIMESTAMP_HEADER]: String(TIMESTAMP) };

  it("signs HubSpot's example as OpenSSL does: base64 HMAC-SHA256 of method, URI, body and timestamp", () => {
    expect(signV3(SECRET, 'POST', URI, BODY, String(TIMESTAMP))).toBe(V3_POST);
  });

  it('accepts a valid signature within five minutes, before and after', () => {
    for (const now of [TIMESTAMP, TIMESTAMP + MAX_AGE_MS, TIMESTAMP - 60_000])
      expect(verifyHubSpotRequest([SECRET], request(v3), now)).toEqual({ ok: true, version: 'v3' });
  });

  it('refuses an invalid one: another body, URI, method, timestamp or secret', () => {
    for (const changed of [
      request(v3, '{"example_field":"another_value"}'),
      request(v3, BODY, 'https://www.example.com/webhook_uri?x=1'),
      request(v3, BODY, URI, 'GET'),
      request({ ...v3, [TIMESTAMP_HEADER]: String(TIMESTAMP + 1) }),
      request({ ...v3, [SIGNATURE_V3_HEADER]: V3_POST.slice(0, -2) }),
      request({ [SIGNATURE_V3_HEADER]: V3_POST }),
    ])
      expect(verifyHubSpotRequest([SECRET], changed, TIMESTAMP)).toMatchObject({
        ok: false,
        code: 'invalid_signature',
      });
    expect(verifyHubSpotRequest(['another-client-secret'], request(v3), TIMESTAMP).ok).toBe(false);
  });

  it('refuses a request older than five minutes, even rightly signed', () => {
    expect(verifyHubSpotRequest([SECRET], request(v3), TIMESTAMP + MAX_AGE_MS + 1)).toMatchObject({
      ok: false,
      code: 'stale_delivery',
    });
  });

  it('is checked instead of v2 when both are sent: a wrong v3 is not saved by a right v2', () => {
    const both = {
      ...v3,
      [SIGNATURE_V3_HEADER]: 'bm90IHRoZSBzaWduYXR1cmU=',
      [SIGNATURE_HEADER]: V2_POST,
      [SIGNATURE_VERSION_HEADER]: 'v2',
    };
    expect(verifyHubSpotRequest([SECRET], request(both), TIMESTAMP).ok).toBe(false);
  });

  it('decodes exactly the escapes HubSpot lists in the URI, in either case, and keeps the others', () => {
    expect(
      v3Uri(
        'https://www.example.com/webhook_uri?a=%3A%2F%3F%40%21%24%27%28%29%2A%2C%3B&b=%3a%2f&c=%20%23%25%26',
      ),
    ).toBe("https://www.example.com/webhook_uri?a=:/?@!$'()*,;&b=:/&c=%20%23%25%26");
    const encoded = 'https://www.example.com/webhook_uri?from=hubspot%3Aworkflow&name=a%20b';
    const signature = signV3(SECRET, 'POST', encoded, BODY, String(TIMESTAMP));
    expect(signature).toBe(
      signV3(
        SECRET,
        'POST',
        'https://www.example.com/webhook_uri?from=hubspot:workflow&name=a%20b',
        BODY,
        String(TIMESTAMP),
      ),
    );
    expect(
      verifyHubSpotRequest(
        [SECRET],
        request(
          { [SIGNATURE_V3_HEADER]: signature, [TIMESTAMP_HEADER]: String(TIMESTAMP) },
          BODY,
          encoded,
        ),
        TIMESTAMP,
      ).ok,
    ).toBe(true);
  });

  it('accepts either secret during a rotation, and neither other one', () => {
    const previous = 'the-previous-client-secret-0000';
    const signed = (secret: string) => ({
      [SIGNATURE_V3_HEADER]: signV3(secret, 'POST', URI, BODY, String(TIMESTAMP)),
      [TIMESTAMP_HEADER]: String(TIMESTAMP),
    });
    expect(verifyHubSpotRequest([SECRET, previous], request(signed(SECRET)), TIMESTAMP).ok).toBe(
      true,
    );
    expect(verifyHubSpotRequest([SECRET, previous], request(signed(previous)), TIMESTAMP).ok).toBe(
      true,
    );
    expect(verifyHubSpotRequest([SECRET], request(signed(previous)), TIMESTAMP).ok).toBe(false);
    expect(
      verifyHubSpotRequest([SECRET, previous], request(signed('a-third-secret-9999')), TIMESTAMP),
    ).toMatchObject({ ok: false, code: 'invalid_signature' });
    // Stale is stale, whichever secret signed it.
    expect(
      verifyHubSpotRequest(
        [SECRET, previous],
        request(signed(previous)),
        TIMESTAMP + MAX_AGE_MS + 1,
      ),
    ).toMatchObject({ ok: false, code: 'stale_delivery' });
  });

  it('holds for exactly the request signed, under any secret of the two (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 16, maxLength: 40 }),
        fc.string({ minLength: 16, maxLength: 40 }),
        fc.uint8Array({ maxLength: 200 }),
        fc.uint8Array({ maxLength: 200 }),
        fc.integer({ min: -MAX_AGE_MS, max: MAX_AGE_MS }),
        (current, previous, body, other, age) => {
          const b = Buffer.from(body);
          const headers = {
            [SIGNATURE_V3_HEADER]: signV3(previous, 'POST', URI, b, String(TIMESTAMP)),
            [TIMESTAMP_HEADER]: String(TIMESTAMP),
          };
          const now = TIMESTAMP + age;
          const r = { method: 'POST', uri: URI, body: b, headers };
          expect(verifyHubSpotRequest([current, previous], r, now).ok).toBe(true);
          if (!Buffer.from(other).equals(b))
            expect(
              verifyHubSpotRequest([current, previous], { ...r, body: Buffer.from(other) }, now).ok,
            ).toBe(false);
          if (current !== previous) expect(verifyHubSpotRequest([current], r, now).ok).toBe(false);
        },
      ),
    );
  });
});

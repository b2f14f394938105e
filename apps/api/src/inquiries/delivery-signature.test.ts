import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDeliverySignature, signDelivery } from './inquiry-routes';

const SECRET = 'a-webhook-secret-of-some-length';
const id = fc.stringMatching(/^[A-Za-z0-9._:-]{1,128}$/);
const timestamp = fc.integer({ min: 0, max: 99_999_999_999 }).map(String);
const body = fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b));

describe('the own webhook’s signature', () => {
  it('holds for exactly the delivery id, timestamp and body it was made for', () => {
    fc.assert(
      fc.property(id, timestamp, body, id, timestamp, body, (i, t, b, i2, t2, b2) => {
        const signature = signDelivery(SECRET, i, t, b);
        expect(checkDeliverySignature(SECRET, i, t, b, signature)).toBe('valid');
        const same = i === i2 && t === t2 && b.equals(b2);
        // Another id, time or body (with the dot-separated parts moved about included) fails.
        if (!same) expect(checkDeliverySignature(SECRET, i2, t2, b2, signature)).not.toBe('valid');
        expect(checkDeliverySignature(`${SECRET}x`, i, t, b, signature)).toBe('wrong');
      }),
    );
  });

  it('never takes a signature of "<timestamp>.<body>" (the old form) for the new one', () => {
    fc.assert(
      fc.property(id, timestamp, body, (i, t, b) => {
        const old = createHmac('sha256', SECRET)
          .update(Buffer.concat([Buffer.from(`${t}.`), b]))
          .digest('hex');
        expect(checkDeliverySignature(SECRET, i, t, b, old)).toBe('old');
      }),
    );
  });
});

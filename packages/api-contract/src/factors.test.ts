import { describe, expect, it } from 'vitest';
import {
  disableTotpRequestSchema,
  loginAnswerSchema,
  passkeyNameSchema,
  signInCodeSchema,
  totpCodeSchema,
} from './factors';

describe('codes', () => {
  it('takes six digits, or a recovery code in any case with dashes or spaces, and nothing else', () => {
    expect(totpCodeSchema.parse(' 123456 ')).toBe('123456');
    expect(signInCodeSchema.parse('ABCD-efgh ijkl-mnop')).toBe('ABCD-efgh ijkl-mnop');
    for (const bad of [
      '12345',
      '1234567',
      '12 34 56',
      '',
      'abcd',
      'abcd-efgh-ijkl-mn0p',
      '<script>',
    ])
      expect(signInCodeSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('turns codes off with the password or a code, not both and not neither', () => {
    expect(disableTotpRequestSchema.safeParse({ password: 'x' }).success).toBe(true);
    expect(disableTotpRequestSchema.safeParse({ code: '123456' }).success).toBe(true);
    expect(disableTotpRequestSchema.safeParse({ password: 'x', code: '123456' }).success).toBe(
      false,
    );
    expect(disableTotpRequestSchema.safeParse({}).success).toBe(false);
  });
});

describe('passkeys and the login answer', () => {
  it('names a passkey with 1 to 60 characters, trimmed', () => {
    expect(passkeyNameSchema.parse('  Laptop ')).toBe('Laptop');
    expect(passkeyNameSchema.safeParse('   ').success).toBe(false);
    expect(passkeyNameSchema.safeParse('x'.repeat(61)).success).toBe(false);
  });

  it('answers a login with a session or the second step, never anything else', () => {
    expect(loginAnswerSchema.safeParse({ secondStep: 'code' }).success).toBe(true);
    expect(
      loginAnswerSchema.safeParse({ token: 't', user: { username: 'owner', role: 'helper' } })
        .success,
    ).toBe(true);
    expect(loginAnswerSchema.safeParse({ secondStep: 'sms' }).success).toBe(false);
  });
});

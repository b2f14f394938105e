import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Store } from '../store';

/** A code of the step before or after the current one is accepted too (clocks drift). */
const TOLERANCE_SECONDS = 30;
const PERIOD_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A new secret for an authenticator app: 20 random bytes (160 bits, RFC 4226's advice), base32. */
export const newTotpSecret = () => generateSecret({ length: 20 });

/** What the authenticator app is given: the otpauth:// URI, its QR code (SVG data URL). */
export async function totpEnrolment(secret: string, account: string, issuer: string) {
  const uri = generateURI({ strategy: 'totp', issuer, label: account, secret });
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return {
    secret,
    uri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * The time step of `code` when it is the code of `secret` at `now` (or one step either side), else
 * null. The caller still claims the step in the store, so each code is accepted once.
 */
export async function totpStep(secret: string, code: string, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: TOLERANCE_SECONDS });
  // The step the code belongs to: the current one (RFC 6238's 30 seconds) moved by the match.
  return result.valid ? Math.floor(epoch / PERIOD_SECONDS) + result.delta : null;
}

/** Ten recovery codes of 80 random bits each, as `abcd-efgh-ijkl-mnop`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    let bits = 0n;
    for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
    let text = '';
    for (let i = 0; i < 16; i++) text = BASE32[Number((bits >> BigInt(5 * i)) & 31n)] + text;
    return text.match(/.{4}/g)!.join('-');
  });
}

/** A recovery code as typed (any case, spaces, dashes), or null when it cannot be one. */
export function normalRecoveryCode(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]/g, '');
  return /^[a-z2-7]{16}$/.test(code) ? code : null;
}

/**
 * The stored form of a recovery code: SHA-256 over the account and the code. The codes carry 80
 * random bits, so a fast hash leaves no guessing (2^80 tries); no server key is involved, so a
 * backup restored on another server keeps them (decision 025).
 */
export function recoveryCodeHash(username: string, code: string): string {
  const normal = normalRecoveryCode(code) ?? code;
  return createHash('sha256').update(`cedar-recovery-code\0${username}\0${normal}`).digest('hex');
}

/**
 * Checks a code for `username`: a one-time code (accepted once: its time step is claimed in the
 * store) or one of the recovery codes (used up). 'none' when the account has no codes turned on.
 */
export async function checkCode(
  store: Store,
  username: string,
  code: string,
  now: Date,
): Promise<'totp' | 'recovery-code' | 'wrong' | 'none'> {
  const factors = await store.factors.get(username);
  if (!factors?.totp) return 'none';
  const typed = code.trim();
  if (/^\d{6}$/.test(typed)) {
    const step = await totpStep(factors.totp.secret, typed, now);
    return step !== null && (await store.factors.claimStep(username, step)) ? 'totp' : 'wrong';
  }
  const recovery = normalRecoveryCode(typed);
  if (
    recovery &&
    (await store.factors.useRecoveryCode(username, recoveryCodeHash(username, recovery)))
  )
    return 'recovery-code';
  return 'wrong';
}

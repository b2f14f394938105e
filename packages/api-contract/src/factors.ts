import { z } from 'zod';
import { loginResponseSchema } from './schemas';

// Passkeys (WebAuthn) and one-time codes (RFC 6238): what the login page and the Security screen
// send and get back. The WebAuthn JSON shapes are SimpleWebAuthn's (RegistrationResponseJSON,
// AuthenticationResponseJSON), checked here only for shape and size; their cryptography is the
// server's to check.

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

const credentialBase = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
};

/** What the browser answers to a registration (navigator.credentials.create, as JSON). */
export const passkeyRegistrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(z.string().max(32)).max(16).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

/** What the browser answers to a sign-in (navigator.credentials.get, as JSON). */
export const passkeyAuthenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(16_384),
    signature: base64url(4096),
    userHandle: base64url(512).optional(),
  }),
});

export const PASSKEY_NAME_MAX = 60;
export const passkeyNameSchema = z
  .string('Give the passkey a name.')
  .trim()
  .min(1, 'Give the passkey a name.')
  .max(PASSKEY_NAME_MAX, `A passkey's name has at most ${PASSKEY_NAME_MAX} characters.`);

export const addPasskeyRequestSchema = z.strictObject({
  name: passkeyNameSchema,
  response: passkeyRegistrationResponseSchema,
});
export const renamePasskeyRequestSchema = z.strictObject({ name: passkeyNameSchema });

export const passkeySignInRequestSchema = z.strictObject({
  response: passkeyAuthenticationResponseSchema,
});

/** The options for the browser's WebAuthn call: SimpleWebAuthn's JSON, passed on as it is. */
export const webauthnOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });
export type WebauthnOptions = z.infer<typeof webauthnOptionsSchema>;

export const passkeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  /** The passkey may be synced to the owner's other devices (backup eligible). */
  synced: z.boolean(),
  backedUp: z.boolean(),
});
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;

/** The Security screen's view of the signed-in account's factors. */
export const factorsSchema = z.object({
  passkeys: z.array(passkeySummarySchema),
  totp: z.object({
    enabled: z.boolean(),
    recoveryCodesLeft: z.number().int().nonnegative(),
  }),
  /** REQUIRE_MFA: an account with a passkey or one-time codes must use them to sign in. */
  required: z.boolean(),
});
export type Factors = z.infer<typeof factorsSchema>;

/** A six-digit code from the authenticator app. */
export const totpCodeSchema = z
  .string('Enter the 6-digit code from your authenticator app.')
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.');

/** A one-time code or a recovery code (16 letters and digits, dashes and spaces allowed). */
export const signInCodeSchema = z
  .string('Enter the code from your authenticator app, or a recovery code.')
  .trim()
  .min(1, 'Enter the code from your authenticator app, or a recovery code.')
  .max(40, 'Enter the code from your authenticator app, or a recovery code.')
  .regex(
    /^(\d{6}|[A-Za-z2-7\s-]{16,40})$/,
    'Enter the 6-digit code from your authenticator app, or a recovery code.',
  );

export const totpSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  uri: z.string(),
  /** The QR code as an SVG data URL. */
  qrCode: z.string().startsWith('data:image/svg+xml'),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;

export const enableTotpRequestSchema = z.strictObject({ code: totpCodeSchema });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()).length(10) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/**
 * Ten new recovery codes in place of the old ones (codes stay on): no field; the password
 * confirmed in the last 15 minutes is the proof, as for adding a factor.
 */
export const newRecoveryCodesRequestSchema = z.strictObject({});

/** Turning codes off takes the password, or a code (one-time or recovery). */
export const disableTotpRequestSchema = z.union([
  z.strictObject({
    password: z.string('Enter your password.').min(1, 'Enter your password.').max(256),
  }),
  z.strictObject({ code: signInCodeSchema }),
]);
export type DisableTotpRequest = z.infer<typeof disableTotpRequestSchema>;

/** The second step of a password sign-in: the code. */
export const loginCodeRequestSchema = z.strictObject({ code: signInCodeSchema });

/** A correct password of an account with one-time codes: the code is asked for next. */
export const secondStepSchema = z.object({ secondStep: z.literal('code') });

/** What POST /api/auth/login answers with 200: signed in, or the second step. */
export const loginAnswerSchema = z.union([loginResponseSchema, secondStepSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

/** The cookie that carries a sign-in from its correct password to its code (httpOnly). */
export const SECOND_STEP_COOKIE = 'cb_second_step';

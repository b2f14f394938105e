import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { FastifyRequest } from 'fastify';
import type { Env } from '../env';
import { HttpError } from '../lib/http-errors';
import type { Store } from '../store';
import type { ChallengeDoc, PasskeyDoc } from '../store/documents';
import type { Clock } from './sessions';

/** How long the browser has to answer a challenge; the challenge is gone after. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Passkeys one account may have. */
const MAX_PASSKEYS = 20;

/** The relying party: PUBLIC_URL's host name, and the origins a ceremony may come from. */
function relyingParty(env: Pick<Env, 'PUBLIC_URL' | 'LOOPBACK_ONLY'>, request: FastifyRequest) {
  const publicUrl = new URL(env.PUBLIC_URL);
  const origins = [publicUrl.origin];
  // On a loopback-only start the page may be served under another loopback name; ownSiteOnly
  // has already refused any Origin that is not that of the address the request was sent to.
  const origin = request.headers.origin;
  if (env.LOOPBACK_ONLY && origin && origin !== publicUrl.origin) origins.push(origin);
  return { rpID: publicUrl.hostname, origins };
}

const challengeGone = () =>
  new HttpError(
    400,
    'challenge_invalid',
    'This passkey request has expired or was already used. Please try again.',
  );

const malformed = (what: string) =>
  new HttpError(
    400,
    'passkey_invalid',
    `The browser's answer ${what} could not be read. Please try again.`,
  );

/** The challenge the browser signed, read from its clientDataJSON. */
function signedChallenge(clientDataJSON: string): string {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    if (typeof data.challenge === 'string' && /^[A-Za-z0-9_-]{16,200}$/.test(data.challenge))
      return data.challenge;
  } catch {
    // Falls through to the refusal below.
  }
  throw malformed('for this passkey');
}

/** Takes the challenge the browser answered out of the store: it is used once, here. */
async function consumeChallenge(
  store: Store,
  clientDataJSON: string,
  purpose: ChallengeDoc['purpose'],
  now: Date,
): Promise<ChallengeDoc> {
  const challenge = await store.challenges.consume(signedChallenge(clientDataJSON), purpose, now);
  if (!challenge) throw challengeGone();
  return challenge;
}

export class Passkeys {
  constructor(
    private readonly store: Store,
    private readonly env: Pick<Env, 'PUBLIC_URL' | 'LOOPBACK_ONLY'>,
    private readonly clock: Clock,
  ) {}

  private async remember(challenge: string, purpose: ChallengeDoc['purpose'], username?: string) {
    await this.store.challenges.put({
      _id: challenge,
      purpose,
      ...(username ? { username } : {}),
      expiresAt: new Date(this.clock().getTime() + CHALLENGE_TTL_MS),
    });
  }

  /** Options for adding a passkey to `username`: a resident key, user verification required. */
  async registrationOptions(request: FastifyRequest, username: string) {
    const { rpID } = relyingParty(this.env, request);
    const existing = await this.store.passkeys.listFor(username);
    if (existing.length >= MAX_PASSKEYS)
      throw new HttpError(
        409,
        'too_many_passkeys',
        `An account can have at most ${MAX_PASSKEYS} passkeys. Remove one you no longer use first.`,
      );
    const userId = await this.store.factors.ensureWebauthnUserId(
      username,
      isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32))),
    );
    const options = await generateRegistrationOptions({
      rpName: `${rpID} admin`,
      rpID,
      userName: username,
      userDisplayName: username,
      userID: isoBase64URL.toBuffer(userId),
      attestationType: 'none',
      timeout: CHALLENGE_TTL_MS,
      excludeCredentials: existing.map((p) => ({ id: p._id, transports: p.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.remember(options.challenge, 'passkey-register', username);
    return options;
  }

  /** Verifies the browser's registration answer and stores the passkey under `name`. */
  async register(
    request: FastifyRequest,
    username: string,
    name: string,
    response: RegistrationResponseJSON,
  ): Promise<PasskeyDoc> {
    const now = this.clock();
    const challenge = await consumeChallenge(
      this.store,
      response.response.clientDataJSON,
      'passkey-register',
      now,
    );
    // A challenge made for another account's session is no challenge of this one.
    if (challenge.username !== username) throw challengeGone();
    const { rpID, origins } = relyingParty(this.env, request);
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge._id,
        expectedOrigin: origins,
        expectedRPID: rpID,
        requireUserVerification: true,
      });
    } catch (error) {
      throw new HttpError(
        400,
        'passkey_invalid',
        `The browser's answer for this passkey could not be verified: ${(error as Error).message}`,
      );
    }
    if (!verification.verified)
      throw new HttpError(
        400,
        'passkey_invalid',
        'The passkey could not be verified. Please try again.',
      );
    const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
    const passkey: PasskeyDoc = {
      _id: credential.id,
      username,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: (credential.transports ?? []).slice(0, 16),
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name,
      createdAt: now,
    };
    try {
      await this.store.passkeys.add(passkey);
    } catch (error) {
      if ((error as Error).name === 'DuplicateError')
        throw new HttpError(409, 'passkey_exists', 'This passkey is registered already.');
      throw error;
    }
    return passkey;
  }

  /** Options for a sign-in with any passkey of this site (no account named: discoverable). */
  async authenticationOptions(request: FastifyRequest) {
    const { rpID } = relyingParty(this.env, request);
    const options = await generateAuthenticationOptions({
      rpID,
      userVerification: 'required',
      allowCredentials: [],
      timeout: CHALLENGE_TTL_MS,
    });
    await this.remember(options.challenge, 'passkey-sign-in');
    return options;
  }

  /** Verifies a sign-in answer; answers the account it signs in. */
  async authenticate(
    request: FastifyRequest,
    response: AuthenticationResponseJSON,
  ): Promise<{ username: string; passkey: PasskeyDoc }> {
    const now = this.clock();
    const challenge = await consumeChallenge(
      this.store,
      response.response.clientDataJSON,
      'passkey-sign-in',
      now,
    );
    const passkey = await this.store.passkeys.find(response.id);
    if (!passkey || !(await this.store.admins.find(passkey.username)))
      throw new HttpError(
        401,
        'unknown_passkey',
        'This passkey is not registered here (it may have been removed). Sign in with your password, or use another passkey.',
      );
    // The user handle the authenticator keeps must be the account's own.
    const handle = response.response.userHandle;
    const factors = await this.store.factors.get(passkey.username);
    if (handle !== undefined && factors?.webauthnUserId && handle !== factors.webauthnUserId)
      throw new HttpError(
        401,
        'passkey_invalid',
        'This passkey could not be verified. Please try again.',
      );
    const { rpID, origins } = relyingParty(this.env, request);
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge._id,
        expectedOrigin: origins,
        expectedRPID: rpID,
        credential: {
          id: passkey._id,
          publicKey: isoBase64URL.toBuffer(passkey.publicKey),
          counter: passkey.counter,
          transports: passkey.transports as never,
        },
        requireUserVerification: true,
      });
    } catch (error) {
      throw new HttpError(
        401,
        'passkey_invalid',
        `This passkey could not be verified: ${(error as Error).message}`,
      );
    }
    if (!verification.verified)
      throw new HttpError(
        401,
        'passkey_invalid',
        'This passkey could not be verified. Please try again.',
      );
    const info = verification.authenticationInfo;
    await this.store.passkeys.recordUse(passkey._id, {
      counter: info.newCounter,
      backedUp: info.credentialBackedUp,
      at: now,
    });
    return { username: passkey.username, passkey };
  }
}

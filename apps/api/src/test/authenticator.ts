import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64 = (data: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(data));

/** Authenticator data flags (WebAuthn §6.1). */
const FLAGS = { up: 0x01, uv: 0x04, be: 0x08, bs: 0x10, at: 0x40 } as const;

/**
 * A software authenticator for the route tests: one P-256 (ES256) passkey, resident, answering
 * `navigator.credentials.create()` with 'none' attestation and `.get()` with a signed assertion,
 * as a browser hands them to SimpleWebAuthn's JSON.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Uint8Array;
  private counter = 0;
  userHandle: string | undefined;

  constructor(
    private readonly origin: string,
    readonly options: { userVerified?: boolean; synced?: boolean; counts?: boolean } = {},
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    this.cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
  }

  get id() {
    return b64(this.credentialId);
  }

  private flags(extra: number) {
    let flags = FLAGS.up | extra;
    if (this.options.userVerified !== false) flags |= FLAGS.uv;
    if (this.options.synced) flags |= FLAGS.be | FLAGS.bs;
    return flags;
  }

  private clientData(type: string, challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to registration options (as @simplewebauthn/browser's startRegistration gives it). */
  register(
    options: { challenge: string; rp: { id?: string }; user: { id: string } },
    origin?: string,
  ) {
    this.userHandle = options.user.id;
    const counter = Buffer.alloc(4);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(options.rp.id!),
      Buffer.from([this.flags(FLAGS.at)]),
      counter,
      Buffer.alloc(16),
      idLength,
      this.credentialId,
      Buffer.from(this.cosePublicKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** The answer to authentication options (as startAuthentication gives it). */
  authenticate(options: { challenge: string; rpId?: string }, origin?: string) {
    if (this.options.counts) this.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const authData = Buffer.concat([sha256(options.rpId!), Buffer.from([this.flags(0)]), counter]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}

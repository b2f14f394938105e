import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { FAMILY_PAGE_PREFIX } from '@cedar/api-contract';
import { hashToken } from '../auth/sessions';
import type { Store } from '../store';
import { DuplicateError } from '../store';
import type { FamilyLinkDoc } from '../store/documents';

/** 32 random bytes: 256 bits, far beyond guessing. */
const TOKEN_BYTES = 32;

/** The server's key that seals the tokens: made once, kept in the store, never in a backup. */
const sealingKey = async (store: Store) =>
  Buffer.from(
    await store.keys.ensure('family-links', randomBytes(32).toString('base64url')),
    'base64url',
  );

/** The token sealed with AES-256-GCM: iv, tag and ciphertext in one base64url string. */
function seal(key: Buffer, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The sealed token, or null when this server's key did not seal it (a restore elsewhere). */
function unseal(key: Buffer, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** The page's address under the site's public origin. */
export const familyPageUrl = (publicUrl: string, token: string) =>
  `${new URL(publicUrl).origin}${FAMILY_PAGE_PREFIX}${token}`;

export interface IssuedLink {
  token: string | null;
  createdAt: Date;
  /** True when this call made the link (a first one, or a reissue). */
  created: boolean;
}

/**
 * The family's link: the one they have, or (none yet, or `reissue`) a new one, which replaces
 * any other at once. Two first requests at once make one link: the second reads the first's.
 * The token is null when the link exists but this server cannot show it again (its key did not
 * seal it): only a reissue gives one then.
 */
export async function familyLink(
  store: Store,
  entryId: string,
  { by, now, reissue = false }: { by: string; now: Date; reissue?: boolean },
): Promise<IssuedLink> {
  const key = await sealingKey(store);
  if (!reissue) {
    const current = await store.familyLinks.forEntry(entryId);
    if (current)
      return { token: unseal(key, current.sealed), createdAt: current.createdAt, created: false };
  }
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const link: FamilyLinkDoc = {
    _id: hashToken(token),
    entryId,
    sealed: seal(key, token),
    createdAt: now,
    createdBy: by,
  };
  if (reissue) {
    await store.familyLinks.replace(link);
    return { token, createdAt: now, created: true };
  }
  try {
    await store.familyLinks.create(link);
    return { token, createdAt: now, created: true };
  } catch (error) {
    if (!(error instanceof DuplicateError)) throw error;
    const first = await store.familyLinks.forEntry(entryId);
    if (!first) throw error;
    return { token: unseal(key, first.sealed), createdAt: first.createdAt, created: false };
  }
}

/**
 * Makes sure the family has a link an e-mail can carry: theirs, made now if they have none, or
 * reissued when this server cannot read the one they have (restored from elsewhere). Answers
 * whether one was made.
 */
export async function linkForMail(
  store: Store,
  entryId: string,
  by: string,
  now: Date,
): Promise<boolean> {
  const link = await familyLink(store, entryId, { by, now });
  if (link.token) return link.created;
  await familyLink(store, entryId, { by, now, reissue: true });
  return true;
}

/**
 * Where an e-mail to a family names their page: the link goes in only as the e-mail is sent, so
 * the outbox, the store and every backup keep the e-mail without the token.
 */
export const FAMILY_PAGE_PLACEHOLDER = '{{family-page}}';

/** The e-mail with the family's page link in place of FAMILY_PAGE_PLACEHOLDER. */
export async function withFamilyPage<T extends { text: string; entryId: string }>(
  store: Store,
  publicUrl: string,
  mail: T,
): Promise<T> {
  if (!mail.text.includes(FAMILY_PAGE_PLACEHOLDER)) return mail;
  const link = await store.familyLinks.forEntry(mail.entryId);
  const token = link ? unseal(await sealingKey(store), link.sealed) : null;
  // Revoked since the e-mail was queued: it names no page, and says how to get one.
  const url = token
    ? familyPageUrl(publicUrl, token)
    : `(your link has been replaced: write to us at ${new URL(publicUrl).origin}/contact for the new one)`;
  return { ...mail, text: mail.text.replaceAll(FAMILY_PAGE_PLACEHOLDER, url) };
}

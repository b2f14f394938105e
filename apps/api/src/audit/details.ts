import type { AuditDetails } from '../store/documents';

/**
 * The detail keys an audit entry may keep: an allow-list, so that whatever an event is given (a
 * password, a one-time code, a token, a WebAuthn challenge, a hash), only these reach the store.
 * Each names something an owner reading the log needs and nothing that would let anyone sign in.
 */
export const AUDIT_DETAIL_KEYS = [
  // Sign-in and sessions.
  'trustedDevice',
  'knownDevice',
  'endedSessions',
  'ended',
  'method',
  // Second factors and passkeys (issue 39's other part): which kind, and the name the owner gave
  // a passkey (label); never a code, a challenge or a credential.
  'factor',
  'label',
  // Files and publishing.
  'mode',
  'changed',
  'revision',
  'buildId',
  'route',
  'reason',
  'error',
  // Litters, photos, waitlists, announcements, inquiries.
  'litter',
  'file',
  'bytes',
  'list',
  'entry',
  'recipients',
  'rows',
  // Deposits (issue 40): the amount in cents, the state it left, Stripe's event id and type, and
  // what the event did; never a key, a signature or a payment page's address.
  'amount',
  'state',
  'stripeEvent',
  'eventType',
  'result',
  // Issue 40: a litter's update and how many photos it has; whether a family's link was
  // replaced (never the link or its token).
  'update',
  'photos',
  'reissue',
  // People.
  'role',
  'email',
  // Backups and restores.
  'admins',
  'inquiries',
  'revisions',
  'files',
] as const;

const ALLOWED: ReadonlySet<string> = new Set(AUDIT_DETAIL_KEYS);

/** The longest text kept of one detail (a reason, an error): enough to read, never a document. */
const MAX_TEXT = 200;

/**
 * The allow-listed details of an event: numbers, booleans and short texts under the keys above;
 * anything else (other keys, objects, arrays, null) is left out. Undefined when none remain.
 */
export function auditDetails(fields: Record<string, unknown>): AuditDetails | undefined {
  const kept: AuditDetails = {};
  for (const [key, value] of Object.entries(fields)) {
    if (!ALLOWED.has(key)) continue;
    if (typeof value === 'boolean') kept[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) kept[key] = value;
    else if (typeof value === 'string') kept[key] = value.slice(0, MAX_TEXT);
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

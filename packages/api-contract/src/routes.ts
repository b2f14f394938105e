import { FAMILY_ROUTES } from './family';

/** The route table of the product's own API (the site's calls and the server's admin features). */
export const API_ROUTES = {
  health: { method: 'GET', path: '/api/health' },
  ready: { method: 'GET', path: '/api/ready' },
  authConfig: { method: 'GET', path: '/api/auth/config' },
  login: { method: 'POST', path: '/api/auth/login' },
  logout: { method: 'POST', path: '/api/auth/logout' },
  inquiries: { method: 'GET', path: '/api/inquiries' },
  inquiryWebhook: { method: 'POST', path: '/api/inquiries/webhook' },
  hubspotWebhook: { method: 'POST', path: '/api/inquiries/hubspot' },
  inquiryPage: { method: 'GET', path: '/api/admin/inquiries' },
  inquiryStats: { method: 'GET', path: '/api/admin/inquiries/stats' },
  inquiryExport: { method: 'GET', path: '/api/admin/inquiries/export.csv' },
  inquiryNews: { method: 'GET', path: '/api/admin/inquiries/news' },
  intakeStatus: { method: 'GET', path: '/api/admin/inquiries/intake' },
  retryMail: { method: 'POST', path: '/api/admin/inquiries/:id/mail' },
  updateInquiry: { method: 'PATCH', path: '/api/admin/inquiries/:id' },
  deleteInquiry: { method: 'DELETE', path: '/api/admin/inquiries/:id' },
  readFile: { method: 'GET', path: '/api/admin/files/:path' },
  saveFile: { method: 'PUT', path: '/api/admin/files/:path' },
  readWords: { method: 'GET', path: '/api/admin/files/:path/words' },
  saveWords: { method: 'PUT', path: '/api/admin/files/:path/words' },
  fileRevisions: { method: 'GET', path: '/api/admin/revisions/:path' },
  restoreRevision: { method: 'POST', path: '/api/admin/revisions/:path/:id/restore' },
  publishStatus: { method: 'GET', path: '/api/admin/publish' },
  litters: { method: 'GET', path: '/api/admin/litters' },
  addLitter: { method: 'POST', path: '/api/admin/litters' },
  saveLitter: { method: 'PUT', path: '/api/admin/litters/:id' },
  uploadLitterPhoto: { method: 'POST', path: '/api/admin/litter-photos' },
  waitlist: { method: 'GET', path: '/api/admin/waitlist' },
  addToWaitlist: { method: 'POST', path: '/api/admin/waitlist' },
  orderWaitlist: { method: 'PUT', path: '/api/admin/waitlist/lists/:key/order' },
  reservePuppy: { method: 'PUT', path: '/api/admin/waitlist/entries/:id/puppy' },
  removeFromWaitlist: { method: 'DELETE', path: '/api/admin/waitlist/entries/:id' },
  announcements: { method: 'GET', path: '/api/admin/waitlist/announcements' },
  previewAnnouncement: { method: 'POST', path: '/api/admin/waitlist/announcements/preview' },
  sendAnnouncement: { method: 'POST', path: '/api/admin/waitlist/announcements' },
  unsubscribe: { method: 'POST', path: '/api/waitlist/unsubscribe' },
  unsubscribePage: { method: 'GET', path: '/api/waitlist/unsubscribe' },
  confirmPassword: { method: 'POST', path: '/api/admin/password/confirm' },
  changePassword: { method: 'POST', path: '/api/admin/password' },
  sessions: { method: 'GET', path: '/api/admin/sessions' },
  endSession: { method: 'DELETE', path: '/api/admin/sessions/:id' },
  endAllSessions: { method: 'POST', path: '/api/admin/sessions/end-all' },
  // Passkeys and one-time codes (see factors.ts).
  passkeySignInOptions: { method: 'POST', path: '/api/auth/passkey/options' },
  passkeySignIn: { method: 'POST', path: '/api/auth/passkey' },
  loginCode: { method: 'POST', path: '/api/auth/login/code' },
  factors: { method: 'GET', path: '/api/admin/factors' },
  passkeyRegistrationOptions: { method: 'POST', path: '/api/admin/passkeys/options' },
  addPasskey: { method: 'POST', path: '/api/admin/passkeys' },
  renamePasskey: { method: 'PATCH', path: '/api/admin/passkeys/:id' },
  removePasskey: { method: 'DELETE', path: '/api/admin/passkeys/:id' },
  totpSetup: { method: 'POST', path: '/api/admin/totp/setup' },
  enableTotp: { method: 'POST', path: '/api/admin/totp/enable' },
  disableTotp: { method: 'POST', path: '/api/admin/totp/disable' },
  newRecoveryCodes: { method: 'POST', path: '/api/admin/totp/recovery-codes' },
  // Issue 39: roles, invitations and the audit log.
  me: { method: 'GET', path: '/api/admin/me' },
  people: { method: 'GET', path: '/api/admin/people' },
  invite: { method: 'POST', path: '/api/admin/people/invitations' },
  revokeInvitation: { method: 'DELETE', path: '/api/admin/people/invitations/:id' },
  suspendPerson: { method: 'POST', path: '/api/admin/people/:username/suspend' },
  resumePerson: { method: 'POST', path: '/api/admin/people/:username/resume' },
  removePerson: { method: 'DELETE', path: '/api/admin/people/:username' },
  checkInvitation: { method: 'POST', path: '/api/auth/invitation/check' },
  acceptInvitation: { method: 'POST', path: '/api/auth/invitation/accept' },
  audit: { method: 'GET', path: '/api/admin/audit' },
  // Issue 40: deposits (deposits.ts).
  deposits: { method: 'GET', path: '/api/admin/deposits' },
  depositAmount: { method: 'PUT', path: '/api/admin/deposits/amounts' },
  depositCheckout: { method: 'POST', path: '/api/admin/deposits/:entryId/checkout' },
  recordDeposit: { method: 'POST', path: '/api/admin/deposits/:entryId/record' },
  undoDeposit: { method: 'DELETE', path: '/api/admin/deposits/:entryId/record' },
  refundDeposit: { method: 'POST', path: '/api/admin/deposits/:entryId/refund' },
  stripeWebhook: { method: 'POST', path: '/api/stripe/webhook' },
  // Issue 40: families' pages and the litters' weekly news.
  ...FAMILY_ROUTES,
} as const;

export type ApiRouteName = keyof typeof API_ROUTES;

/** The URL of one editable file, its path encoded as one segment. */
export function fileUrl(path: string): string {
  return `/api/admin/files/${encodeURIComponent(path)}`;
}

/** The words of one editable file (its `copy` strings). */
export function wordsUrl(path: string): string {
  return `${fileUrl(path)}/words`;
}

export function revisionsUrl(path: string): string {
  return `/api/admin/revisions/${encodeURIComponent(path)}`;
}

export function restoreUrl(path: string, id: string): string {
  return `/api/admin/revisions/${encodeURIComponent(path)}/${encodeURIComponent(id)}/restore`;
}

export function litterUrl(id: string): string {
  return `/api/admin/litters/${encodeURIComponent(id)}`;
}

export function waitlistOrderUrl(key: string): string {
  return `/api/admin/waitlist/lists/${encodeURIComponent(key)}/order`;
}

export function waitlistEntryUrl(id: string): string {
  return `/api/admin/waitlist/entries/${encodeURIComponent(id)}`;
}

export function reservePuppyUrl(id: string): string {
  return `${waitlistEntryUrl(id)}/puppy`;
}

export function inquiryUrl(id: string): string {
  return `/api/admin/inquiries/${encodeURIComponent(id)}`;
}

/** Sends the e-mail about an inquiry again, after it failed for good. */
export function retryMailUrl(id: string): string {
  return `${inquiryUrl(id)}/mail`;
}

export function sessionUrl(id: string): string {
  return `/api/admin/sessions/${encodeURIComponent(id)}`;
}

export function passkeyUrl(id: string): string {
  return `/api/admin/passkeys/${encodeURIComponent(id)}`;
}

/** Header carrying the hex HMAC-SHA256 of `<timestamp>.<raw body>` (see the webhook's docs). */
export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';
/** Header carrying the delivery's time, in whole seconds since 1970 (UTC). */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-webhook-timestamp';
/** Header carrying the delivery's unique id: a delivery sent twice is stored once. */
export const WEBHOOK_DELIVERY_HEADER = 'x-webhook-id';
export const SESSION_COOKIE = 'cb_session';
export const SESSION_COOKIE_PRODUCTION = '__Host-cb_session';

/** One person of the admin area (issue 39): `/api/admin/people/<username>[/<action>]`. */
export function personUrl(username: string, action?: 'suspend' | 'resume'): string {
  return `/api/admin/people/${encodeURIComponent(username)}${action ? `/${action}` : ''}`;
}

export function invitationUrl(id: string): string {
  return `/api/admin/people/invitations/${encodeURIComponent(id)}`;
}

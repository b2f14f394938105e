/**
 * Every kind of event the server writes to the security log and the audit log: the one list the
 * type, the audit log's entries and the admin's labels (AUDIT_ACTIONS in the API contract, checked
 * by actions.test.ts) follow.
 */
export const SECURITY_EVENTS = [
  'login',
  'logout',
  'password-confirm',
  'password-change',
  'sessions-end',
  'file-save',
  'file-restore',
  'litter-save',
  'photo-upload',
  'publish',
  'inquiry-delete',
  'inquiry-export',
  'backup',
  'restore',
  // Sign-in factors: a passkey sign-in or a code's check is a 'login' (details.method says which).
  'login-second-step',
  'passkey-add',
  'passkey-rename',
  'passkey-remove',
  'totp-enable',
  'totp-disable',
  'recovery-code-use',
  'recovery-codes-new',
  // Issue 39: roles and the audit log.
  'role-refused',
  'waitlist-change',
  'announcement-send',
  'invitation-create',
  'invitation-revoke',
  'invitation-accept',
  'person-suspend',
  'person-resume',
  'person-remove',
  // Issue 40: deposits.
  'deposit-amount',
  'deposit-checkout',
  'deposit-record',
  'deposit-refund',
  'deposit-undo',
  'deposit-webhook',
  // Issue 40: families' page links and the litters' weekly news.
  'family-link-issue',
  'family-link-email',
  'family-link-revoke',
  'litter-news-post',
  'litter-news-edit',
  'litter-news-remove',
] as const;

export type SecurityEvent = (typeof SECURITY_EVENTS)[number];

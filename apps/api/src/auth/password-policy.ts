import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

export const MIN_PASSWORD_LENGTH = 12;
/** zxcvbn's score runs 0-4; 3 is "safely unguessable: moderate protection from offline attack". */
const MIN_PASSWORD_SCORE = 3;

/** The demo admin's published password (the login page shows it when demo login is on). */
export const DEMO_ADMIN = { username: 'admin', password: 'cedar-bluff-demo' } as const;

/** Words an attacker of this site tries first: its own name, place and breed. */
const SITE_WORDS = ['cedar', 'bluff', 'cedarbluff', 'labrador', 'labradors', 'cambridge', 'puppy'];

/** The common-password list (about 49,000 entries) zxcvbn matches against, lower-cased. */
const COMMON_PASSWORDS = new Set(
  (dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()),
);

/** zxcvbn's warnings are translation keys; the ones worth explaining, in plain words. */
const WARNINGS: Record<string, string> = {
  userInputs: "it contains the username or the site's own words",
  commonNames: 'it is mostly a common name',
  namesByThemselves: 'it is mostly a name',
  dates: 'it relies on a date',
  recentYears: 'it relies on a recent year',
  sequences: 'it follows a sequence',
  straightRow: 'it follows a row of the keyboard',
  keyPattern: 'it follows a keyboard pattern',
  simpleRepeat: 'it repeats itself',
  extendedRepeat: 'it repeats itself',
  topTen: 'it is a very common password',
  topHundred: 'it is a very common password',
  common: 'it is a common password',
  similarToCommon: 'it is close to a common password',
  wordByItself: 'it is a single word',
};

let factory: ZxcvbnFactory | undefined;
const strength = () =>
  (factory ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs }));

/**
 * Why a password is refused for a real admin, or null when it is acceptable: at least 12
 * characters, not on the common list, and a zxcvbn score of at least 3 counting the username and
 * the site's own words as known to the attacker. Used by the CLI, for ADMIN_PASSWORD at start-up
 * and by the change-password call.
 */
export function passwordProblem(password: string, username?: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (COMMON_PASSWORDS.has(password.toLowerCase()) || password === DEMO_ADMIN.password)
    return 'is too common; choose another';
  if (/^(.)\1+$/.test(password)) return 'must not repeat one character';
  const result = strength().check(password, [...SITE_WORDS, ...(username ? [username] : [])]);
  if (result.score < MIN_PASSWORD_SCORE) {
    const reason = result.feedback.warning ? WARNINGS[result.feedback.warning] : undefined;
    const hint = reason ? ` (${reason})` : '';
    return `is too easy to guess${hint}; add a few uncommon words`;
  }
  return null;
}

export const MIN_PASSWORD_LENGTH = 12;

/** The demo admin's published password (the login page shows it when demo login is on). */
export const DEMO_ADMIN = { username: 'admin', password: 'cedar-bluff-demo' } as const;

// Long enough to pass the length rule, yet among the first guesses of any attacker.
const COMMON_PASSWORDS = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456123456',
  '111111111111',
  '000000000000',
  'qwertyuiop12',
  'qwertyuiopasdf',
  '1q2w3e4r5t6y',
  'qwerty123456',
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  'passw0rd1234',
  'administrator',
  'admin1234567',
  'adminadminadmin',
  'letmein12345',
  'iloveyou1234',
  'welcome12345',
  'welcome123456',
  'changeme1234',
  'trustno1trustno1',
  'baseball1234',
  'football1234',
  'sunshine1234',
  'princess1234',
  'labrador1234',
  'labradors123',
  'labradorretriever',
  'cedarbluff123',
  'cedarbluff1234',
  'cedarbluffnewyork',
  DEMO_ADMIN.password,
]);

/** Why a password is refused, or null when it is acceptable for a real admin. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'is too common; choose another';
  if (/^(.)\1+$/.test(password)) return 'must not repeat one character';
  return null;
}

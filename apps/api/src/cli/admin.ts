// `npm run admin -- create <username>` / `npm run admin -- reset <username>`: adds an admin or sets
// a new password (which also signs that admin out everywhere and clears their failed logins). The
// password comes from ADMIN_PASSWORD, or is asked for on the terminal (or read from the first
// line of stdin). `npm run admin -- revoke <username>` signs the admin out everywhere.
import { usernameSchema } from '@cedar/api-contract';
import { limiterKeys } from '../auth/login-limiter';
import { hashPassword } from '../auth/password';
import { DEMO_ADMIN, MIN_PASSWORD_LENGTH, passwordProblem } from '../auth/password-policy';
import { loadEnv } from '../env';
import { openStore } from '../store';
import { readSecret } from './prompt';

const USAGE = [
  'Usage: npm run admin -- create <username>   add an admin',
  '       npm run admin -- reset <username>    set a new password, sign out everywhere',
  '       npm run admin -- revoke <username>   sign the admin out everywhere',
].join('\n');
const COMMANDS = new Set(['create', 'reset', 'revoke']);

async function main(argv: string[]): Promise<string> {
  const [command, username, ...rest] = argv;
  if (!command || !COMMANDS.has(command) || !username || rest.length > 0) throw new Error(USAGE);
  const name = usernameSchema.safeParse(username);
  if (!name.success)
    throw new Error(`The username ${name.error.issues[0]?.message ?? 'is not valid'}.`);
  if (username === DEMO_ADMIN.username) {
    throw new Error(
      `'${DEMO_ADMIN.username}' is the demo admin's name (see DEMO_LOGIN); choose another.`,
    );
  }

  if (command === 'revoke') return revoke(username);

  // The username rides along so that env.ts checks ADMIN_PASSWORD with the same rules as at start-up.
  const source = { ...process.env };
  if (source.ADMIN_PASSWORD) source.ADMIN_USERNAME = username;
  else delete source.ADMIN_USERNAME;
  const env = loadEnv(source);

  let password = env.ADMIN_PASSWORD;
  if (password === undefined) {
    password = await readSecret(
      `New password for ${username} (at least ${MIN_PASSWORD_LENGTH} characters): `,
    );
    const problem = passwordProblem(password, username);
    if (problem) throw new Error(`The password ${problem}.`);
    if (process.stdin.isTTY && (await readSecret('Repeat it: ')) !== password)
      throw new Error('The passwords differ.');
  }

  const store = await openStore(env);
  try {
    const now = new Date();
    const exists = (await store.admins.find(username)) !== null;
    if (command === 'create') {
      if (exists)
        throw new Error(
          `There is already an admin named ${username}; use reset to change the password.`,
        );
      await store.admins.create({
        username,
        passwordHash: await hashPassword(password),
        createdAt: now,
        updatedAt: now,
      });
      return `Created the admin ${username}.`;
    }
    if (!exists) throw new Error(`There is no admin named ${username}; use create.`);
    await store.admins.setPassword(username, await hashPassword(password), now);
    const ended = await store.sessions.revokeAllFor(username);
    // However many guesses an attacker made, the owner can sign in again at once.
    await store.loginAttempts.clear(limiterKeys('', username).username);
    return `Set a new password for ${username}${ended ? ` and ended ${ended} session${ended === 1 ? '' : 's'}` : ''}.`;
  } finally {
    await store.close();
  }
}

async function revoke(username: string): Promise<string> {
  const env = loadEnv({ ...process.env, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined });
  const store = await openStore(env);
  try {
    if (!(await store.admins.find(username)))
      throw new Error(`There is no admin named ${username}.`);
    const ended = await store.sessions.revokeAllFor(username);
    return `Signed ${username} out everywhere: ended ${ended} session${ended === 1 ? '' : 's'}.`;
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);

// `npm run admin -- create <username>` / `npm run admin -- reset <username>`: adds an admin or sets
// a new password (which also signs that admin out everywhere and clears their failed logins). The
// password comes from ADMIN_PASSWORD, or is asked for on the terminal (or read from the first
// line of stdin). `npm run admin -- revoke <username>` signs the admin out everywhere.
// `npm run admin -- factors-off <username>` turns the admin's two-step sign-in off and removes
// their passkeys (the way back for an owner who lost every factor), and signs them out everywhere.
// `npm run admin -- backup [file]` writes a backup, asking the running server for it when there is
// one; `npm run admin -- restore <file> [--force]` fills an empty store and the files from one.
import path from 'node:path';
import { usernameSchema } from '@cedar/api-contract';
import { limiterKeys } from '../auth/login-limiter';
import { hashPassword } from '../auth/password';
import { DEMO_ADMIN, MIN_PASSWORD_LENGTH, passwordProblem } from '../auth/password-policy';
import { archiveStream, type BackupCounts, readArchive } from '../backup/archive';
import { collectBackup, restoreBackup, saveArchive } from '../backup/backup';
import { requestBackup } from '../backup/control';
import { loadEnv } from '../env';
import { backupFileName } from '../ops/maintenance';
import { openStore } from '../store';
import { readSecret, runCommand } from './prompt';

const USAGE = [
  'Usage: npm run admin -- create <username>   add an admin',
  '       npm run admin -- reset <username>    set a new password, sign out everywhere',
  '       npm run admin -- revoke <username>   sign the admin out everywhere',
  '       npm run admin -- factors-off <username>',
  '                                            turn two-step sign-in off, remove every passkey',
  '       npm run admin -- backup [file]       write a backup (the server may be running)',
  '       npm run admin -- restore <file> [--force]',
  '                                            fill an empty store and the files from a backup',
].join('\n');
const COMMANDS = new Set(['create', 'reset', 'revoke', 'factors-off']);

/** The environment without the first admin's variables: backups and revokes need none. */
const plainEnv = () =>
  loadEnv({ ...process.env, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined });

// npm and pnpm run this script in apps/api; a file named on the command line is where its
// caller stood (INIT_CWD, set by npm).
const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

const described = (c: BackupCounts) =>
  `${c.admins} admin${c.admins === 1 ? '' : 's'}, ${c.inquiries} inquir${c.inquiries === 1 ? 'y' : 'ies'}, ` +
  `${c.revisions} revision${c.revisions === 1 ? '' : 's'}, ${c.files} file${c.files === 1 ? '' : 's'}`;

async function backup(file: string | undefined): Promise<string> {
  const env = plainEnv();
  const target = fromCaller(file ?? backupFileName(new Date()));
  // A running server holds the embedded store: it writes the backup itself.
  const fromServer = env.MONGODB_URI ? null : await requestBackup(env.DATA_DIR);
  if (fromServer) {
    const { counts } = await saveArchive(fromServer, target);
    return `Wrote ${target} (${described(counts)}), from the running server.`;
  }
  const store = await openStore(env);
  try {
    const contents = await collectBackup({
      store,
      repoRoot: env.REPO_ROOT,
      clock: () => new Date(),
    });
    const { counts } = await saveArchive(archiveStream(contents), target);
    return `Wrote ${target} (${described(counts)}).`;
  } finally {
    await store.close();
  }
}

async function restore(file: string, force: boolean): Promise<string> {
  const env = plainEnv();
  const source = fromCaller(file);
  // Checked whole before anything is touched.
  const contents = await readArchive(source);
  const store = await openStore(env);
  try {
    await restoreBackup(contents, {
      store,
      repoRoot: env.REPO_ROOT,
      force,
      auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    });
  } finally {
    await store.close();
  }
  return (
    `Restored ${described(contents.counts)} from ${source} (made ${contents.createdAt.toISOString()}) ` +
    `into the ${store.kind} store${store.kind === 'embedded' ? ` in ${env.DATA_DIR}` : ''} and ${env.REPO_ROOT}. ` +
    'Every session has ended. Start the server with npm start: it rebuilds the site from the restored files.'
  );
}

async function main(argv: string[]): Promise<string> {
  const [command, ...args] = argv;
  if (command === 'backup' && args.length <= 1) return backup(args[0]);
  if (command === 'restore') {
    const files = args.filter((a) => a !== '--force');
    if (files.length === 1) return restore(files[0]!, args.includes('--force'));
  }
  const [username, ...rest] = args;
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
  if (command === 'factors-off') return factorsOff(username);

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
  const env = plainEnv();
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

/** Two-step sign-in off and every passkey removed: the password alone signs in again. */
async function factorsOff(username: string): Promise<string> {
  const env = plainEnv();
  const store = await openStore(env);
  try {
    if (!(await store.admins.find(username)))
      throw new Error(`There is no admin named ${username}.`);
    const codes = await store.factors.disableTotp(username);
    const passkeys = await store.passkeys.listFor(username);
    for (const passkey of passkeys) await store.passkeys.remove(username, passkey._id);
    const ended = await store.sessions.revokeAllFor(username);
    const what = [
      codes ? 'turned two-step sign-in off' : 'two-step sign-in was off',
      `removed ${passkeys.length} passkey${passkeys.length === 1 ? '' : 's'}`,
      `ended ${ended} session${ended === 1 ? '' : 's'}`,
    ];
    return `For ${username}: ${what.join(', ')}. The password alone signs in now.`;
  } finally {
    await store.close();
  }
}

runCommand(main);

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cedar-rr-build-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/**
 * Preloaded into the build process: once its first line arrives on stdin (the go), its clock runs
 * `shiftMs` ahead, as if it had waited that long for the save.
 */
function clockPreload(shiftMs: number) {
  const file = path.join(tmp, `clock-${shiftMs}.mjs`);
  fs.writeFileSync(
    file,
    `let offset = 0;
const RealDate = Date;
globalThis.Date = class extends RealDate {
  constructor(...args) { super(...(args.length ? args : [RealDate.now() + offset])); }
  static now() { return RealDate.now() + offset; }
};
// Read by the build's own reader: the line is seen here as it is handed to it, not taken.
const emit = process.stdin.emit;
process.stdin.emit = function (event, ...args) {
  if (event === 'data') offset = ${shiftMs};
  return emit.call(this, event, ...args);
};
`,
  );
  return file;
}

/**
 * Starts React Router's build process as a publish does (--wait), sends `go`, and reads its
 * output until its client build begins; the build itself is not waited for.
 */
function untilBuildStarts(shiftMs: number): Promise<string> {
  // Today's day, as vite.config.ts works it out when BUILD_DAY is not given.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    WEB_OUT_DIR: path.join(tmp, `out-${shiftMs}`),
    WEB_PUBLIC_ONLY: '1',
  };
  // As the server starts it: not as a test (vite.config.ts reads VITEST), nor for another day.
  for (const name of Object.keys(env))
    if (name === 'BUILD_DAY' || name === 'NODE_ENV' || name.startsWith('VITEST')) delete env[name];
  const child = spawn(
    process.execPath,
    ['--import', clockPreload(shiftMs), 'scripts/react-router-build.mjs', '--wait'],
    { cwd: web, env, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  child.stdin.end('go\n');
  let out = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out += chunk;
      if (!/building client environment/.test(out)) return;
      child.kill('SIGKILL');
      resolve(out);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => resolve(`${out}\n(exit code ${code})`));
    child.on('error', reject);
  });
}

describe('a publish build prepared before the save (scripts/react-router-build.mjs)', () => {
  it('builds for the day it was configured for while it still is that day at the kennel', async () => {
    const out = await untilBuildStarts(0);
    expect(out).toMatch(/building client environment/);
    expect(out).not.toMatch(/configured again/);
  });

  it('configures again for the new day when it waited past the kennel’s midnight', async () => {
    // 36 hours: past at least one midnight whatever the hour, on any day (23 to 25 hours long).
    const out = await untilBuildStarts(36 * 3_600_000);
    const said =
      /The kennel's day is (\d{4}-\d\d-\d\d) \(configured for (\d{4}-\d\d-\d\d)\): configured again/.exec(
        out,
      );
    expect(said, out).not.toBeNull();
    // A later day than the one it was configured for.
    expect(said![1]! > said![2]!).toBe(true);
    expect(out).toMatch(/building client environment/);
  });
});

import { spawn } from 'node:child_process';
import type { Builder } from './publisher';

const TIMEOUT_MS = 10 * 60_000;
const KEEP_OUTPUT_CHARS = 8000;

/**
 * The real builder: `node scripts/build.mjs --out-dir <dir>` in apps/web, in a child process so
 * a crash or a runaway build never takes the server down. Rejects with the output's tail.
 */
export function webAppBuilder(webAppDir: string): Builder {
  return (outDir, signal) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['scripts/build.mjs', '--out-dir', outDir], {
        cwd: webAppDir,
        stdio: ['ignore', 'pipe', 'pipe'],
        signal,
        timeout: TIMEOUT_MS,
        killSignal: 'SIGKILL',
      });
      let output = '';
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-KEEP_OUTPUT_CHARS);
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('error', (error) => reject(new Error(`${output}\n${error.message}`)));
      child.on('close', (code, killedBy) => {
        if (code === 0) resolve();
        else
          reject(
            new Error(
              `${output}\nThe web build stopped (${killedBy ? `signal ${killedBy}` : `exit code ${code}`}).`,
            ),
          );
      });
    });
}

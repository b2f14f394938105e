import fs from 'node:fs';
import path from 'node:path';
import type { SandboxKind } from '@cedar/api-contract';
import { WEB_APP } from '../web-app';
import type { Builder } from './publisher';
import { buildEnvironment, killTree, sandboxed, spawnSandboxed } from './sandbox';

const KEEP_OUTPUT_CHARS = 8000;

export interface WebBuilderOptions {
  /** apps/web of the repository */
  webAppDir: string;
  repoRoot: string;
  dataDir: string;
  sandbox: SandboxKind;
  /** The build and every process it started are killed after this long. */
  timeoutMs: number;
  publicUrl: string;
}

/**
 * The real builder: `node scripts/build.mjs --out-dir <dir>` in apps/web, in a child process so a
 * crash or a runaway build never takes the server down, contained by the sandbox (sandbox.ts):
 * no secret in its environment, no view of DATA_DIR, nothing writable but its own folder, and
 * killed with every process it started after `timeoutMs`. Rejects with the output's tail.
 */
export function webAppBuilder(options: WebBuilderOptions): Builder {
  return (outDir, signal) =>
    new Promise((resolve, reject) => {
      fs.mkdirSync(outDir, { recursive: true });
      // The sandbox's stand-in for Vite's scratch folder needs its mount point.
      fs.mkdirSync(path.join(options.webAppDir, WEB_APP.viteScratch), { recursive: true });
      const command = sandboxed(
        options.sandbox,
        [WEB_APP.buildScript, '--out-dir', outDir, '--publish'],
        options.webAppDir,
        { repoRoot: options.repoRoot, dataDir: options.dataDir, outDir },
        buildEnvironment(options.publicUrl),
      );
      const child = spawnSandboxed(command);
      let output = '';
      let stoppedBy: string | null = null;
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString('utf8')).slice(-KEEP_OUTPUT_CHARS);
      };
      child.stdout?.on('data', keep);
      child.stderr?.on('data', keep);
      const stop = (why: string) => {
        stoppedBy ??= why;
        killTree(child);
      };
      const timer = setTimeout(
        () =>
          stop(
            `it ran longer than PUBLISH_TIMEOUT (${Math.round(options.timeoutMs / 1000)} s) and was stopped`,
          ),
        options.timeoutMs,
      );
      const onAbort = () => stop('the server is shutting down');
      signal.addEventListener('abort', onAbort, { once: true });
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      };
      child.on('error', (error) => {
        done();
        reject(new Error(`${output}\n${error.message}`));
      });
      child.on('close', (code, killedBy) => {
        done();
        // Whatever the build started is gone with it, even when it exited by itself.
        killTree(child);
        if (code === 0 && stoppedBy === null) resolve();
        else {
          const how = stoppedBy ?? (killedBy ? `signal ${killedBy}` : `exit code ${code}`);
          reject(new Error(`${output}\nThe web build stopped (${how}).`));
        }
      });
    });
}

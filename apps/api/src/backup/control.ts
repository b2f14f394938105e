// How `npm run admin -- backup` gets a consistent backup from a running server on the embedded
// store, which only one process may open (see docs/decisions/008-backups.md): the server answers
// on a Unix socket in DATA_DIR, in a folder only the server's user may enter. Nothing listens on
// the network; whoever may read DATA_DIR may read the data anyway.
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/private-dir';

/** Linux's limit for a socket's path (sun_path), less its closing NUL byte. */
const MAX_SOCKET_PATH = 107;

const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control', 'admin.sock');

export interface ControlServer {
  close(): Promise<void>;
}

/**
 * Serves `POST /backup` on the control socket: the archive `backup()` makes, streamed. Answers
 * null (and logs why) where a socket cannot be made: the CLI then asks the operator to stop the
 * server first.
 */
export async function serveControl(
  dataDir: string,
  backup: () => Promise<Readable>,
  log: FastifyBaseLogger,
): Promise<ControlServer | null> {
  const socket = controlSocketPath(dataDir);
  if (Buffer.byteLength(socket) > MAX_SOCKET_PATH) {
    log.warn(
      `backups while running are off: the path of DATA_DIR is too long for a control socket (${socket}); stop the server to back up`,
    );
    return null;
  }
  const dir = path.dirname(socket);
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await fs.chmod(dir, PRIVATE_DIR_MODE);
  // The store's lock is ours: a socket left here is a dead server's.
  await fs.rm(socket, { force: true });
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404).end('Unknown command');
      return;
    }
    backup().then(
      (archive) => {
        response.writeHead(200, { 'content-type': 'application/gzip' });
        archive.pipe(response);
      },
      (error: unknown) => {
        log.error({ err: error }, 'backup for the admin CLI failed');
        response.writeHead(500).end('The server could not make the backup; its log says why.');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, resolve);
  });
  // The socket is made with the process's umask; its folder already keeps others out, and the
  // socket itself says so too.
  await fs.chmod(socket, PRIVATE_FILE_MODE);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => fs.rm(socket, { force: true })),
  };
}

/**
 * Asks the server running on `dataDir` for a backup: the archive stream, or null when no server
 * answers there (none runs, or one whose socket is gone).
 */
export function requestBackup(dataDir: string): Promise<Readable | null> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath: controlSocketPath(dataDir), method: 'POST', path: '/backup' },
      (response) => {
        if (response.statusCode === 200) {
          resolve(response);
          return;
        }
        let message = '';
        response.on('data', (chunk: Buffer) => (message += chunk.toString()));
        response.on('end', () =>
          reject(new Error(message || `The server answered ${response.statusCode}.`)),
        );
      },
    );
    request.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    request.end();
  });
}

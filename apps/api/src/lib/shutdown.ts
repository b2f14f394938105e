import type { FastifyInstance } from 'fastify';

/** How long requests in flight may take to finish once the server is told to stop. */
const SHUTDOWN_GRACE_MS = 10_000;
const IDLE_SWEEP_MS = 100;

/**
 * Stops the server the way a restart or a deploy needs: no new connection is accepted, requests
 * in flight finish (those still running after `graceMs` are cut off), then the app's own onClose
 * hooks run: a running publish is aborted (the live site stays), the store is closed.
 * Answers whether requests had to be cut off.
 */
export async function closeGracefully(
  app: FastifyInstance,
  graceMs = SHUTDOWN_GRACE_MS,
): Promise<{ cutOff: boolean }> {
  let cutOff = false;
  const deadline = setTimeout(() => {
    cutOff = true;
    app.log.warn(`requests still running after ${graceMs / 1000} s: cutting them off`);
    app.server.closeAllConnections();
  }, graceMs);
  // A kept-alive connection whose request has just finished would otherwise hold the server open
  // until its keep-alive timeout: each is closed as soon as it has nothing in flight.
  const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
    clearInterval(sweep);
  }
  return { cutOff };
}

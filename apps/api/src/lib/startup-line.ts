import type { Env } from '../env';
import { isLoopbackHost } from './net';

/** `http://host:port`, an IPv6 address in brackets. */
const listenUrl = (host: string, port: number) =>
  `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * The one plain line `npm start` ends with: where the server really listens, the public address
 * when it differs, the store, the demo login, where the admin signs in, and how edits are rebuilt.
 */
export function startupLine(
  env: Pick<Env, 'HOST' | 'PUBLIC_URL' | 'DEMO_LOGIN' | 'MONGODB_URI' | 'DATA_DIR'>,
  {
    port,
    store,
    sandbox,
    codeOff = null,
  }: { port: number; store: string; sandbox: string | null; codeOff?: string | null },
): string {
  const listening = listenUrl(env.HOST, port);
  // PORT=0 asks for any free port; the default PUBLIC_URL (http://localhost:0) follows it.
  const site = new URL(env.PUBLIC_URL).port === '0' ? listenUrl('localhost', port) : env.PUBLIC_URL;
  const where = isLoopbackHost(env.HOST)
    ? ' (this machine only)'
    : env.HOST === '0.0.0.0' || env.HOST === '::'
      ? ' (every interface)'
      : '';
  return [
    `Cedar Bluff Labradors is running at ${listening}${where}` +
      (new URL(site).origin === new URL(listening).origin ? '' : `, public address ${site}`),
    `store: ${store}${env.MONGODB_URI ? '' : ` in ${env.DATA_DIR}`}`,
    `demo login: ${env.DEMO_LOGIN ? 'on (the Test Login button)' : 'off'}`,
    `admin sign-in: ${site}/admin/login`,
    `edits rebuilt ${sandbox ? `in a ${sandbox} sandbox` : 'by Vite (development) or not at all'}`,
    ...(codeOff ? [codeOff] : []),
  ].join(' · ');
}

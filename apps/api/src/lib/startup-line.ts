import type { Env } from '../env';
import type { PollerStatus } from '../inquiries/hubspot/poller';
import { isLoopbackHost } from './net';

/** `http://host:port`, an IPv6 address in brackets. */
const listenUrl = (host: string, port: number) =>
  `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

const every = (ms: number) =>
  ms % 60_000 === 0 ? `${ms / 60_000} min` : `${Math.round(ms / 1000)} s`;

/** How HubSpot's inquiries come in: off, polled, or why not (the token refused, said here too). */
function hubspotPart(status: PollerStatus | null, forms: number, webhook: boolean): string {
  const hook = webhook ? ', and its signed webhook' : '';
  if (!status) return webhook ? 'HubSpot: its signed webhook only' : 'HubSpot: off';
  const polling = `polling ${forms} form${forms === 1 ? '' : 's'} every ${every(status.intervalMs)}${hook}`;
  if (status.state === 'refused') return `HubSpot refused the access token: not ${polling}`;
  if (status.state === 'limited') return `HubSpot: ${polling} (paused: ${status.problem})`;
  if (status.state === 'failing' || status.state === 'starting')
    return `HubSpot: ${polling} (not answering yet${status.problem ? `: ${status.problem}` : ''})`;
  return `HubSpot: ${polling}`;
}

/**
 * The one plain line `npm start` ends with: where the server really listens, the public address
 * when it differs, the store, the demo login, where the admin signs in, how edits are rebuilt,
 * how HubSpot's inquiries come in and where the owner's e-mails go.
 */
export function startupLine(
  env: Pick<
    Env,
    'HOST' | 'PUBLIC_URL' | 'DEMO_LOGIN' | 'MONGODB_URI' | 'DATA_DIR' | 'HUBSPOT_FORM_IDS'
  > & { HUBSPOT_CLIENT_SECRET?: string | undefined },
  {
    port,
    store,
    sandbox,
    codeOff = null,
    hubspot = null,
    mail = null,
  }: {
    port: number;
    store: string;
    sandbox: string | null;
    codeOff?: string | null;
    hubspot?: PollerStatus | null;
    mail?: { to: string[]; server: string } | null;
  },
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
    hubspotPart(hubspot, env.HUBSPOT_FORM_IDS.length, Boolean(env.HUBSPOT_CLIENT_SECRET)),
    mail ? `e-mail to ${mail.to.join(', ')} through ${mail.server}` : 'e-mail to the owner: off',
  ].join(' · ');
}

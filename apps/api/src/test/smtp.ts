// A real SMTP server for the tests (the smtp-server package): it asks for the user and password,
// receives whole messages, and refuses recipients, temporarily or for good, when a test says so.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as it arrived: headers and body. */
  raw: string;
}

export interface TestSmtp {
  /** SMTP_URL for the app, with the user and password in it. */
  url: string;
  password: string;
  received: ReceivedMail[];
  /** How the next recipients are answered: accepted, or refused with this reply code. */
  refuseWith(code: number | null, message?: string): void;
  /**
   * How one recipient is answered from now on, over refuseWith: `reply` is a whole SMTP reply
   * ('550 5.1.1 No such user'), or null to accept it.
   */
  script(address: string, reply: string | null): void;
  /** Refuses every login with `535 5.7.8 Authentication credentials invalid` while true. */
  refuseLogins(refuse: boolean): void;
  /** Logins accepted, and connections opened, so far. */
  readonly logins: number;
  readonly connections: number;
  /** Holds each message this long before accepting it. */
  delayData(ms: number): void;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const user = 'website';
  const password = 'smtp-password-9f8e7d';
  const received: ReceivedMail[] = [];
  let refusal: { code: number; message: string } | null = null;
  let dataDelayMs = 0;
  let refuseLogins = false;
  let logins = 0;
  let connections = 0;
  const scripted = new Map<string, { code: number; message: string }>();
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onAuth(auth, _session, callback) {
      if (refuseLogins)
        return callback(
          Object.assign(new Error('5.7.8 Authentication credentials invalid'), {
            responseCode: 535,
          }),
        );
      if (auth.username === user && auth.password === password) {
        logins += 1;
        return callback(null, { user: auth.username });
      }
      callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      const script = scripted.get(address.address.toLowerCase());
      if (script)
        return callback(Object.assign(new Error(script.message), { responseCode: script.code }));
      if (!refusal) return callback();
      const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        }, dataDelayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://${user}:${password}@127.0.0.1:${port}`,
    password,
    received,
    refuseWith(code, message = code && code >= 500 ? 'Mailbox unavailable' : 'Try again later') {
      refusal = code === null ? null : { code, message };
    },
    delayData(ms) {
      dataDelayMs = ms;
    },
    script(address, reply) {
      const key = address.toLowerCase();
      if (reply === null) scripted.delete(key);
      else {
        const m = /^(\d{3}) (.*)$/.exec(reply);
        if (!m) throw new Error(`not an SMTP reply: ${reply}`);
        scripted.set(key, { code: Number(m[1]), message: m[2]! });
      }
    },
    refuseLogins(refuse) {
      refuseLogins = refuse;
    },
    get logins() {
      return logins;
    },
    get connections() {
      return connections;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

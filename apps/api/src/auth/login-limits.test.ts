import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { Gate } from '../lib/gate';
import { clientNetwork } from '../lib/net';
import { build, OWNER, type TestApp } from '../test/build';
import { ADDRESS_LIMIT, PAIR_LIMIT, USERNAME_DELAYS, usernameDelayMs } from './login-limiter';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const MINUTE = 60_000;
const ORIGIN = 'http://localhost:3000';

const login = (
  app: TestApp['app'],
  payload: { username: string; password: string },
  remoteAddress = '203.0.113.7',
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload,
    remoteAddress,
    headers: { origin: ORIGIN, ...headers },
  });

const statuses = (answers: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
  return counts;
};

describe('failed-login limits', () => {
  it('checks at most 5 of 20 wrong guesses sent at once for one username from one address; the rest get 429 with Retry-After', async () => {
    t = await build();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        login(t!.app, { username: OWNER.username, password: `wrong-guess-${i}` }),
      ),
    );
    // A 401 is an answer after a password check; a 429 came before any.
    expect(statuses(answers)).toEqual({ 401: PAIR_LIMIT.attempts, 429: 15 });
    for (const refused of answers.filter((a) => a.statusCode === 429)) {
      expect(refused.json()).toMatchObject({ error: 'too_many_attempts' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    }
    // The owner, from another address, still signs in.
    expect((await login(t.app, OWNER, '198.51.100.20')).statusCode).toBe(200);
  });

  it('allows one address at most 20 failed logins per 15 minutes across usernames', async () => {
    t = await build();
    const answers = [];
    for (let i = 0; i < 30; i++)
      answers.push(await login(t.app, { username: `name-${i}`, password: 'guess-guess-1' }));
    expect(statuses(answers)).toEqual({ 401: ADDRESS_LIMIT.attempts, 429: 10 });
    // Even the right password waits: the answer must not tell whether it was right.
    expect((await login(t.app, OWNER)).statusCode).toBe(429);
    // Another address is not affected, and the window passes.
    expect((await login(t.app, OWNER, '198.51.100.20')).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE);
    expect((await login(t.app, OWNER)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped address as IPv4', async () => {
    expect(clientNetwork('2001:db8:1:2::1')).toBe(clientNetwork('2001:db8:1:2:ffff:1:2:3'));
    expect(clientNetwork('2001:db8:1:2::1')).not.toBe(clientNetwork('2001:db8:1:3::1'));
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe('2001:db8:1:2::/64');

    t = await build();
    const answers = [];
    for (let i = 1; i <= 25; i++)
      answers.push(
        await login(
          t.app,
          { username: `v6-${i}`, password: 'guess-guess-1' },
          `2001:db8:1:2::${i.toString(16)}`,
        ),
      );
    expect(statuses(answers)).toEqual({ 401: 20, 429: 5 });
    expect((await login(t.app, OWNER, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it(
    'slows guesses at one username from many addresses to about 100 a day, without locking it for good',
    { timeout: 60_000 },
    async () => {
      t = await build();
      expect(usernameDelayMs(USERNAME_DELAYS.free - 1)).toBe(0);
      expect(usernameDelayMs(USERNAME_DELAYS.free)).toBe(1000);
      expect(usernameDelayMs(USERNAME_DELAYS.free + 3)).toBe(8000);
      expect(usernameDelayMs(1000)).toBe(USERNAME_DELAYS.maxDelayMs);

      // An attacker with a new address every 3 minutes, for a day.
      let checked = 0;
      let refused = 0;
      for (let i = 0; i < (24 * 60) / 3; i++) {
        const address = `198.18.${(i >> 8) & 255}.${i & 255}`;
        const res = await login(
          t.app,
          { username: OWNER.username, password: `guess-${i}` },
          address,
        );
        if (res.statusCode === 401) checked++;
        else {
          expect(res.statusCode).toBe(429);
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          refused++;
        }
        t.clock.advance(3 * MINUTE);
      }
      console.log(
        `one username, a new address every 3 minutes for 24 h: ${checked} checked, ${refused} refused`,
      );
      expect(checked).toBeGreaterThan(80);
      expect(checked).toBeLessThanOrEqual(120);
      // Once the attacker stops, the owner's next attempt waits at most the longest delay.
      t.clock.advance(USERNAME_DELAYS.maxDelayMs);
      expect((await login(t.app, OWNER, '192.0.2.1')).statusCode).toBe(200);
    },
  );

  it('believes X-Forwarded-For only from the trusted proxy hops, so a spoofed one does not escape the limit', async () => {
    t = await build({ env: { TRUST_PROXY: '1' } });
    // The proxy (127.0.0.1) appends the address it saw; the client prepends whatever it likes.
    const viaProxy = (spoofed: string) =>
      login(t!.app, { username: OWNER.username, password: 'wrong-guess-x' }, '127.0.0.1', {
        'x-forwarded-for': `${spoofed}, 203.0.113.50`,
      });
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await viaProxy(`10.0.0.${i}`));
    expect(statuses(answers)).toEqual({ 401: 5, 429: 3 });
    // Another real client behind the same proxy is not affected.
    expect(
      (await login(t.app, OWNER, '127.0.0.1', { 'x-forwarded-for': '203.0.113.51' })).statusCode,
    ).toBe(200);

    // Without TRUST_PROXY the header is ignored: the proxy's own address is the client.
    t = await t.restart({ TRUST_PROXY: 'false' });
    const direct = [];
    for (let i = 0; i < 6; i++)
      direct.push(
        await login(t.app, { username: 'someone', password: 'wrong-guess-x' }, '192.0.2.9', {
          'x-forwarded-for': `10.9.9.${i}`,
        }),
      );
    expect(statuses(direct)).toEqual({ 401: 5, 429: 1 });
  });

  it('never trusts every hop', () => {
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: trusting every hop/);
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(() => loadEnv({ TRUST_PROXY: 'any proxy' })).toThrow(/TRUST_PROXY/);
  });

  it('runs at most 2 password checks at once and turns the rest away with 429 once its queue is full', async () => {
    let running = 0;
    let most = 0;
    class Watched extends Gate {
      override run<T>(task: () => Promise<T>): Promise<T> {
        return super.run(async () => {
          most = Math.max(most, ++running);
          try {
            return await task();
          } finally {
            running--;
          }
        });
      }
    }
    t = await build({ passwordChecks: new Watched(2, 4) });
    // Fresh usernames from fresh addresses: no limit stops them before the password check.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(t!.app, { username: `fresh-${i}`, password: 'guess-guess-1' }, `198.19.0.${i + 1}`),
      ),
    );
    expect(most).toBe(2);
    const counts = statuses(answers);
    expect(counts[401]! + (counts[429] ?? 0)).toBe(12);
    expect(counts[429]).toBeGreaterThan(0);
    const busy = answers.find((a) => a.statusCode === 429)!;
    expect(busy.json()).toMatchObject({ error: 'busy' });
    expect(busy.headers['retry-after']).toBe('5');
    // A login turned away as busy does not count as a failed guess.
    const again = await login(t.app, OWNER, '198.19.0.1');
    expect(again.statusCode).toBe(200);
  });

  it('lets the login counters expire and sweeps them', async () => {
    t = await build();
    for (let i = 0; i < 3; i++)
      await login(t.app, { username: OWNER.username, password: 'wrong-guess-x' });
    t.clock.advance(USERNAME_DELAYS.windowMs + MINUTE);
    // pair, address and username counters of that address
    expect(await t.services.limiter.removeExpired()).toBe(3);
    expect(await t.services.limiter.removeExpired()).toBe(0);
  });
});

describe('the password-check gate', () => {
  it('runs tasks two at a time in arrival order, and refuses beyond its queue', async () => {
    const gate = new Gate(2, 1);
    const releases: (() => void)[] = [];
    const order: number[] = [];
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        order.push(n);
        releases.push(() => resolve(n));
      });
    const a = gate.run(task(1));
    const b = gate.run(task(2));
    const c = gate.run(task(3));
    await expect(gate.run(task(4))).rejects.toMatchObject({ statusCode: 429, code: 'busy' });
    await Promise.resolve();
    expect(order).toEqual([1, 2]);
    expect(gate.active).toBe(2);
    releases[0]!();
    await a;
    await new Promise((r) => setTimeout(r, 0));
    expect(order).toEqual([1, 2, 3]);
    expect(gate.active).toBe(2);
    releases[1]!();
    releases[2]!();
    expect(await Promise.all([b, c])).toEqual([2, 3]);
    expect(gate.active).toBe(0);
  });
});

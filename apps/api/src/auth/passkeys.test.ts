import { loginResponseSchema, passkeyUrl } from '@cedar/api-contract';
import { afterEach, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../test/authenticator';
import { build, buildLoggedIn, cookieValue, logIn, OWNER, type TestApp } from '../test/build';
import { PASSKEY_SIGN_IN_LIMIT } from './auth-routes';
import { CHALLENGE_TTL_MS } from './passkeys';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const MINUTE = 60_000;
type Json = Record<string, unknown>;

/** A request as our own pages send it (our Origin), with the session cookie when given. */
function call(
  app: TestApp['app'],
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { payload?: unknown; cookie?: string; ip?: string; origin?: string } = {},
) {
  return app.inject({
    method,
    url,
    ...(options.payload === undefined ? {} : { payload: options.payload as Json }),
    remoteAddress: options.ip ?? '203.0.113.7',
    headers: {
      origin: options.origin ?? app.env.PUBLIC_URL,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}

async function registrationOptions(app: TestApp['app'], cookie: string) {
  const res = await call(app, 'POST', '/api/admin/passkeys/options', { payload: {}, cookie });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    options: {
      challenge: string;
      rp: { id: string };
      user: { id: string };
      authenticatorSelection: Json;
      excludeCredentials: unknown[];
    };
  }>().options;
}

/** Adds a passkey of `authenticator` to the signed-in account. */
async function addPasskey(
  app: TestApp['app'],
  cookie: string,
  authenticator: SoftAuthenticator,
  name = 'Laptop',
) {
  const options = await registrationOptions(app, cookie);
  return call(app, 'POST', '/api/admin/passkeys', {
    payload: { name, response: authenticator.register(options) },
    cookie,
  });
}

async function signInOptions(app: TestApp['app'], ip?: string) {
  const res = await call(app, 'POST', '/api/auth/passkey/options', { payload: {}, ip });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    options: {
      challenge: string;
      rpId: string;
      allowCredentials: unknown[];
      userVerification: string;
    };
  }>().options;
}

const signIn = (app: TestApp['app'], response: unknown, ip?: string) =>
  call(app, 'POST', '/api/auth/passkey', { payload: { response }, ip });

describe('passkeys', () => {
  it('adds a named passkey (resident key, user verification required) and signs in with it, no username typed, as a password login does', async () => {
    const a = await buildLoggedIn();
    t = a;
    const options = await registrationOptions(a.app, a.cookie);
    expect(options.rp.id).toBe('localhost');
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: 'required',
      userVerification: 'required',
    });
    const laptop = new SoftAuthenticator(a.app.env.PUBLIC_URL, { synced: true, counts: true });
    const added = await call(a.app, 'POST', '/api/admin/passkeys', {
      payload: { name: '  Laptop  ', response: laptop.register(options) },
      cookie: a.cookie,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      id: laptop.id,
      name: 'Laptop',
      lastUsedAt: null,
      synced: true,
      backedUp: true,
    });
    const stored = await a.services.store.passkeys.find(laptop.id);
    expect(stored).toMatchObject({
      username: 'owner',
      counter: 0,
      transports: ['internal'],
      deviceType: 'multiDevice',
      backedUp: true,
    });

    // A second registration offers the first passkey as one not to make again.
    expect((await registrationOptions(a.app, a.cookie)).excludeCredentials).toEqual([
      expect.objectContaining({ id: laptop.id }),
    ]);

    const sign = await signInOptions(a.app);
    expect(sign).toMatchObject({
      rpId: 'localhost',
      allowCredentials: [],
      userVerification: 'required',
    });
    a.clock.advance(MINUTE);
    const res = await signIn(a.app, laptop.authenticate(sign));
    expect(res.statusCode, res.body).toBe(200);
    expect(loginResponseSchema.parse(res.json()).user).toEqual({
      username: 'owner',
      role: 'owner',
    });
    const session = cookieValue(res, a.app.cookieName)!;
    expect(String(res.headers['set-cookie'])).toContain('HttpOnly');
    const list = await call(a.app, 'GET', '/api/admin/factors', {
      cookie: `${a.app.cookieName}=${session}`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().passkeys).toEqual([
      expect.objectContaining({ name: 'Laptop', lastUsedAt: a.clock.now().toISOString() }),
    ]);
    expect((await a.services.store.passkeys.find(laptop.id))?.counter).toBe(1);
  });

  it('refuses a challenge used once already, an expired one, and one never given (400)', async () => {
    const a = await buildLoggedIn();
    t = a;
    const key = new SoftAuthenticator(a.app.env.PUBLIC_URL);
    const options = await registrationOptions(a.app, a.cookie);
    const response = key.register(options);
    expect(
      (
        await call(a.app, 'POST', '/api/admin/passkeys', {
          payload: { name: 'Key', response },
          cookie: a.cookie,
        })
      ).statusCode,
    ).toBe(201);
    const again = await call(a.app, 'POST', '/api/admin/passkeys', {
      payload: { name: 'Key', response },
      cookie: a.cookie,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: 'challenge_invalid',
      message: 'This passkey request has expired or was already used. Please try again.',
    });

    const sign = await signInOptions(a.app);
    const assertion = key.authenticate(sign);
    expect((await signIn(a.app, assertion)).statusCode).toBe(200);
    const replay = await signIn(a.app, assertion);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe('challenge_invalid');

    const late = await signInOptions(a.app);
    a.clock.advance(CHALLENGE_TTL_MS + 1000);
    const expired = await signIn(a.app, key.authenticate(late));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe('challenge_invalid');

    const made = await signIn(
      a.app,
      key.authenticate({ challenge: 'bm90LWEtY2hhbGxlbmdlLWdpdmVu', rpId: 'localhost' }),
    );
    expect(made.statusCode).toBe(400);
    expect(made.json().error).toBe('challenge_invalid');
  });

  it('hands a sign-in challenge to one of parallel answers only', async () => {
    const a = await buildLoggedIn();
    t = a;
    const key = new SoftAuthenticator(a.app.env.PUBLIC_URL);
    expect((await addPasskey(a.app, a.cookie, key)).statusCode).toBe(201);
    const assertion = key.authenticate(await signInOptions(a.app));
    const answers = await Promise.all(Array.from({ length: 6 }, () => signIn(a.app, assertion)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
  });

  it('refuses a removed passkey (401), and removes only its own account’s passkeys (404)', async () => {
    const a = await buildLoggedIn();
    t = a;
    const key = new SoftAuthenticator(a.app.env.PUBLIC_URL);
    expect((await addPasskey(a.app, a.cookie, key)).statusCode).toBe(201);
    const removed = await call(a.app, 'DELETE', passkeyUrl(key.id), { cookie: a.cookie });
    expect(removed.statusCode).toBe(204);
    expect(
      (await call(a.app, 'DELETE', passkeyUrl(key.id), { cookie: a.cookie })).json(),
    ).toMatchObject({ error: 'not_found', message: 'You have no such passkey.' });
    const res = await signIn(a.app, key.authenticate(await signInOptions(a.app)));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'unknown_passkey' });
    expect(res.json().message).toMatch(/not registered here/);

    // Another account's passkey: neither renamed nor removed through the owner's session.
    const other = new SoftAuthenticator(a.app.env.PUBLIC_URL);
    await a.services.store.passkeys.add({
      _id: other.id,
      username: 'admin',
      publicKey: 'AQID',
      counter: 0,
      transports: [],
      deviceType: 'singleDevice',
      backedUp: false,
      name: 'Theirs',
      createdAt: a.clock.now(),
    });
    expect(
      (
        await call(a.app, 'PATCH', passkeyUrl(other.id), {
          payload: { name: 'Mine' },
          cookie: a.cookie,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(a.app, 'DELETE', passkeyUrl(other.id), { cookie: a.cookie })).statusCode,
    ).toBe(404);
    expect(await a.services.store.passkeys.find(other.id)).toMatchObject({ name: 'Theirs' });
  });

  it('renames a passkey; a name empty or too long is refused with the reason', async () => {
    const a = await buildLoggedIn();
    t = a;
    const key = new SoftAuthenticator(a.app.env.PUBLIC_URL);
    expect((await addPasskey(a.app, a.cookie, key)).statusCode).toBe(201);
    const renamed = await call(a.app, 'PATCH', passkeyUrl(key.id), {
      payload: { name: 'Work laptop' },
      cookie: a.cookie,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Work laptop');
    // The audit entry keeps the new name (as `label`, an allowed detail).
    const { items } = await a.services.store.audit.page(
      { action: 'passkey-rename' },
      { limit: 10 },
    );
    expect(items).toMatchObject([
      { username: 'owner', outcome: 'success', details: { label: 'Work laptop' } },
    ]);
    const long = await call(a.app, 'PATCH', passkeyUrl(key.id), {
      payload: { name: 'x'.repeat(61) },
      cookie: a.cookie,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain("A passkey's name has at most 60 characters.");
    // Named by field, for the Security screen to show on the name's input.
    expect(long.json().details).toContainEqual({
      path: 'name',
      message: "A passkey's name has at most 60 characters.",
    });
    const empty = await addPasskey(
      a.app,
      a.cookie,
      new SoftAuthenticator(a.app.env.PUBLIC_URL),
      '   ',
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Give the passkey a name.');
  });

  it('refuses a malformed attestation, a wrong origin, no user verification, and a passkey registered twice', async () => {
    const a = await buildLoggedIn();
    t = a;
    const key = new SoftAuthenticator(a.app.env.PUBLIC_URL);
    const post = (response: unknown) =>
      call(a.app, 'POST', '/api/admin/passkeys', {
        payload: { name: 'Key', response },
        cookie: a.cookie,
      });

    const garbled = key.register(await registrationOptions(a.app, a.cookie));
    garbled.response.attestationObject = 'AAAAAAAA';
    const bad = await post(garbled);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('passkey_invalid');
    expect(bad.json().message).toMatch(
      /^The browser's answer for this passkey could not be verified/,
    );

    const unreadable = key.register(await registrationOptions(a.app, a.cookie));
    unreadable.response.clientDataJSON = 'bm90IGpzb24';
    expect((await post(unreadable)).json()).toMatchObject({ error: 'passkey_invalid' });

    const elsewhere = await post(
      key.register(await registrationOptions(a.app, a.cookie), 'https://evil.example'),
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toMatch(/origin/i);

    const unverified = new SoftAuthenticator(a.app.env.PUBLIC_URL, { userVerified: false });
    const noUv = await post(unverified.register(await registrationOptions(a.app, a.cookie)));
    expect(noUv.statusCode).toBe(400);
    expect(noUv.json().message).toMatch(/user verification/i);

    expect((await post(key.register(await registrationOptions(a.app, a.cookie)))).statusCode).toBe(
      201,
    );
    const twice = await post(key.register(await registrationOptions(a.app, a.cookie)));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'passkey_exists' });

    // Not the shape of a registration at all: the schema's 400.
    const shapeless = await call(a.app, 'POST', '/api/admin/passkeys', {
      payload: { name: 'Key', response: { id: 'x' } },
      cookie: a.cookie,
    });
    expect(shapeless.statusCode).toBe(400);
    expect(shapeless.json().error).toBe('bad_request');
    expect(await a.services.store.passkeys.countFor('owner')).toBe(1);
  });

  it('refuses a sign-in answer without user verification, from another origin, or not signed by the passkey', async () => {
    const a = await buildLoggedIn();
    t = a;
    const key = new SoftAuthenticator(a.app.env.PUBLIC_URL);
    expect((await addPasskey(a.app, a.cookie, key)).statusCode).toBe(201);
    const elsewhere = await signIn(
      a.app,
      key.authenticate(await signInOptions(a.app), 'https://evil.example'),
    );
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().error).toBe('passkey_invalid');
    const forged = key.authenticate(await signInOptions(a.app));
    forged.response.signature = new SoftAuthenticator(a.app.env.PUBLIC_URL).authenticate({
      challenge: 'eA',
      rpId: 'localhost',
    }).response.signature;
    expect((await signIn(a.app, forged)).json().error).toBe('passkey_invalid');
    const noUv = new SoftAuthenticator(a.app.env.PUBLIC_URL, { userVerified: false });
    Object.assign(noUv, { credentialId: key.credentialId });
    expect((await signIn(a.app, noUv.authenticate(await signInOptions(a.app)))).statusCode).toBe(
      401,
    );
    expect((await signIn(a.app, { id: key.id })).statusCode).toBe(400);
  });

  it("refuses a registration answered to another account's challenge", async () => {
    const a = await buildLoggedIn();
    t = a;
    const demo = await logIn(a.app, { username: 'admin', password: 'cedar-bluff-demo' });
    const ownersOptions = await registrationOptions(a.app, a.cookie);
    const key = new SoftAuthenticator(a.app.env.PUBLIC_URL);
    const res = await call(a.app, 'POST', '/api/admin/passkeys', {
      payload: { name: 'Not mine', response: key.register(ownersOptions) },
      cookie: demo.cookie,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('challenge_invalid');
    expect(await a.services.store.passkeys.countFor('admin')).toBe(0);
    expect(await a.services.store.passkeys.countFor('owner')).toBe(0);
  });

  it('asks for a password confirmed in the last 15 minutes before adding a passkey', async () => {
    const a = await buildLoggedIn();
    t = a;
    a.clock.advance(16 * MINUTE);
    const res = await call(a.app, 'POST', '/api/admin/passkeys/options', {
      payload: {},
      cookie: a.cookie,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'confirmation_required' });
    expect(
      (await call(a.app, 'POST', '/api/admin/passkeys/options', { payload: {} })).statusCode,
    ).toBe(401);
  });

  it('signs in with a passkey while a stranger’s wrong passwords hold the password login back', async () => {
    const a = await buildLoggedIn();
    t = a;
    const key = new SoftAuthenticator(a.app.env.PUBLIC_URL);
    expect((await addPasskey(a.app, a.cookie, key)).statusCode).toBe(201);
    for (let i = 0; i < 12; i++)
      await call(a.app, 'POST', '/api/auth/login', {
        payload: { username: 'owner', password: `wrong-${i}` },
        ip: `198.51.100.${i + 1}`,
      });
    const password = await call(a.app, 'POST', '/api/auth/login', {
      payload: OWNER,
      ip: '192.0.2.50',
    });
    expect(password.statusCode).toBe(429);
    const res = await signIn(
      a.app,
      key.authenticate(await signInOptions(a.app, '192.0.2.50')),
      '192.0.2.50',
    );
    expect(res.statusCode).toBe(200);
  });

  it(`limits passkey sign-ins to ${PASSKEY_SIGN_IN_LIMIT.max} requests per address in 5 minutes, then 429 with Retry-After`, async () => {
    t = await build();
    const answers = await Promise.all(
      Array.from({ length: PASSKEY_SIGN_IN_LIMIT.max + 5 }, () =>
        call(t!.app, 'POST', '/api/auth/passkey/options', { payload: {}, ip: '198.51.100.9' }),
      ),
    );
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.headers['retry-after']).toBeDefined();
    expect(refused[0]!.json().message).toMatch(/^Too many passkey sign-ins from your network/);
    expect(
      (await call(t.app, 'POST', '/api/auth/passkey/options', { payload: {}, ip: '198.51.100.10' }))
        .statusCode,
    ).toBe(200);
    t.clock.advance(PASSKEY_SIGN_IN_LIMIT.windowMs);
    expect(
      (await call(t.app, 'POST', '/api/auth/passkey/options', { payload: {}, ip: '198.51.100.9' }))
        .statusCode,
    ).toBe(200);
  });

  it('with REQUIRE_MFA=1, an account with a passkey cannot sign in with its password alone', async () => {
    const a = await buildLoggedIn({ env: { REQUIRE_MFA: '1' } });
    t = a;
    const key = new SoftAuthenticator(a.app.env.PUBLIC_URL);
    expect((await addPasskey(a.app, a.cookie, key)).statusCode).toBe(201);
    const res = await call(a.app, 'POST', '/api/auth/login', { payload: OWNER });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      error: 'passkey_required',
      message: 'This account signs in with its passkey: choose "Sign in with a passkey".',
    });
    expect(cookieValue(res, a.app.cookieName)).toBeUndefined();
    // The demo admin has none: its password is enough.
    expect(
      (
        await call(a.app, 'POST', '/api/auth/login', {
          payload: { username: 'admin', password: 'cedar-bluff-demo' },
        })
      ).statusCode,
    ).toBe(200);
    t = await a.restart({ REQUIRE_MFA: '0' });
    expect((await logIn(t.app)).session).toBeTruthy();
  });
});

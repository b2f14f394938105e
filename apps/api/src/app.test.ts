import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { authPlugin } from './plugins/auth';
import { DEV_WEBHOOK_SECRET, loadEnv } from './env';
import { writeFakeBuild } from './test/build';
import { testApp } from './test/per-test';

/** Our own pages' Origin: PUBLIC_URL's default on a loopback start. */
const ORIGIN = 'http://localhost:3000';

describe('the app as plugins', () => {
  it('is built from named plugins, each declaring what it needs', async () => {
    const t = await testApp();
    for (const name of [
      'app',
      'config',
      'store',
      'auth',
      'files',
      'publisher',
      'intake',
      'maintenance',
      'payments',
    ])
      expect(t.app.hasPlugin(name), name).toBe(true);
    // A plugin registered without what it depends on says so instead of failing later.
    const lone = Fastify({ logger: false });
    await expect(lone.register(authPlugin).ready()).rejects.toThrow(/config|store/);
    await lone.close();
  });
});

describe('health', () => {
  // The route tests' apps are on MongoDB when the test run has MONGODB_URI (CI's MongoDB job),
  // else on the embedded store: this names which one they all ran on.
  const engine = process.env.MONGODB_URI ? 'mongodb' : 'embedded';
  it(`answers ok and names the store (${engine} in this run)`, async () => {
    const t = await testApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', store: engine });
  });

  it('is on the embedded store when a test asks for its files', async () => {
    const t = await testApp({ engine: 'embedded' });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', store: 'embedded' });
  });
});

describe('env', () => {
  it('names every bad variable', () => {
    expect(() => loadEnv({ PORT: 'abc', NODE_ENV: 'staging' })).toThrow(
      /PORT[\s\S]*NODE_ENV|NODE_ENV[\s\S]*PORT/,
    );
    const bad = {
      SESSION_TTL: 'forever',
      SESSION_IDLE_TTL: '10s',
      BODY_LIMIT: 'huge',
      PUBLISH: 'sometimes',
      MONGODB_URI: 'postgres://x',
      INQUIRY_WEBHOOK_SECRET: 'short',
      DEMO_LOGIN: 'maybe',
      TRUST_PROXY: 'perhaps',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'not a url',
    };
    let message = '';
    try {
      loadEnv(bad);
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of Object.keys(bad)) expect(message).toContain(`${name}:`);
  });

  it('reads the backup and retention variables, refusing bad ones by name', () => {
    expect(loadEnv({})).toMatchObject({
      BACKUP_DIR: undefined,
      BACKUP_KEEP: 7,
      INQUIRY_RETENTION_DAYS: undefined,
    });
    expect(
      loadEnv({ BACKUP_DIR: 'backups', BACKUP_KEEP: '30', INQUIRY_RETENTION_DAYS: '730' }),
    ).toMatchObject({
      BACKUP_DIR: path.resolve('backups'),
      BACKUP_KEEP: 30,
      INQUIRY_RETENTION_DAYS: 730,
    });
    expect(() => loadEnv({ BACKUP_KEEP: '3' })).toThrow(
      /BACKUP_KEEP: is only used with BACKUP_DIR/,
    );
    for (const [name, value] of [
      ['BACKUP_KEEP', '0'],
      ['BACKUP_KEEP', 'all'],
      ['INQUIRY_RETENTION_DAYS', '0'],
      ['INQUIRY_RETENTION_DAYS', '1.5'],
    ] as const)
      expect(() => loadEnv({ BACKUP_DIR: 'b', [name]: value }), `${name}=${value}`).toThrow(
        new RegExp(`${name}:`),
      );
  });

  it('reads the HubSpot and e-mail variables with their defaults, refusing bad ones by name', () => {
    expect(loadEnv({})).toMatchObject({
      HUBSPOT_ACCESS_TOKEN: undefined,
      HUBSPOT_FORM_IDS: [
        '6f1c2d8e-3b4a-4f5e-9a7b-2c1d0e9f8a71',
        '9a2b7c4d-1e6f-4a3b-8c5d-7e0f1a2b3c94',
      ],
      HUBSPOT_API_URL: 'https://api.hubapi.com',
      HUBSPOT_POLL_INTERVAL: 120_000,
      HUBSPOT_CLIENT_SECRET: undefined,
      HUBSPOT_COLOR_PROPERTY: 'preferred_color',
      SMTP_URL: undefined,
      NOTIFY_EMAIL: undefined,
      MAIL_FROM: undefined,
    });
    expect(
      loadEnv({
        HUBSPOT_ACCESS_TOKEN: 'pat-na1-11111111-2222-3333-4444-555555555555',
        HUBSPOT_FORM_IDS: ' 6F1C2D8E-3B4A-4F5E-9A7B-2C1D0E9F8A71 ',
        HUBSPOT_API_URL: 'http://127.0.0.1:4010/',
        HUBSPOT_POLL_INTERVAL: '30s',
        SMTP_URL: 'smtps://website:secret@smtp.example.com:465',
        NOTIFY_EMAIL: 'owner@example.com, kennel@example.com',
        MAIL_FROM: 'Cedar Bluff Website <website@example.com>',
      }),
    ).toMatchObject({
      HUBSPOT_FORM_IDS: ['6f1c2d8e-3b4a-4f5e-9a7b-2c1d0e9f8a71'],
      HUBSPOT_API_URL: 'http://127.0.0.1:4010',
      HUBSPOT_POLL_INTERVAL: 30_000,
      NOTIFY_EMAIL: ['owner@example.com', 'kennel@example.com'],
    });
    for (const [name, value] of [
      ['HUBSPOT_ACCESS_TOKEN', 'has spaces in it'],
      ['HUBSPOT_FORM_IDS', 'contact-form'],
      ['HUBSPOT_API_URL', 'ftp://api.hubapi.com'],
      ['HUBSPOT_POLL_INTERVAL', '10s'],
      ['HUBSPOT_CLIENT_SECRET', 'short'],
      ['HUBSPOT_COLOR_PROPERTY', 'preferred color'],
    ] as const)
      expect(() => loadEnv({ [name]: value }), `${name}=${value}`).toThrow(new RegExp(`${name}:`));
    const mail = {
      SMTP_URL: 'smtp://smtp.example.com:587',
      NOTIFY_EMAIL: 'owner@example.com',
      MAIL_FROM: 'website@example.com',
    };
    for (const [name, value] of [
      ['SMTP_URL', 'https://smtp.example.com'],
      ['NOTIFY_EMAIL', 'owner at example'],
      ['MAIL_FROM', 'Website <not an address>'],
    ] as const)
      expect(() => loadEnv({ ...mail, [name]: value }), `${name}=${value}`).toThrow(
        new RegExp(`${name}:`),
      );
    // The three go together: the missing ones are named.
    expect(() => loadEnv({ SMTP_URL: mail.SMTP_URL })).toThrow(
      /NOTIFY_EMAIL: SMTP_URL, NOTIFY_EMAIL and MAIL_FROM go together[\s\S]*MAIL_FROM:/,
    );
  });

  it('reads the Stripe keys (issue 40): both or neither, each in its own form', () => {
    const key = `sk_test_${'a1'.repeat(12)}`;
    const hook = `whsec_${'b2'.repeat(12)}`;
    expect(loadEnv({})).toMatchObject({
      STRIPE_SECRET_KEY: undefined,
      STRIPE_WEBHOOK_SECRET: undefined,
    });
    expect(loadEnv({ STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: hook })).toMatchObject({
      STRIPE_SECRET_KEY: key,
      STRIPE_WEBHOOK_SECRET: hook,
    });
    expect(() => loadEnv({ STRIPE_SECRET_KEY: key })).toThrow(
      /STRIPE_WEBHOOK_SECRET: .*go together/,
    );
    expect(() => loadEnv({ STRIPE_WEBHOOK_SECRET: hook })).toThrow(
      /STRIPE_SECRET_KEY: .*go together/,
    );
    for (const [name, value] of [
      ['STRIPE_SECRET_KEY', 'pk_test_abcdefghijklmnop'],
      ['STRIPE_SECRET_KEY', 'sk_test_ has spaces in it'],
      ['STRIPE_WEBHOOK_SECRET', 'not-a-signing-secret'],
    ] as const)
      expect(
        () => loadEnv({ STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: hook, [name]: value }),
        `${name}=${value}`,
      ).toThrow(new RegExp(`${name}:`));
  });

  it('starts on loopback only; the demo admin and a development webhook secret exist only there', () => {
    expect(loadEnv({})).toMatchObject({
      HOST: 'localhost',
      PUBLIC_URL: 'http://localhost:3000',
      LOOPBACK_ONLY: true,
      DEMO_LOGIN: true,
      INQUIRY_WEBHOOK_SECRET: DEV_WEBHOOK_SECRET,
    });
    expect(loadEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    for (const HOST of ['localhost', '127.0.0.1', '127.0.0.2', '::1', '[::1]'])
      expect(loadEnv({ HOST }).LOOPBACK_ONLY, HOST).toBe(true);
    for (const env of [
      { HOST: '0.0.0.0' },
      { HOST: '::' },
      { HOST: '192.168.1.20' },
      { HOST: 'cedar.local' },
      { PUBLIC_URL: 'https://cedarblufflabradors.example' },
      { HOST: '127.0.0.1', PUBLIC_URL: 'http://192.168.1.20:3000' },
    ]) {
      expect(loadEnv(env), JSON.stringify(env)).toMatchObject({
        LOOPBACK_ONLY: false,
        DEMO_LOGIN: false,
        INQUIRY_WEBHOOK_SECRET: undefined,
      });
    }
  });

  it('stops a start that would put the demo admin where others can reach it, naming HOST or PUBLIC_URL', () => {
    expect(() => loadEnv({ HOST: '0.0.0.0', DEMO_LOGIN: 'true' })).toThrow(
      /HOST: DEMO_LOGIN=true needs a loopback-only start, but HOST=0\.0\.0\.0 lets other machines reach the demo admin/,
    );
    expect(() =>
      loadEnv({ PUBLIC_URL: 'https://cedarblufflabradors.example', DEMO_LOGIN: 'true' }),
    ).toThrow(/PUBLIC_URL: DEMO_LOGIN=true needs a loopback-only start/);
    expect(loadEnv({ HOST: '127.0.0.1', DEMO_LOGIN: 'true' }).DEMO_LOGIN).toBe(true);
  });

  it('turns demo login on by default and off in production', () => {
    expect(loadEnv({}).DEMO_LOGIN).toBe(true);
    expect(loadEnv({ NODE_ENV: 'production' }).DEMO_LOGIN).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', DEMO_LOGIN: 'true' }).DEMO_LOGIN).toBe(true);
  });

  it('reads durations, sizes and the rest with their defaults', () => {
    const env = loadEnv({ REPO_ROOT: '/srv/cedar' });
    expect(env).toMatchObject({
      PORT: 3000,
      SESSION_TTL: 12 * 3_600_000,
      SESSION_IDLE_TTL: 2 * 3_600_000,
      BODY_LIMIT: 256 * 1024,
      PUBLISH: 'auto',
      TRUST_PROXY: false,
      DATA_DIR: '/srv/cedar/data',
      REPO_ROOT: '/srv/cedar',
      WEB_DIST: undefined,
      MONGODB_URI: undefined,
    });
    expect(
      loadEnv({ SESSION_TTL: '90m', SESSION_IDLE_TTL: '3600', BODY_LIMIT: '1mb' }),
    ).toMatchObject({
      SESSION_TTL: 90 * 60_000,
      SESSION_IDLE_TTL: 3_600_000,
      BODY_LIMIT: 1024 * 1024,
    });
    expect(
      loadEnv({ MONGODB_URI: 'mongodb://db-1:27017,db-2:27017/cedar?replicaSet=rs0' }).MONGODB_URI,
    ).toContain('rs0');
  });

  it('finds the repository root and puts the data folder in it by default', () => {
    const env = loadEnv({});
    expect(env.REPO_ROOT).toBe(path.resolve(import.meta.dirname, '../../..'));
    expect(env.DATA_DIR).toBe(path.join(env.REPO_ROOT, 'data'));
  });

  it('uses defaults only for unset variables; an empty one means unset', () => {
    expect(loadEnv({}, { WEB_DIST: '/srv/web' }).WEB_DIST).toBe('/srv/web');
    expect(loadEnv({ WEB_DIST: '' }, { WEB_DIST: '/srv/web' }).WEB_DIST).toBeUndefined();
    expect(loadEnv({ PORT: '' }).PORT).toBe(3000);
  });

  it('signs webhooks with a development secret, and needs a real one in production', () => {
    expect(loadEnv({}).INQUIRY_WEBHOOK_SECRET).toBe(DEV_WEBHOOK_SECRET);
    expect(loadEnv({ NODE_ENV: 'production' }).INQUIRY_WEBHOOK_SECRET).toBeUndefined();
    expect(
      loadEnv({ NODE_ENV: 'production', INQUIRY_WEBHOOK_SECRET: 'x'.repeat(32) })
        .INQUIRY_WEBHOOK_SECRET,
    ).toBe('x'.repeat(32));
  });

  it('holds the first admin to the password rules', () => {
    expect(() => loadEnv({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD: must be at least 12/,
    );
    expect(() => loadEnv({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'password1234' })).toThrow(
      /ADMIN_PASSWORD: is too common/,
    );
    expect(() => loadEnv({ ADMIN_USERNAME: 'owner' })).toThrow(
      /ADMIN_PASSWORD: ADMIN_USERNAME and ADMIN_PASSWORD go together/,
    );
    expect(() =>
      loadEnv({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'kennel-ledger-harbor-42' }),
    ).toThrow(/ADMIN_USERNAME: 'admin' is the demo/);
    expect(() =>
      loadEnv({ ADMIN_USERNAME: 'bad name', ADMIN_PASSWORD: 'kennel-ledger-harbor-42' }),
    ).toThrow(/ADMIN_USERNAME/);
  });
});

describe('errors', () => {
  it('answers an unknown /api route with JSON 404', async () => {
    const t = await testApp();
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['GET', '/api'],
      ['DELETE', '/api/inquiries'],
      ['GET', '/api/admin/files/apps/web/src/sections/hero-section.tsx'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
  });

  it('answers malformed JSON with 400 bad_request, never a 5xx or a stack', async () => {
    const t = await testApp();
    for (const payload of ['{"username": "owner",', '', 'null', '[]', '"text"']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toMatchObject({ error: 'bad_request', message: expect.any(String) });
      expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
    }
  });

  it('answers wrong types and unknown fields with 400 and details', async () => {
    const t = await testApp();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { username: 7, password: 'x' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'bad_request', details: [{ path: 'username' }] });
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { username: 'owner', password: 'x', role: 'admin' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().details[0].message).toMatch(/role/);
    const injection = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { username: { $gt: '' }, password: { $gt: '' } },
    });
    expect(injection.statusCode).toBe(400);
  });

  it('answers a content type it does not take with 415', async () => {
    const t = await testApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=owner&password=x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: 'unsupported_media_type' });
  });

  it('answers an oversized body with 413', async () => {
    const t = await testApp({ env: { BODY_LIMIT: '2kb' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: ORIGIN },
      payload: { username: 'owner', password: 'x'.repeat(4000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'payload_too_large' });
  });

  it('hides the details of a server fault behind a plain 500', async () => {
    const t = await testApp();
    t.services.store.inquiries.list = async () => {
      throw new Error('connection string mongodb://secret@db');
    };
    const { logIn } = await import('./test/build');
    const { cookie } = await logIn(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/inquiries', headers: { cookie } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: 'internal_error',
      message: expect.any(String),
      requestId: expect.stringMatching(/^[0-9a-f]{10}$/),
    });
    expect(res.body).not.toContain('secret');
  });
});

describe('web host', () => {
  it('serves prerendered pages, files, the admin shell and a 404 page with status 404', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'cedar-dist-'));
    await writeFakeBuild(dist, 'v1');
    const t = await testApp({ webDist: dist });
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.body).toContain('v1 /<');
    expect((await t.app.inject({ method: 'GET', url: '/puppies/' })).body).toContain('v1 /puppies');
    expect((await t.app.inject({ method: 'GET', url: '/admin/files' })).body).toContain('v1 admin');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-v1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(
      (await t.app.inject({ method: 'GET', url: '/robots.txt' })).headers['cache-control'],
    ).toBe('public, max-age=3600');
    for (const url of [
      '/nope',
      '/index.html',
      '/puppies/index.html',
      '/assets/../404.html',
      '/%2e%2e/%2e%2e/etc/passwd.txt',
      '/assets/missing.js',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('v1 404');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).json()).toMatchObject({
      error: 'not_found',
    });
    await fs.rm(dist, { recursive: true, force: true });
  });
});

// What a test opens, closed when it ends (vitest's onTestFinished, which runs after a failure
// too), and the families the tests put on the inbox and the waitlists.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_ROUTES, fileUrl, publishStatusSchema, type Waitlist } from '@cedar/api-contract';
import { expect, onTestFinished } from 'vitest';
import { DEV_WEBHOOK_SECRET } from '../env';
import { webhookHeaders } from '../inquiries/inquiry-routes';
import type { NewInquiry } from '../store/types';
import { build, buildLoggedIn, type BuildTestOptions, type LoggedIn, type TestApp } from './build';
import { startSmtp, type TestSmtp } from './smtp';

/** `a`, and each app a restart of it makes, closed when the test ends. */
function closedAtTheEnd<T extends TestApp>(a: T): T {
  onTestFinished(() => a.close());
  const restart = a.restart.bind(a);
  a.restart = async (env) => closedAtTheEnd(await restart(env));
  return a;
}

/** build(), closed when the test ends. */
export const testApp = async (options?: BuildTestOptions) => closedAtTheEnd(await build(options));

/** buildLoggedIn(), closed when the test ends. */
export const signedInApp = async (options?: BuildTestOptions) =>
  closedAtTheEnd(await buildLoggedIn(options));

/** A temp folder, removed when the test ends. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  onTestFinished(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** The settings that turn the owner's e-mail on, but for SMTP_URL. */
export const MAIL_ENV = {
  NOTIFY_EMAIL: 'owner@cedarblufflabradors.example',
  MAIL_FROM: 'Cedar Bluff Website <website@cedarblufflabradors.example>',
};

/** A real SMTP server (test/smtp.ts), closed when the test ends. */
export async function smtpServer(): Promise<TestSmtp> {
  const smtp = await startSmtp();
  onTestFinished(() => smtp.close());
  return smtp;
}

/**
 * The signed-in app with the owner's e-mail going to a test SMTP server of its own (closed when the
 * test ends), ready; `lines` receives its log lines.
 */
export async function mailingApp(lines?: string[], env: Record<string, string> = {}) {
  const smtp = await smtpServer();
  const a = await signedInApp({
    env: { SMTP_URL: smtp.url, ...MAIL_ENV, ...(lines ? { LOG_LEVEL: 'info' } : {}), ...env },
    ...(lines ? { logStream: { write: (line: string) => lines.push(line) } } : {}),
  });
  await a.app.ready();
  return { a, smtp };
}

/** Ada Lane's answers to the contact form's required fields. */
export const ADA = {
  firstName: 'Ada',
  lastName: 'Lane',
  email: 'ada@example.com',
  phone: '518-555-0100',
  preferredColor: 'black',
};

export const LITTER = 'ranger-juniper-summer-2026';

/** Family `i`'s inquiry, a minute after family `i - 1`'s. */
export const family = (i: number, extra: Partial<NewInquiry> = {}): NewInquiry => ({
  firstName: `Family${i}`,
  lastName: 'Lane',
  email: `family${i}@example.com`,
  phone: '(518) 555-0100',
  preferredColor: 'black',
  createdAt: new Date(Date.UTC(2026, 10, 1) + i * 60_000),
  ...extra,
});

/** A signed-in call as the admin screens make it. */
export const call = (
  a: TestApp & LoggedIn,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: object,
  headers = {},
) =>
  a.app.inject({
    method,
    url,
    headers: { ...a.headers, ...headers },
    ...(body ? { payload: body } : {}),
  });

/** Puts `inquiry` on a litter's list (null: the general list) through the API; the lists after. */
export async function addToWaitlist(
  a: TestApp & LoggedIn,
  inquiryId: string,
  litterId: string | null = LITTER,
) {
  const res = await call(a, 'POST', API_ROUTES.addToWaitlist.path, { inquiryId, litterId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Waitlist>();
}

export const HERO = 'apps/web/src/sections/hero-section.tsx';

/** A hero section whose heading says `Version n`. */
export const heroVersion = (n: number) =>
  `export function HeroSection() {\n  return <h1>Version ${n}</h1>;\n}\n`;

/** A code save of the hero section, as the File editor sends it. */
export const saveHero = (a: Pick<TestApp, 'app'> & Pick<LoggedIn, 'headers'>, source: string) =>
  a.app.inject({
    method: 'PUT',
    url: fileUrl(HERO),
    headers: { ...a.headers, 'content-type': 'text/plain' },
    payload: source,
  });

/** The File editor's publish status. */
export async function publishStatus(a: TestApp & LoggedIn) {
  const res = await call(a, 'GET', API_ROUTES.publishStatus.path);
  expect(res.statusCode).toBe(200);
  return publishStatusSchema.parse(res.json());
}

/** A signed delivery to the inquiry webhook, as a form relay sends it (`delivery`: its headers). */
export const webhook = (
  a: TestApp,
  body: string,
  delivery = webhookHeaders(DEV_WEBHOOK_SECRET, body, { id: randomUUID(), at: a.clock.now() }),
) =>
  a.app.inject({
    method: 'POST',
    url: API_ROUTES.inquiryWebhook.path,
    headers: { 'content-type': 'application/json', ...delivery },
    payload: body,
  });

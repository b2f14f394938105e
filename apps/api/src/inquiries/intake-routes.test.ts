import {
  API_ROUTES,
  inquiryNewsSchema,
  inquiryPageSchema,
  intakeStatusSchema,
} from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../test/build';
import { signedInApp } from '../test/per-test';
import { NEWS_OVERLAP_MS } from './intake-routes';

const newsUrl = (query: Record<string, string>) =>
  `${API_ROUTES.inquiryNews.path}?${new URLSearchParams(query).toString()}`;

async function arrive(a: TestApp, firstName: string, preferredColor = 'yellow') {
  return a.services.intake.receive(`d-${firstName}`, {
    firstName,
    lastName: 'Lane',
    email: `${firstName.toLowerCase()}@example.com`,
    phone: '518-555-0100',
    preferredColor,
    createdAt: a.clock.now(),
  });
}

describe("the live inbox's news", () => {
  it("lists what arrived since the time the last answer gave, filtered by the list's filter", async () => {
    const a = await signedInApp();
    await arrive(a, 'Early');
    const page = inquiryPageSchema.parse(
      (
        await a.app.inject({ method: 'GET', url: API_ROUTES.inquiryPage.path, headers: a.headers })
      ).json(),
    );
    expect(page.asOf).toBe(a.clock.now().toISOString());
    a.clock.advance(5 * 60_000);
    await arrive(a, 'Ada', 'black');
    a.clock.advance(1000);
    await arrive(a, 'Ben', 'yellow');

    const res = await a.app.inject({
      method: 'GET',
      url: newsUrl({ since: page.asOf!, color: 'black' }),
      headers: a.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const news = inquiryNewsSchema.parse(res.json());
    expect(news.items.map((i) => i.firstName)).toEqual(['Ada']);
    expect(news).toMatchObject({ more: false, asOf: a.clock.now().toISOString() });

    // Asked from a little before `since`: a write that began before it is not missed (the inbox
    // drops those it lists already); a minute later, nothing is new.
    const ask = async (since: string) =>
      inquiryNewsSchema.parse(
        (await a.app.inject({ method: 'GET', url: newsUrl({ since }), headers: a.headers })).json(),
      );
    a.clock.advance(NEWS_OVERLAP_MS + 1000);
    const again = await ask(news.asOf);
    expect(again.items.map((i) => i.firstName)).toEqual(['Ben', 'Ada']);
    expect((await ask(again.asOf)).items).toEqual([]);
  });

  it('answers a bad question with 400 and no session with 401', async () => {
    const a = await signedInApp();
    const queries: Record<string, string>[] = [
      {},
      { since: 'yesterday' },
      { since: '2026-01-01T00:00:00Z', status: 'old' },
    ];
    for (const query of queries) {
      const res = await a.app.inject({ method: 'GET', url: newsUrl(query), headers: a.headers });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'bad_request' });
    }
    const anonymous = await a.app.inject({
      method: 'GET',
      url: newsUrl({ since: '2026-01-01T00:00:00Z' }),
      headers: { origin: a.headers.origin },
    });
    expect(anonymous.statusCode).toBe(401);
    const status = await a.app.inject({
      method: 'GET',
      url: API_ROUTES.intakeStatus.path,
      headers: { origin: a.headers.origin },
    });
    expect(status.statusCode).toBe(401);
  });

  it('says HubSpot and e-mail are off when nothing is configured', async () => {
    const a = await signedInApp();
    const res = await a.app.inject({
      method: 'GET',
      url: API_ROUTES.intakeStatus.path,
      headers: a.headers,
    });
    expect(intakeStatusSchema.parse(res.json())).toEqual({
      hubspot: { state: 'off', problem: null, lastSuccessAt: null, intervalMs: 120_000 },
      mail: { state: 'off', to: null, problem: null, pending: 0, failed: [] },
    });
  });
});

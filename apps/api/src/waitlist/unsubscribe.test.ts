import { API_ROUTES, type Waitlist } from '@cedar/api-contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { LoggedIn, TestApp } from '../test/build';
import { addToWaitlist, call, family, LITTER, signedInApp } from '../test/per-test';
import { unsubscribeKey, unsubscribeLink } from './announcements';

/** One family on the litter's list, and the path of their unsubscribe link. */
async function listedFamily() {
  const a = await signedInApp();
  const inquiry = await a.services.store.inquiries.create(family(1));
  const added = await addToWaitlist(a, inquiry.id);
  const entry = added.lists.find((l) => l.key === LITTER)!.entries[0]!;
  const link = new URL(
    unsubscribeLink(a.env.PUBLIC_URL, await unsubscribeKey(a.services.store), entry.id),
  );
  return { a, path: `${link.pathname}${link.search}` };
}

const unsubscribed = async (a: TestApp & LoggedIn) =>
  ((await call(a, 'GET', API_ROUTES.waitlist.path)).json() as Waitlist).lists.find(
    (l) => l.key === LITTER,
  )!.entries[0]!.unsubscribed;

describe('the unsubscribe link', () => {
  it('asks on a page that looks like the site, with a button posting a form, and no script', async () => {
    const { a, path } = await listedFamily();
    const page = await a.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<header><a href="/">Cedar Bluff Labradors</a></header>');
    expect(page.body).toContain('#6d761d');
    expect(page.body).toContain('Georgia');
    expect(page.body).not.toContain('<script');
    expect(page.body).toMatch(/<form method="post" action="\/api\/waitlist\/unsubscribe\?e=/);
    expect(await unsubscribed(a)).toBe(false);
  });

  it('unsubscribes from the form post a browser sends (application/x-www-form-urlencoded), once', async () => {
    const { a, path } = await listedFamily();
    const post = () =>
      a.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const res = await post();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('You are unsubscribed');
    expect(await unsubscribed(a)).toBe(true);
    const again = await post();
    expect(again.statusCode).toBe(200);
    expect(await unsubscribed(a)).toBe(true);
  });

  it('unsubscribes from an empty form post, and from a POST with no body', async () => {
    const { a, path } = await listedFamily();
    const res = await a.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await unsubscribed(a)).toBe(true);
    expect((await a.app.inject({ method: 'POST', url: path })).statusCode).toBe(200);
  });

  it('unsubscribes from a one-click POST sent as multipart/form-data (RFC 8058 allows either)', async () => {
    const { a, path } = await listedFamily();
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await a.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await unsubscribed(a)).toBe(true);
  });

  it('answers each bad request with a clear JSON 4xx and unsubscribes nobody', async () => {
    const { a, path } = await listedFamily();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const cases: [string, InjectOptions, number, string][] = [
      [
        'a forged signature',
        { method: 'POST', url: path.replace(/s=[\w-]+/, 's=forged') },
        403,
        'forbidden',
      ],
      ['no signature', { method: 'POST', url: path.replace(/&s=[\w-]+/, '') }, 400, 'bad_request'],
      [
        'a malformed entry',
        { method: 'POST', url: path.replace(/e=[a-z0-9]+/, 'e=NOT%20AN%20ID') },
        400,
        'bad_request',
      ],
      [
        'another one-click value',
        { method: 'POST', url: path, headers: form, payload: 'List-Unsubscribe=Yes' },
        400,
        'bad_request',
      ],
      [
        'an unknown field',
        {
          method: 'POST',
          url: path,
          headers: form,
          payload: 'List-Unsubscribe=One-Click&subscribe=1',
        },
        400,
        'bad_request',
      ],
      [
        'a field twice',
        {
          method: 'POST',
          url: path,
          headers: form,
          payload: 'List-Unsubscribe=One-Click&List-Unsubscribe=One-Click',
        },
        400,
        'bad_request',
      ],
      [
        'a content type no form sends',
        {
          method: 'POST',
          url: path,
          headers: { 'content-type': 'text/plain' },
          payload: 'List-Unsubscribe=One-Click',
        },
        415,
        'unsupported_media_type',
      ],
      [
        'JSON',
        {
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/json' },
          payload: '{"List-Unsubscribe":"One-Click"}',
        },
        415,
        'unsupported_media_type',
      ],
      [
        'a broken multipart body',
        {
          method: 'POST',
          url: path,
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
          payload: 'not a form',
        },
        400,
        'bad_request',
      ],
      [
        'a body too large',
        {
          method: 'POST',
          url: path,
          headers: form,
          payload: `List-Unsubscribe=${'x'.repeat(4000)}`,
        },
        413,
        'payload_too_large',
      ],
      [
        'a GET with a forged signature',
        { method: 'GET', url: path.replace(/s=[\w-]+/, 's=forged') },
        403,
        'forbidden',
      ],
    ];
    for (const [label, request, status, error] of cases) {
      const res = await a.app.inject(request);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      expect(res.json(), label).toMatchObject({ error, message: expect.any(String) });
    }
    expect(await unsubscribed(a)).toBe(false);
  });
});

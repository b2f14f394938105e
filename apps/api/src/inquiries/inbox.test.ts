import {
  API_ROUTES,
  type InboxInquiry,
  inquiryListSchema,
  type InquiryPage,
  inquiryUrl,
} from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import { logIn, type LoggedIn, type TestApp } from '../test/build';
import { signedInApp } from '../test/per-test';
import type { NewInquiry } from '../store';
import { csvCell } from './csv';

const HOUR = 3_600_000;
const person = (i: number, extra: Partial<NewInquiry> = {}): NewInquiry => ({
  firstName: `Family${i}`,
  lastName: 'Lane',
  email: `family${i}@example.com`,
  phone: `(518) 555-${String(i).padStart(4, '0')}`,
  preferredColor: i % 2 === 0 ? 'yellow' : 'black',
  createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
  ...extra,
});

async function seed(
  a: TestApp,
  count: number,
  extra: (i: number) => Partial<NewInquiry> = () => ({}),
) {
  for (let i = 0; i < count; i++) await a.services.store.inquiries.create(person(i, extra(i)));
}

const get = (a: TestApp & LoggedIn, url: string) =>
  a.app.inject({ method: 'GET', url, headers: a.headers });

const errorOf = (res: { statusCode: number; json(): unknown }) => ({
  status: res.statusCode,
  body: res.json(),
});

describe('the inbox list', () => {
  it('pages newest first, 50 by default, following nextCursor to the last page', async () => {
    const a = await signedInApp();
    await seed(a, 120);
    const first = await get(a, API_ROUTES.inquiryPage.path);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const page = first.json<InquiryPage>();
    expect(page.items).toHaveLength(50);
    expect(page.items[0]).toEqual({
      ...person(119),
      id: expect.any(String),
      createdAt: person(119).createdAt.toISOString(),
      status: 'new',
      note: '',
    });
    const seen = page.items.map((i) => i.firstName);
    let cursor = page.nextCursor;
    while (cursor) {
      const next = (
        await get(a, `${API_ROUTES.inquiryPage.path}?cursor=${cursor}`)
      ).json<InquiryPage>();
      seen.push(...next.items.map((i) => i.firstName));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => `Family${119 - i}`));
    const all = (await get(a, `${API_ROUTES.inquiryPage.path}?limit=200`)).json<InquiryPage>();
    expect(all.items).toHaveLength(120);
    expect(all.nextCursor).toBeNull();
  });

  it('filters by status and colour and searches name, e-mail and phone', async () => {
    const a = await signedInApp();
    await seed(a, 10);
    const { items } = (await get(a, API_ROUTES.inquiryPage.path)).json<InquiryPage>();
    const family3 = items.find((i) => i.firstName === 'Family3')!;
    await a.app.inject({
      method: 'PATCH',
      url: inquiryUrl(family3.id),
      headers: a.headers,
      payload: { status: 'contacted' },
    });
    const names = async (query: string) =>
      (await get(a, `${API_ROUTES.inquiryPage.path}?${query}`))
        .json<InquiryPage>()
        .items.map((i) => i.firstName);
    expect(await names('status=contacted')).toEqual(['Family3']);
    expect(await names('color=black&status=new')).toEqual([
      'Family9',
      'Family7',
      'Family5',
      'Family1',
    ]);
    expect(await names('q=FAMILY7')).toEqual(['Family7']);
    expect(await names(`q=${encodeURIComponent('family2@EXAMPLE')}`)).toEqual(['Family2']);
    expect(await names(`q=${encodeURIComponent('555-0004')}`)).toEqual(['Family4']);
    expect(await names('q=family1+lane')).toEqual(['Family1']);
    expect(await names('q=')).toHaveLength(10);
    expect(await names('q=nobody')).toEqual([]);
  });

  it('answers each bad query with 400 and a reason', async () => {
    const a = await signedInApp();
    const cases: [string, RegExp][] = [
      ['limit=0', /limit/],
      ['limit=201', /limit/],
      ['limit=1.5', /limit/],
      ['limit=ten', /limit/],
      ['status=answered', /status/],
      ['status=new&status=closed', /status/],
      // A colour a family wrote is kept as written ('Fox Red' is one); a control character is not.
      ['color=Fox%01Red', /color/],
      [`color=${'x'.repeat(61)}`, /color/],
      [`q=${'x'.repeat(101)}`, /q/],
      ['cursor=%24%7B%7D', /cursor/],
      [`cursor=${Buffer.from('not a position').toString('base64url')}`, /cursor/],
      ['sort=oldest', /sort|Unrecognized/i],
    ];
    for (const [query, reason] of cases) {
      const res = await get(a, `${API_ROUTES.inquiryPage.path}?${query}`);
      expect(errorOf(res), query).toEqual({
        status: 400,
        body: expect.objectContaining({
          error: 'bad_request',
          message: expect.stringMatching(reason),
        }),
      });
    }
  });

  it('keeps GET /api/inquiries as the spec has it: every inquiry, in the spec fields only', async () => {
    const a = await signedInApp();
    await seed(a, 60);
    const res = await get(a, API_ROUTES.inquiries.path);
    const list = res.json<Record<string, unknown>[]>();
    expect(list).toHaveLength(60);
    expect(inquiryListSchema.parse(list)).toEqual(list);
    expect(list[0]).not.toHaveProperty('status');
    expect(list[0]).not.toHaveProperty('note');
  });
});

describe('status, note and delete', () => {
  it('sets the status and the note, each alone or together', async () => {
    const a = await signedInApp();
    await seed(a, 1);
    const [inquiry] = (await get(a, API_ROUTES.inquiryPage.path)).json<InquiryPage>().items;
    const patch = (payload: Record<string, string>) =>
      a.app.inject({ method: 'PATCH', url: inquiryUrl(inquiry!.id), headers: a.headers, payload });
    expect((await patch({ status: 'waitlist' })).json()).toEqual({
      ...inquiry,
      status: 'waitlist',
    });
    expect((await patch({ note: 'Wants a female, spring litter' })).json()).toEqual({
      ...inquiry,
      status: 'waitlist',
      note: 'Wants a female, spring litter',
    });
    expect((await patch({ status: 'placed', note: '' })).json()).toEqual({
      ...inquiry,
      status: 'placed',
      note: '',
    });
    const stored = (await get(a, API_ROUTES.inquiryPage.path)).json<InquiryPage>().items[0];
    expect(stored?.status).toBe('placed');
  });

  it('answers each bad update with a 4xx and a reason, changing nothing', async () => {
    const a = await signedInApp();
    await seed(a, 1);
    const [inquiry] = (await get(a, API_ROUTES.inquiryPage.path)).json<InquiryPage>().items;
    const patch = (payload: unknown, id = inquiry!.id, headers: Record<string, string> = {}) =>
      a.app.inject({
        method: 'PATCH',
        url: inquiryUrl(id),
        headers: { ...a.headers, ...headers },
        payload: payload as string,
      });
    const cases: [unknown, number, RegExp][] = [
      [{}, 400, /status, a note or both/],
      [{ status: 'answered' }, 400, /status/],
      [{ note: 'x'.repeat(5001) }, 400, /note/],
      [{ note: 42 }, 400, /note/],
      [{ status: 'new', createdAt: '2020-01-01T00:00:00Z' }, 400, /createdAt|Unrecognized/i],
      [{ status: { $ne: 'x' } }, 400, /status/],
      ['[1,2', 400, /JSON|body/i],
    ];
    for (const [payload, status, reason] of cases) {
      const res = await patch(
        payload,
        inquiry!.id,
        typeof payload === 'string' ? { 'content-type': 'application/json' } : {},
      );
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json<{ message: string }>().message, JSON.stringify(payload)).toMatch(reason);
    }
    expect((await patch({ status: 'closed' }, '00000000000000000000000000')).json()).toEqual({
      error: 'not_found',
      message: 'No such inquiry',
    });
    expect((await patch({ status: 'closed' }, '../admins')).statusCode).toBe(404);
    expect((await get(a, API_ROUTES.inquiryPage.path)).json<InquiryPage>().items[0]).toEqual(
      inquiry,
    );
  });

  it('deletes an inquiry for good: gone from every list, the stats and the export, logged without its content', async () => {
    const lines: string[] = [];
    const a = await signedInApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(line) },
    });
    await seed(a, 3);
    const items = (await get(a, API_ROUTES.inquiryPage.path)).json<InquiryPage>().items;
    const gone = items[1]!;
    const del = () =>
      a.app.inject({ method: 'DELETE', url: inquiryUrl(gone.id), headers: a.headers });
    const first = await del();
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect((await del()).json()).toEqual({ error: 'not_found', message: 'No such inquiry' });
    const ids = (url: string) => get(a, url).then((r) => r.json<InboxInquiry[]>().map((i) => i.id));
    expect(await ids(API_ROUTES.inquiries.path)).toEqual([items[0]!.id, items[2]!.id]);
    expect((await get(a, API_ROUTES.inquiryStats.path)).json()).toMatchObject({ total: 2 });
    expect((await get(a, API_ROUTES.inquiryExport.path)).body).not.toContain(gone.email);
    const event = lines.map((l) => JSON.parse(l)).find((l) => l.security === 'inquiry-delete');
    expect(event).toMatchObject({ outcome: 'success', username: 'owner', inquiry: gone.id });
    expect(JSON.stringify(event)).not.toContain(gone.email);
  });
});

describe('the stats', () => {
  it('counts every inquiry, those of the last 24 hours and the most requested colour', async () => {
    const a = await signedInApp();
    const now = a.clock.now();
    await seed(a, 300, (i) => ({
      createdAt: new Date(now.getTime() - (i < 7 ? i + 1 : 30 + i) * HOUR),
      preferredColor: i % 3 === 0 ? 'chocolate' : i % 3 === 1 ? 'yellow' : 'no-preference',
    }));
    const res = await get(a, API_ROUTES.inquiryStats.path);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 300,
      recent: 7,
      mostRequested: { color: 'chocolate', count: 100, tiedWith: ['yellow'] },
      byStatus: { new: 300, contacted: 0, waitlist: 0, placed: 0, closed: 0 },
      byColor: [
        { color: 'chocolate', count: 100 },
        { color: 'no-preference', count: 100 },
        { color: 'yellow', count: 100 },
      ],
    });
    // A day later (signed in again) none is recent; the rest stays right.
    a.clock.advance(24 * HOUR);
    const later = await logIn(a.app);
    const dayLater = await a.app.inject({
      method: 'GET',
      url: API_ROUTES.inquiryStats.path,
      headers: later.headers,
    });
    expect(dayLater.json()).toMatchObject({
      total: 300,
      recent: 0,
    });
  });
});

describe('the CSV export', () => {
  it('neutralises cells a spreadsheet would run as a formula, and quotes every cell', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""x"")"',
    );
    for (const start of ['+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvCell('Ada "the" Lane, Esq.\nline two')).toBe('"Ada ""the"" Lane, Esq.\nline two"');
    expect(csvCell('a=b')).toBe('"a=b"');
  });

  it('exports the filtered list as UTF-8 with a BOM, every page of it, newest first', async () => {
    const a = await signedInApp();
    await seed(a, 450, (i) =>
      i === 449
        ? {
            firstName: "=cmd|' /C calc'!A0",
            lastName: 'Zoë, "Ørsted"',
            phone: '+1 518 555 0199',
            message: 'Line one\nline two',
          }
        : {},
    );
    const res = await get(a, API_ROUTES.inquiryExport.path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="cedar-bluff-inquiries-\d{4}-\d\d-\d\d\.csv"$/,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '"Received (UTC)","First name","Last name","E-mail","Phone","Preferred colour","Status","Message","Note","Waitlist","Place","Deposit"',
    );
    expect(lines.at(-1)).toBe('');
    // The header, 450 rows and the empty rest after the last CRLF (the message's own line break
    // is a bare LF inside its quotes).
    expect(lines).toHaveLength(1 + 450 + 1);
    expect(lines[1]).toBe(
      `"2026-01-01 07:29:00","'=cmd|' /C calc'!A0","Zoë, ""Ørsted""","family449@example.com","'+1 518 555 0199","black","New","Line one\nline two","","","",""`,
    );
    const filtered = await get(a, `${API_ROUTES.inquiryExport.path}?q=family44&color=yellow`);
    expect(
      filtered.body
        .slice(1)
        .trim()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',')[1]),
    ).toEqual([
      '"Family448"',
      '"Family446"',
      '"Family444"',
      '"Family442"',
      '"Family440"',
      '"Family44"',
    ]);
    expect((await get(a, `${API_ROUTES.inquiryExport.path}?status=bogus`)).statusCode).toBe(400);
  });
});

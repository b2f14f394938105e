import {
  API_ROUTES,
  GENERAL_LIST,
  INQUIRY_STATUSES,
  inquiryUpdateSchema,
  waitlistAddSchema,
  type Waitlist,
  type InboxInquiry,
  type InquiryStats,
  type IntakeStatus,
} from '@cedar/api-contract';
import { allLitters as litters } from '@cedar/content';
import { http, HttpResponse } from 'msw';
import { api } from './render-admin';

/** An inquiry as the inbox API answers it; `n` orders them (higher is newer). */
export function inboxInquiry(n: number, overrides: Partial<InboxInquiry> = {}): InboxInquiry {
  return {
    id: `inq${String(n).padStart(4, '0')}`,
    firstName: 'Ada',
    lastName: `Lane${n}`,
    email: `ada${n}@example.com`,
    phone: `(518) 555-${String(n).padStart(4, '0')}`,
    preferredColor: 'yellow',
    createdAt: new Date(Date.UTC(2026, 3, 1) + n * 3_600_000).toISOString(),
    status: 'new',
    note: '',
    ...overrides,
  };
}

/** Counts as the server makes them (its own tests hold the rules); `recent` is given. */
function statsOf(items: InboxInquiry[], recent: number): InquiryStats {
  const byColor = new Map<string, number>();
  for (const i of items) byColor.set(i.preferredColor, (byColor.get(i.preferredColor) ?? 0) + 1);
  const colors = [...byColor].map(([color, count]) => ({ color, count }));
  colors.sort((a, b) => b.count - a.count || a.color.localeCompare(b.color));
  const demand = colors.filter((c) => c.color !== 'no-preference');
  const top = demand[0];
  return {
    total: items.length,
    recent,
    mostRequested: top
      ? {
          ...top,
          tiedWith: demand
            .slice(1)
            .filter((c) => c.count === top.count)
            .map((c) => c.color),
        }
      : null,
    byStatus: Object.fromEntries(
      INQUIRY_STATUSES.map((s) => [s, items.filter((i) => i.status === s).length]),
    ) as InquiryStats['byStatus'],
    byColor: colors,
  };
}

function matches(inquiry: InboxInquiry, params: URLSearchParams): boolean {
  const status = params.get('status');
  const color = params.get('color');
  const q = params.get('q')?.toLowerCase();
  if (status && inquiry.status !== status) return false;
  if (color && inquiry.preferredColor !== color) return false;
  if (!q) return true;
  const digits = q.replace(/\D/g, '');
  return (
    `${inquiry.firstName} ${inquiry.lastName}`.toLowerCase().includes(q) ||
    inquiry.email.toLowerCase().includes(q) ||
    (digits !== '' && inquiry.phone.replace(/\D/g, '').includes(digits))
  );
}

/**
 * A small inbox server for the dashboard's tests: the five inbox routes over `initial`, kept
 * newest first, with the server's page size (or `pageSize`) and a cursor that is the last id.
 * Tests change `inbox.items` or add handlers in front (`api.use`) to make a call fail.
 */
export function serveInbox(initial: InboxInquiry[], { pageSize = 50, recent = 0 } = {}) {
  const inbox = {
    items: [...initial].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    recent,
    /** When each inquiry that arrived while the test ran came (ms), for the live inbox's news. */
    arrivedAt: new Map<string, number>(),
    /** HubSpot and the owner's e-mail, as the dashboard is told. */
    intake: {
      hubspot: { state: 'off', problem: null, lastSuccessAt: null, intervalMs: 120_000 },
      mail: { state: 'off', to: null, problem: null, pending: 0, failed: [] },
    } as IntakeStatus,
    /** The waitlists: the general list and each litter's, as GET /api/admin/waitlist answers. */
    waitlist: {
      version: 0,
      lists: [
        { key: GENERAL_LIST, litterId: null, name: 'the general list', entries: [] },
        ...litters
          .filter((l) => !l.archived)
          .map((l) => ({ key: l.id, litterId: l.id, name: `${l.name}’s list`, entries: [] })),
      ],
    } as Waitlist,
    /** A family's inquiry reaches the server now (the live inbox is told at its next ask). */
    arrive(...inquiries: InboxInquiry[]) {
      for (const inquiry of inquiries) {
        inbox.items = [inquiry, ...inbox.items];
        inbox.arrivedAt.set(inquiry.id, Date.now());
      }
    },
  };
  api.use(
    http.get(API_ROUTES.litters.path, () =>
      HttpResponse.json({ sha256: 'a'.repeat(64), litters: [...litters] }),
    ),
    http.get(API_ROUTES.waitlist.path, () => HttpResponse.json(inbox.waitlist)),
    http.post(API_ROUTES.addToWaitlist.path, async ({ request }) => {
      const add = waitlistAddSchema.parse(await request.json());
      if (request.headers.get('if-match') !== `"${inbox.waitlist.version}"`)
        return HttpResponse.json({ error: 'conflict', message: 'changed' }, { status: 409 });
      const inquiry = inbox.items.find((i) => i.id === add.inquiryId)!;
      const key = add.litterId ?? GENERAL_LIST;
      inbox.waitlist = {
        version: inbox.waitlist.version + 1,
        lists: inbox.waitlist.lists.map((l) =>
          l.key === key
            ? {
                ...l,
                entries: [
                  ...l.entries,
                  {
                    id: `e${inbox.waitlist.version + 1}`,
                    inquiryId: inquiry.id,
                    name: `${inquiry.firstName} ${inquiry.lastName}`,
                    email: inquiry.email,
                    sex: 'Either',
                    color: inquiry.preferredColor,
                    addedAt: new Date().toISOString(),
                    unsubscribed: false,
                    bounced: false,
                  },
                ],
              }
            : l,
        ),
      };
      return HttpResponse.json(inbox.waitlist, { status: 201 });
    }),
    http.get(API_ROUTES.intakeStatus.path, () => HttpResponse.json(inbox.intake)),
    http.get(API_ROUTES.inquiryNews.path, ({ request }) => {
      const params = new URL(request.url).searchParams;
      const since = Date.parse(params.get('since') ?? '');
      const items = inbox.items.filter(
        (i) => (inbox.arrivedAt.get(i.id) ?? -Infinity) >= since - 60_000 && matches(i, params),
      );
      return HttpResponse.json({ items, more: false, asOf: new Date().toISOString() });
    }),
    http.get(API_ROUTES.inquiryStats.path, () =>
      HttpResponse.json(statsOf(inbox.items, inbox.recent)),
    ),
    http.get(API_ROUTES.inquiryExport.path, ({ request }) => {
      const params = new URL(request.url).searchParams;
      const rows = inbox.items
        .filter((i) => matches(i, params))
        .map((i) => `"${i.firstName}","${i.lastName}","${i.status}"`);
      return new HttpResponse(`\uFEFF"First name","Last name","Status"\r\n${rows.join('\r\n')}`, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="cedar-bluff-inquiries-2026-05-10.csv"',
        },
      });
    }),
    http.get(API_ROUTES.inquiryPage.path, ({ request }) => {
      const params = new URL(request.url).searchParams;
      const matching = inbox.items.filter((i) => matches(i, params));
      const cursor = params.get('cursor');
      const start = cursor ? matching.findIndex((i) => i.id === cursor) + 1 : 0;
      const items = matching.slice(start, start + pageSize);
      const more = start + pageSize < matching.length;
      return HttpResponse.json({
        items,
        nextCursor: more ? (items.at(-1)?.id ?? null) : null,
        asOf: new Date().toISOString(),
      });
    }),
    http.patch(API_ROUTES.updateInquiry.path, async ({ request, params }) => {
      const change = inquiryUpdateSchema.parse(await request.json());
      const index = inbox.items.findIndex((i) => i.id === params.id);
      if (index < 0)
        return HttpResponse.json(
          { error: 'not_found', message: 'No such inquiry' },
          { status: 404 },
        );
      const updated = { ...inbox.items[index]!, ...change };
      inbox.items[index] = updated;
      return HttpResponse.json(updated);
    }),
    http.delete(API_ROUTES.deleteInquiry.path, ({ params }) => {
      const before = inbox.items.length;
      inbox.items = inbox.items.filter((i) => i.id !== params.id);
      if (inbox.items.length === before)
        return HttpResponse.json(
          { error: 'not_found', message: 'No such inquiry' },
          { status: 404 },
        );
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return inbox;
}

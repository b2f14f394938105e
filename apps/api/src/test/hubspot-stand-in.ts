// A stand-in for HubSpot's forms submissions API, served over real HTTP by the test: the
// documented answer ({ results, paging: { next: { after, link } } }, newest first, 50 a page at
// most), the Bearer token checked, and any answer a test scripts next (a 401, a 429, a 500, no
// answer at all).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInSubmission {
  conversionId: string;
  submittedAt: number;
  values: { name: string; value: string }[];
  pageUrl?: string;
}

interface SeenRequest {
  formId: string;
  limit: string | null;
  after: string | null;
  authorization: string | undefined;
}

/** A scripted answer: a status, headers and a body, or 'hang' (never answers). */
type Scripted = { status: number; headers?: Record<string, string>; body?: unknown } | 'hang';

export interface HubSpotStandIn {
  url: string;
  token: string;
  /** Every request, in order. */
  requests: SeenRequest[];
  /** A form HubSpot has, with no submission yet (any other form is a 404). */
  open(formId: string): void;
  /** Adds a submission to a form (HubSpot lists newest first, whatever the order added). */
  submit(formId: string, submission: StandInSubmission): void;
  /** The next requests get these answers, one each, before the real ones resume. */
  script(...answers: Scripted[]): void;
  close(): Promise<void>;
}

const PATH = /^\/form-integrations\/v1\/submissions\/forms\/([^/?]+)$/;

export async function startHubSpotStandIn(
  token = 'pat-na1-stand-in-token',
): Promise<HubSpotStandIn> {
  const forms = new Map<string, StandInSubmission[]>();
  const scripted: Scripted[] = [];
  const requests: SeenRequest[] = [];
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const match = PATH.exec(url.pathname);
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (!match || req.method !== 'GET') return send(404, { status: 'error', message: 'not found' });
    const formId = decodeURIComponent(match[1]!);
    requests.push({
      formId,
      limit: url.searchParams.get('limit'),
      after: url.searchParams.get('after'),
      authorization: req.headers.authorization,
    });
    const next = scripted.shift();
    if (next === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (next) return send(next.status, next.body ?? {}, next.headers);
    if (req.headers.authorization !== `Bearer ${token}`)
      return send(401, {
        status: 'error',
        message: 'Authentication credentials not found.',
        category: 'INVALID_AUTHENTICATION',
      });
    const all = [...(forms.get(formId) ?? [])].sort((a, b) => b.submittedAt - a.submittedAt);
    if (!forms.has(formId)) return send(404, { status: 'error', message: 'Form not found' });
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 20), 50);
    const start = Number(url.searchParams.get('after') ?? 0);
    const results = all.slice(start, start + limit);
    const after = start + limit < all.length ? String(start + limit) : null;
    send(200, {
      results,
      ...(after
        ? {
            paging: {
              next: {
                after,
                link: `${url.pathname}?limit=${limit}&after=${after}`,
              },
            },
          }
        : {}),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    open(formId) {
      if (!forms.has(formId)) forms.set(formId, []);
    },
    submit(formId, submission) {
      const list = forms.get(formId) ?? [];
      list.push(submission);
      forms.set(formId, list);
    },
    script(...answers) {
      scripted.push(...answers);
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

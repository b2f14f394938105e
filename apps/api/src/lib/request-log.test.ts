import { API_ROUTES } from '@cedar/api-contract';
import { describe, expect, it } from 'vitest';
import { logIn } from '../test/build';
import { testApp } from '../test/per-test';

interface Line {
  level: number;
  reqId?: string;
  msg: string;
  [key: string]: unknown;
}

async function withLog(level: string, prettyLogs = false) {
  const lines: string[] = [];
  const t = await testApp({
    env: { LOG_LEVEL: level },
    logStream: { write: (line) => void lines.push(line) },
    ...(prettyLogs ? { prettyLogs } : {}),
  });
  return { a: t, lines };
}

const parsed = (lines: string[]) => lines.map((l) => JSON.parse(l) as Line);
const ofRequest = (lines: string[], reqId: string) =>
  parsed(lines).filter((l) => l.reqId === reqId);

describe('request logs', () => {
  it('write one line per request at info: method, address, status and time, no query string', async () => {
    const { a, lines } = await withLog('info');
    const { cookie } = await logIn(a.app);
    lines.length = 0;
    await a.app.inject({ method: 'GET', url: API_ROUTES.health.path });
    await a.app.inject({ method: 'GET', url: '/api/nope' });
    await a.app.inject({
      method: 'GET',
      url: `${API_ROUTES.inquiryPage.path}?q=ada.lane%40example.com&status=new`,
      headers: { cookie },
    });
    const requestLines = parsed(lines).filter((l) => l.reqId);
    expect(requestLines).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        url: '/api/health',
        statusCode: 200,
        responseTime: expect.any(Number),
        msg: expect.stringMatching(/^GET \/api\/health 200 [\d.]+ ms$/),
      }),
      expect.objectContaining({ url: '/api/nope', statusCode: 404 }),
      expect.objectContaining({ url: '/api/admin/inquiries?…', statusCode: 200 }),
    ]);
    expect(new Set(requestLines.map((l) => l.reqId)).size).toBe(3);
    expect(lines.join('')).not.toMatch(/ada\.lane|incoming request|request completed/);
  });

  it('adds a line when each request arrives at debug, under the same request id', async () => {
    const { a, lines } = await withLog('debug');
    await a.app.inject({ method: 'GET', url: API_ROUTES.health.path });
    const [reqId] = parsed(lines)
      .map((l) => l.reqId)
      .filter(Boolean);
    expect(ofRequest(lines, reqId!).map((l) => [l.level, l.msg])).toEqual([
      [20, 'GET /api/health arrived'],
      [30, expect.stringMatching(/^GET \/api\/health 200 /)],
    ]);
  });

  it('logs a server fault under the request id that its 500 answer carries', async () => {
    const { a, lines } = await withLog('info');
    a.services.store.inquiries.stats = async () => {
      throw new Error('disk on fire');
    };
    const { cookie } = await logIn(a.app);
    const res = await a.app.inject({
      method: 'GET',
      url: API_ROUTES.inquiryStats.path,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(500);
    const { requestId } = res.json<{ requestId: string }>();
    expect(ofRequest(lines, requestId)).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'request failed',
        err: expect.objectContaining({ message: 'disk on fire', stack: expect.any(String) }),
      }),
      expect.objectContaining({ level: 30, statusCode: 500 }),
    ]);
  });

  it('reads as plain lines for a terminal, one per request, the request id in front', async () => {
    const { a, lines } = await withLog('info', true);
    await a.app.inject({ method: 'GET', url: API_ROUTES.health.path });
    const text = lines.join('');
    expect(() => JSON.parse(lines[0]!)).toThrow();
    const line = text.split('\n').find((l) => l.includes('/api/health'));
    expect(line).toMatch(
      /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] INFO: \[[0-9a-f]{10}\] GET \/api\/health 200 [\d.]+ ms$/,
    );
    expect(text.split('\n').filter((l) => l.includes('/api/health'))).toHaveLength(1);
  });
});

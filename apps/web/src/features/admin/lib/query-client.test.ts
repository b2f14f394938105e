import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  HttpError,
  apiRequest,
  createAdminQueryClient,
  getQueryFn,
  isUnauthorized,
} from './query-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn().mockResolvedValue(response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('admin query client defaults', () => {
  it('never refetches on its own, never goes stale and never retries', () => {
    const client = createAdminQueryClient();
    const { queries, mutations } = client.getDefaultOptions();
    expect(queries?.refetchInterval).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(queries?.retry).toBe(false);
    expect(mutations?.retry).toBe(false);
  });
});

describe('default query function', () => {
  it('GETs the key parts joined with a slash, with cookies, and reads JSON', async () => {
    const fetchMock = stubFetch(Response.json([{ id: '1' }]));
    const client = createAdminQueryClient();
    const data = await client.fetchQuery({ queryKey: ['/api/admin/revisions', 'apps%2Fx.tsx'] });
    expect(data).toEqual([{ id: '1' }]);
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/revisions/apps%2Fx.tsx', {
      credentials: 'include',
    });
  });

  it('turns a non-OK answer into "<status>: <body>"', async () => {
    stubFetch(
      new Response('database is down', { status: 500, statusText: 'Internal Server Error' }),
    );
    const client = createAdminQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/inquiries'] })).rejects.toThrow(
      '500: database is down',
    );
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const client = createAdminQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/inquiries'] })).rejects.toThrow(
      '503: Service Unavailable',
    );
  });

  it('throws on 401 by default', async () => {
    stubFetch(new Response('{"error":"unauthorized","message":"Sign in"}', { status: 401 }));
    const client = createAdminQueryClient();
    const error = await client
      .fetchQuery({ queryKey: ['/api/inquiries'] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(isUnauthorized(error)).toBe(true);
    expect((error as Error).message).toBe('401: {"error":"unauthorized","message":"Sign in"}');
  });

  it("returns null on 401 when the query sets on401 'returnNull'", async () => {
    stubFetch(new Response('', { status: 401, statusText: 'Unauthorized' }));
    const client = createAdminQueryClient();
    await expect(
      client.fetchQuery({ queryKey: ['/api/inquiries'], meta: { on401: 'returnNull' } }),
    ).resolves.toBeNull();
  });

  it('getQueryFn can be used on its own', async () => {
    stubFetch(new Response('', { status: 401, statusText: 'Unauthorized' }));
    const fn = getQueryFn<string[]>({ on401: 'returnNull' });
    const client = createAdminQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api', 'x'], queryFn: fn })).resolves.toBeNull();
  });
});

describe('apiRequest', () => {
  it('sends the method, headers and body with cookies', async () => {
    const fetchMock = stubFetch(new Response('ok'));
    await apiRequest('PUT', '/api/admin/files/a', {
      body: 'text',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/admin/files/a', {
      method: 'PUT',
      credentials: 'include',
      headers: { 'Content-Type': 'text/plain' },
      body: 'text',
    });
  });

  it('throws an HttpError carrying status and body', async () => {
    stubFetch(new Response('{"error":"conflict"}', { status: 409, statusText: 'Conflict' }));
    const error = await apiRequest('PUT', '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(409);
    expect((error as HttpError).body).toBe('{"error":"conflict"}');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch } from '@/test/mock-fetch';

import { api, ApiError, apiRequest, buildUrl, NetworkError, onUnauthorized } from './api-client';

describe('apiRequest', () => {
  let unsubscribe: (() => void) | undefined;
  afterEach(() => {
    unsubscribe?.();
    unsubscribe = undefined;
  });

  it('sends the session cookie and asks for JSON', async () => {
    const fetchMock = mockFetch({ 'GET /admin/config': { body: { apiRoot: '/api' } } });

    await expect(api.get('/admin/config')).resolves.toEqual({ apiRoot: '/api' });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/admin/config');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('GET');
    expect(new Headers(init?.headers).get('Accept')).toBe('application/json');
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('sends a JSON body with its content type', async () => {
    const fetchMock = mockFetch({ 'PUT /admin/config': { body: { ok: true } } });

    await api.put('/admin/config', { caching: true });

    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('PUT');
    expect(init.body).toBe('{"caching":true}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
  });

  it('drops empty query parameters', () => {
    expect(buildUrl('/admin/logs', { endpoint: '', source: undefined, limit: 25 })).toBe(
      '/admin/logs?limit=25',
    );
    expect(buildUrl('/admin/logs', { endpoint: '/api/1 x' })).toBe(
      '/admin/logs?endpoint=%2Fapi%2F1+x',
    );
  });

  it("fails with 'status: body text' on a non-ok answer", async () => {
    const body = {
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid configuration',
      code: 'VALIDATION_ERROR',
      details: [{ field: 'apiRoot', message: 'apiRoot must start with /' }],
    };
    mockFetch({ 'PUT /admin/config': { status: 400, body } });

    const error = await api.put('/admin/config', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`400: ${JSON.stringify(body)}`);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).fieldErrors).toEqual({ apiRoot: 'apiRoot must start with /' });
  });

  it('keeps a non-JSON error body as text', async () => {
    mockFetch({ 'GET /admin/logs': { status: 502, body: 'Bad Gateway' } });

    await expect(apiRequest('/admin/logs')).rejects.toThrow('502: Bad Gateway');
  });

  it('answers undefined for 204 No Content', async () => {
    mockFetch({ 'DELETE /admin/api-keys/abc': { status: 204 } });

    await expect(api.delete('/admin/api-keys/abc')).resolves.toBeUndefined();
  });

  it('reports an unreachable gateway as a NetworkError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await expect(api.get('/admin/system')).rejects.toBeInstanceOf(NetworkError);
  });

  it('signals an ended session on a 401 from an admin call', async () => {
    const handler = vi.fn();
    unsubscribe = onUnauthorized(handler);
    mockFetch({ 'GET /admin/logs': { status: 401, body: { message: 'Sign in required' } } });

    await expect(api.get('/admin/logs')).rejects.toThrow('401: ');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('does not signal on a 401 from the session check or a failed sign-in', async () => {
    const handler = vi.fn();
    unsubscribe = onUnauthorized(handler);
    mockFetch({
      'GET /admin/session': { status: 401, body: { message: 'No session' } },
      'POST /admin/session': { status: 401, body: { message: 'Invalid username or password' } },
    });

    await expect(api.get('/admin/session')).rejects.toBeInstanceOf(ApiError);
    await expect(api.post('/admin/session', { username: 'a', password: 'b' })).rejects.toThrow(
      '401: ',
    );
    expect(handler).not.toHaveBeenCalled();
  });

  it('stops signalling once unsubscribed', async () => {
    const handler = vi.fn();
    onUnauthorized(handler)();
    mockFetch({ 'GET /admin/config': { status: 401, body: {} } });

    await expect(api.get('/admin/config')).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient, type FetchLike } from '../../../src/core/api/client.js';
import { GatehouseError } from '../../../src/core/errors/gatehouse-error.js';

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

function client(fetch: FetchLike, sleep = vi.fn(async (_ms: number) => {})) {
  return {
    sleep,
    api: new ApiClient({
      apiUrl: 'https://provider.test/',
      appId: 'app-id',
      clientAnalyticsId: 'ca-1',
      fetch,
      sleep,
    }),
  };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: GatehouseError) => error,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('API client (§7)', () => {
  it('sends JSON with the app id, client analytics id, client name and credentials', async () => {
    const fetch = vi.fn<FetchLike>(async () => json({ success: true }));
    const { api } = client(fetch);
    await expect(api.post('/api/v1/passwordless/init', { email: 'a@b.co' }, 'tok')).resolves.toEqual({
      success: true,
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('https://provider.test/api/v1/passwordless/init');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"email":"a@b.co"}');
    expect(init.headers).toMatchObject({
      'gatehouse-app-id': 'app-id',
      'gatehouse-ca-id': 'ca-1',
      'gatehouse-client': 'gatehouse-js:0.1.0',
      'content-type': 'application/json',
      authorization: 'Bearer tok',
    });
  });

  it('sends no Authorization header without a token', async () => {
    const fetch = vi.fn<FetchLike>(async () => json({}));
    await client(fetch).api.get('/api/v1/apps/x');
    expect(fetch.mock.calls[0]![1].headers).not.toHaveProperty('authorization');
  });

  it.each([408, 409, 425, 500, 502, 503, 504])('retries a %i up to 3 times, 500 ms apart', async (status) => {
    const fetch = vi.fn<FetchLike>(async () => json({ code: 'internal_error', message: 'boom' }, status));
    const { api, sleep } = client(fetch);
    const error = await failure(api.post('/x'));
    expect(fetch).toHaveBeenCalledTimes(4);
    expect(sleep.mock.calls).toEqual([[500], [500], [500]]);
    expect(error).toBeInstanceOf(GatehouseError);
    expect(error).toMatchObject({ type: 'api_error', status, code: 'internal_error', message: 'boom' });
  });

  it('stops retrying once an answer succeeds', async () => {
    const fetch = vi
      .fn<FetchLike>()
      .mockResolvedValueOnce(json({}, 503))
      .mockResolvedValueOnce(json({}, 502))
      .mockResolvedValueOnce(json({ ok: 1 }));
    await expect(client(fetch).api.post('/x')).resolves.toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it.each([400, 401, 403, 404, 422, 429])('does not retry a %i', async (status) => {
    const fetch = vi.fn<FetchLike>(async () => json({ code: 'some_code', message: 'nope' }, status));
    const { api, sleep } = client(fetch);
    const error = await failure(api.post('/x'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
    expect(error).toMatchObject({ type: 'api_error', status, code: 'some_code', message: 'nope' });
  });

  it('maps an error page that is not JSON by its status', async () => {
    const fetch = vi.fn<FetchLike>(async () => new Response('<html>Bad gateway</html>', { status: 404 }));
    const error = await failure(client(fetch).api.get('/x'));
    expect(error).toMatchObject({
      type: 'api_error',
      status: 404,
      message: 'Gatehouse answered with status 404.',
    });
  });

  it("times out after 20 s with client_request_timeout 'Request timed out'", async () => {
    vi.useFakeTimers();
    const fetch = vi.fn<FetchLike>(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const outcome = failure(client(fetch).api.get('/slow'));
    await vi.advanceTimersByTimeAsync(19_999);
    expect(fetch.mock.calls[0]![1].signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toMatchObject({
      type: 'client_error',
      code: 'client_request_timeout',
      message: 'Request timed out',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a network failure is the one clear error of an unreachable provider', async () => {
    const fetch = vi.fn<FetchLike>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(client(fetch).api.get('/x'));
    expect(error).toMatchObject({
      type: 'client_error',
      code: 'provider_unreachable',
      message: 'The login service could not be reached',
    });
  });
});

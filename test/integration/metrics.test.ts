import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { onPostgres } from '../support/test-database.js';
import { type Harness, startHarness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** One sample's value from the Prometheus text, by its exact name and labels. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('is not served unless metrics are turned on', async () => {
    h = await startHarness();
    const response = await h.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
  });

  it('counts requests by route pattern and status, logins by outcome, codes sent and rate-limit refusals', async () => {
    h = await startHarness({
      metrics: { enabled: true },
      rateLimits: { passwordlessInitPerEmail: { max: 2, windowMs: 60_000 } },
    });
    await h.login('ada@example.com');
    const wrong = await h.post('/api/v1/passwordless/authenticate', {
      email: 'ada@example.com',
      code: '000000',
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    await h.requestCode('bob@example.com');
    await h.requestCode('bob@example.com');
    expect((await h.post('/api/v1/passwordless/init', { email: 'bob@example.com' })).statusCode).toBe(429);
    await h.inject({ method: 'GET', url: `/api/v1/apps/${h.appId}` });

    const response = await h.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    const init = '/api/v1/passwordless/init';
    const authenticate = '/api/v1/passwordless/authenticate';
    expect(sample(text, `gatehouse_http_requests_total{method="POST",route="${init}",status="200"}`)).toBe(3);
    expect(sample(text, `gatehouse_http_requests_total{method="POST",route="${init}",status="429"}`)).toBe(1);
    expect(
      sample(text, `gatehouse_http_requests_total{method="POST",route="${authenticate}",status="200"}`),
    ).toBe(1);
    // Route patterns, not addresses: the app id is not a label value.
    expect(text).toContain('route="/api/v1/apps/:appId"');
    expect(text).not.toContain(h.appId);
    expect(
      sample(
        text,
        `gatehouse_http_request_duration_seconds_count{method="POST",route="${init}",status="200"}`,
      ),
    ).toBe(3);
    expect(sample(text, 'gatehouse_logins_total{method="email",outcome="success"}')).toBe(1);
    expect(sample(text, 'gatehouse_logins_total{method="email",outcome="refused"}')).toBe(1);
    expect(sample(text, 'gatehouse_codes_sent_total{channel="email"}')).toBe(3);
    expect(sample(text, `gatehouse_rate_limit_refusals_total{route="${init}"}`)).toBe(1);
    expect(text).toContain('gatehouse_process_cpu_user_seconds_total');
    if (onPostgres()) expect(sample(text, 'gatehouse_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    else expect(text).not.toContain('gatehouse_db_pool_connections{');
  });

  it('on a port of its own, is served there and not on the API port', async () => {
    h = await startHarness({ metrics: { port: 0 } });
    await h.login('ada@example.com');
    expect((await h.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const { port } = (h.server.metricsServer as Server).address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(sample(await response.text(), 'gatehouse_logins_total{method="email",outcome="success"}')).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/apps/${h.appId}`)).status).toBe(404);
  });
});

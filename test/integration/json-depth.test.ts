import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH } from '../../src/server/http/json-body.js';
import { type Harness, ORIGIN, startHarness } from './harness.js';

const ANALYTICS = '/api/v1/analytics_events';
const TOO_DEEP = {
  code: 'invalid_data',
  message: `The request body is nested too deeply (more than ${JSON_MAX_DEPTH} levels).`,
};

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const send = (url: string, payload: string) =>
  h.inject({
    method: 'POST',
    url,
    headers: { 'gatehouse-app-id': h.appId, origin: ORIGIN, 'content-type': 'application/json' },
    payload,
  });

const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const arrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const analytics = (deep: string) =>
  `{"event_name":"modal_open","client_id":"c1","payload":{"clientTimestamp":"t","deep":${deep}}}`;

describe('nesting depth of JSON bodies', () => {
  it.each([
    ['objects', objects(10_000)],
    ['arrays', arrays(30_000)],
    ['one level past the limit', arrays(JSON_MAX_DEPTH - 1)],
  ])('a deeply nested analytics payload (%s) is 400 invalid_data, never 500', async (_name, deep) => {
    const response = await send(ANALYTICS, analytics(deep));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(TOO_DEEP);
    expect(await h.server.gatehouse.analytics.list(h.appId)).toEqual([]);
  });

  it('is checked before any route: a nested field nobody reads is refused the same way', async () => {
    for (const url of ['/api/v1/passwordless/init', '/api/v1/sessions', '/api/v1/oauth/init']) {
      const response = await send(url, `{"email":"a@example.com","extra":${arrays(5000)}}`);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual(TOO_DEEP);
    }
  });

  it('takes bodies up to the limit, and brackets inside strings do not count', async () => {
    const deep = arrays(JSON_MAX_DEPTH - 2); // the body's object and its payload are the first two levels
    expect((await send(ANALYTICS, analytics(deep))).statusCode).toBe(200);
    const text = JSON.stringify(`${'[{'.repeat(500)}\\"`);
    expect((await send(ANALYTICS, analytics(text))).statusCode).toBe(200);
    expect(await h.server.gatehouse.analytics.list(h.appId)).toHaveLength(2);
  });

  it('refuses a body over 64 KB on every route with 413', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(70_000) });
    for (const url of [
      ANALYTICS,
      '/api/v1/custom_jwt_account/authenticate',
      '/api/v1/sessions',
      '/api/v1/siwe/init',
    ]) {
      const response = await send(url, big);
      expect(response.statusCode, url).toBe(413);
      expect(response.json()).toMatchObject({ code: 'payload_too_large' });
    }
  });
});

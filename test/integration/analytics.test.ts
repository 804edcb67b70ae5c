import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANALYTICS_PAYLOAD_MAX_BYTES } from '../../src/protocol/constants.js';
import { ANALYTICS_RATE_LIMITS } from '../../src/server/http/limits.js';
import { type Harness, startHarness } from './harness.js';

const EVENTS = '/api/v1/analytics_events';
const event = (overrides: Record<string, unknown> = {}) => ({
  event_name: 'sdk_initialized',
  client_id: 'c0ffee00c0ffee00c0ffee00c0ffee00',
  payload: { clientTimestamp: '2026-11-22T04:00:00.000Z', embeddedWallets: false },
  ...overrides,
});

describe('POST /api/v1/analytics_events', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it('stores the event and answers {success: true}', async () => {
    const response = await h.post(EVENTS, event());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    h.clock.advance(1);
    await h.post(EVENTS, event({ event_name: 'modal_open', payload: { clientTimestamp: 't2' } }));
    const stored = await h.server.gatehouse.analytics.list(h.appId);
    expect(stored.map(({ created_at: _, ...rest }) => rest)).toEqual([
      event(),
      event({ event_name: 'modal_open', payload: { clientTimestamp: 't2' } }),
    ]);
  });

  it.each([
    ['no event name', { event_name: undefined }],
    ['an event name with spaces', { event_name: 'drop table' }],
    ['an overlong event name', { event_name: 'e'.repeat(65) }],
    ['no client id', { client_id: undefined }],
    ['an overlong client id', { client_id: 'c'.repeat(65) }],
    ['no payload', { payload: undefined }],
    ['a payload without clientTimestamp', { payload: { a: 1 } }],
    ['a payload that is a list', { payload: [1] }],
    [
      'a payload too large',
      { payload: { clientTimestamp: 't', blob: 'x'.repeat(ANALYTICS_PAYLOAD_MAX_BYTES) } },
    ],
  ])('refuses %s with 400 invalid_data and stores nothing', async (_name, overrides) => {
    const response = await h.post(EVENTS, event(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_data');
    expect(await h.server.gatehouse.analytics.list(h.appId)).toEqual([]);
  });

  it('drops fields it does not know', async () => {
    expect((await h.post(EVENTS, event({ extra: 'x' }))).statusCode).toBe(200);
    const [stored] = await h.server.gatehouse.analytics.list(h.appId);
    expect(stored).not.toHaveProperty('extra');
  });

  it('needs the app id header and an allowed origin', async () => {
    const response = await h.post(EVENTS, event(), { origin: 'https://evil.example' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('invalid_origin');
  });

  it('rate-limits one browser: too_many_requests past the limit', async () => {
    const { max } = ANALYTICS_RATE_LIMITS.perClient;
    for (let i = 0; i < max; i += 1) expect((await h.post(EVENTS, event())).statusCode).toBe(200);
    const refused = await h.post(EVENTS, event());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('too_many_requests');
    // Another browser is not affected.
    expect((await h.post(EVENTS, event({ client_id: 'other' }))).statusCode).toBe(200);
    h.clock.advance(ANALYTICS_RATE_LIMITS.perClient.windowMs);
    expect((await h.post(EVENTS, event())).statusCode).toBe(200);
  });
});

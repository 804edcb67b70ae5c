import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitCode, submitDestination } from '../../../src/core/login/passwordless.js';
import { FakeProvider } from '../helpers/fake-provider.js';
import { createClient } from '../helpers/setup.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const EVENTS = '/api/v1/analytics_events';

describe('analytics events (§7)', () => {
  it('reports sdk_initialized, modal_open and login_success with the client id and a timestamp', async () => {
    const { gatehouse, provider } = createClient();
    await gatehouse.ready;
    await gatehouse.call('login', []);
    await submitDestination(gatehouse.ctx, 'email', 'alice@example.com');
    await submitCode(gatehouse.ctx, provider.codes.get('alice@example.com')!);
    await vi.waitFor(() => expect(provider.callsTo(EVENTS)).toHaveLength(3));
    const calls = provider.callsTo(EVENTS);
    const caid = calls[0]!.headers['gatehouse-ca-id'];
    expect(calls.map((c) => c.body)).toEqual([
      { event_name: 'sdk_initialized', client_id: caid, payload: { clientTimestamp: expect.any(String) } },
      { event_name: 'modal_open', client_id: caid, payload: { clientTimestamp: expect.any(String) } },
      {
        event_name: 'login_success',
        client_id: caid,
        payload: { loginMethod: 'email', isNewUser: true, clientTimestamp: expect.any(String) },
      },
    ]);
    const { clientTimestamp } = calls[0]!.body!.payload as { clientTimestamp: string };
    expect(Number.isNaN(Date.parse(clientTimestamp))).toBe(false);
  });

  it('holds the events while the modal is first being painted, and sends them once it is', async () => {
    const { gatehouse, provider } = createClient();
    let painted!: () => void;
    gatehouse.ctx.analytics.holdUntil(new Promise<void>((resolve) => (painted = resolve)));
    await gatehouse.ready;
    await gatehouse.call('login', []);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(provider.callsTo(EVENTS)).toHaveLength(0);
    painted();
    await vi.waitFor(() => expect(provider.callsTo(EVENTS)).toHaveLength(2));
    expect(provider.callsTo(EVENTS).map((c) => c.body?.event_name)).toEqual([
      'sdk_initialized',
      'modal_open',
    ]);
  });

  it('ignores every failure: the login goes on, nothing is thrown or logged', async () => {
    const provider = new FakeProvider();
    provider.failures.set(EVENTS, [500, 500, 500, 500, 'too_many_requests']);
    const error = vi.spyOn(console, 'error');
    const { gatehouse } = createClient({}, provider);
    await gatehouse.ready;
    await gatehouse.call('login', []);
    await vi.waitFor(() => expect(provider.callsTo(EVENTS).length).toBeGreaterThanOrEqual(5));
    expect(gatehouse.ctx.modal.$modal.get().open).toBe(true);
    expect(error).not.toHaveBeenCalled();
  });
});

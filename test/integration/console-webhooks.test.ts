/**
 * The console's webhooks of an app, on SQLite and PostgreSQL: refused without an operator's
 * session, with a stale CSRF token or from another origin; settings refused with `gatehouse apps
 * set`'s words; a new signing secret answered once (never again, nor audited) and the next
 * delivery signed with it; the deliveries a page at a time; a replay queues a delivery again and
 * the worker delivers it; one audit row per change.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDeliveryPage, WebhookDeliveryWire } from '../../src/protocol/console-webhooks.js';
import { type ReceivedWebhook, verifyStandardWebhook, WebhookReceiver } from '../support/webhook-receiver.js';
import {
  expectError,
  type Method,
  type OperatorSession,
  operatorClient,
  signInOperator,
} from './console-operator.js';
import { type Harness, ORIGIN, runCliCaptured, startHarness } from './harness.js';

const WAIT_MS = 5_000;

let h: Harness;
let operator: OperatorSession;
let receiver: WebhookReceiver;
const { send, auditOf } = operatorClient(
  () => h,
  () => operator,
);

beforeAll(async () => {
  // The receiver is on loopback: allowed for development and tests only. No retry comes on its own.
  h = await startHarness({
    console: true,
    webhooksAllowPrivate: true,
    webhookWorker: { pollMs: 20, retryBaseMs: 3_600_000, timeoutMs: 2_000 },
  });
  operator = await signInOperator(h);
});
afterAll(() => h?.close());
beforeEach(async () => {
  receiver = new WebhookReceiver();
  await receiver.start();
});
afterEach(() => receiver.stop());

const webhooksPath = (id = h.appId) => `/api/v1/console/apps/${id}/webhooks`;
const deliveriesPath = (query = '') => `${webhooksPath()}/deliveries${query}`;
const replayPath = (delivery: string) => `${webhooksPath()}/deliveries/${delivery}/replay`;
const cli = (...argv: string[]) =>
  runCliCaptured({ ...h.database.env, GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE: 'true' }, argv);

const next = (match: (hook: ReceivedWebhook) => boolean, what: string, since = 0) =>
  receiver.received.waitFor(match, since, WAIT_MS, what);

async function deliveries(query = '?limit=100'): Promise<WebhookDeliveryWire[]> {
  return (await send('GET', deliveriesPath(query))).json<WebhookDeliveryPage>().data;
}

/** The delivery once the worker has recorded what `status` says. */
async function waitForDelivery(id: string, status: WebhookDeliveryWire['status']) {
  let found: WebhookDeliveryWire | undefined;
  await expect
    .poll(async () => {
      found = (await deliveries()).find((row) => row.id === id);
      return found?.status;
    })
    .toBe(status);
  return found as WebhookDeliveryWire;
}

describe('the console refuses webhook requests', () => {
  const routes = (): Array<[Method, string, unknown]> => [
    ['GET', webhooksPath(), undefined],
    ['PATCH', webhooksPath(), { enabled: false }],
    ['POST', `${webhooksPath()}/secret`, {}],
    ['GET', deliveriesPath(), undefined],
    ['POST', replayPath('msg_nope'), {}],
  ];

  it('without a session, from another origin, or with a stale CSRF token; nothing changes', async () => {
    const stale = operator.csrf;
    operator = await signInOperator(h);
    const before = (await auditOf(h.appId)).length;
    for (const [method, url, body] of routes()) {
      expectError(await send(method, url, body, { cookie: '' }), 401, 'console_session_required');
      expectError(await send(method, url, body, { origin: ORIGIN }), 403, 'console_origin_refused');
      if (method !== 'GET') {
        expectError(
          await send(method, url, body, { 'x-gatehouse-csrf': stale }),
          403,
          'console_csrf_invalid',
        );
        expectError(await send(method, url, body, { 'x-gatehouse-csrf': '' }), 403, 'console_csrf_invalid');
      }
    }
    expect((await auditOf(h.appId)).length).toBe(before);
    expect((await send('GET', webhooksPath())).json()).toMatchObject({ enabled: true, has_secret: false });
  });

  it("refuses settings with apps set's words, changing nothing; unknown ids answer 404", async () => {
    const before = (await auditOf(h.appId)).length;
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ url: 'ftp://hooks.example/x' }, 'webhook.url=ftp://hooks.example/x'],
      [{ events: ['user.created', 'user.nope'] }, 'webhook.events=user.created,user.nope'],
      [{ events: [] }, 'webhook.events=,'],
    ];
    for (const [body, assignment] of refusals) {
      const run = await cli('apps', 'set', h.appId, assignment);
      expect(run.code).toBe(2);
      const words = run.stderr.trim().replace(/^gatehouse: /, '');
      expect(words).toMatch(/^Invalid value for webhook\.(url|events): /);
      expectError(await send('PATCH', webhooksPath(), body), 400, 'invalid_data', words);
    }
    expect((await auditOf(h.appId)).length).toBe(before);
    expectError(await send('GET', webhooksPath('nope')), 404, 'app_not_found');
    expectError(await send('POST', replayPath('msg_nope'), {}), 404, 'not_found');
  });
});

describe("an app's webhooks in the console", () => {
  it('sets the URL and events (one audit row, no URL), signs with a rotated secret shown once', async () => {
    const set = await send('PATCH', webhooksPath(), { url: receiver.url, events: ['user.created'] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      url_origin: new URL(receiver.url).origin,
      events: ['user.created'],
      enabled: true,
      has_secret: false,
    });
    expect(set.body).not.toContain('/hooks/gatehouse');

    const first = await send('POST', `${webhooksPath()}/secret`, {});
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const secret = first.json<{ secret: string }>().secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const rotated = await send('POST', `${webhooksPath()}/secret`, {});
    const newer = rotated.json<{ secret: string }>().secret;
    expect(newer).not.toBe(secret);
    const settings = await send('GET', webhooksPath());
    expect(settings.json()).toMatchObject({ has_secret: true, events: ['user.created'] });

    // Only user.created is sent, signed with the newest secret, not the one before.
    const login = await h.login('wendy@example.com');
    const hook = await next((item) => item.event.type === 'user.created', 'user.created');
    expect(hook.event.data.user_id).toBe(login.user.id);
    expect(verifyStandardWebhook(newer, hook)).toBe(true);
    expect(verifyStandardWebhook(secret, hook)).toBe(false);
    const delivered = await waitForDelivery(hook.id, 'delivered');
    expect(delivered).toMatchObject({ event: 'user.created', last_status: 200, next_attempt_at: null });
    expect((await deliveries()).map((row) => row.event)).not.toContain('user.authenticated');

    const audit = (await auditOf(h.appId)).slice(-3);
    expect(audit).toEqual([
      {
        actor: 'cli',
        action: 'app.settings',
        target: h.appId,
        before: { 'webhook.url': null, 'webhook.events': null },
        after: { 'webhook.url': 'set', 'webhook.events': 'set' },
      },
      expect.objectContaining({ after: { 'webhook.secret': 'set' } }),
      expect.objectContaining({
        before: { 'webhook.secret': 'set' },
        after: { 'webhook.secret': 'changed' },
      }),
    ]);
    const everything = JSON.stringify([audit, settings.json(), await deliveries()]);
    for (const text of [secret, newer, '/hooks/gatehouse']) expect(everything).not.toContain(text);
  });

  it('queues nothing while disabled; the URL is kept', async () => {
    await send('PATCH', webhooksPath(), {
      url: receiver.url,
      events: ['user.created', 'user.authenticated'],
    });
    const disabled = await send('PATCH', webhooksPath(), { enabled: false });
    expect(disabled.json()).toMatchObject({ enabled: false, url_origin: new URL(receiver.url).origin });
    const before = (await deliveries()).length;
    await h.login('quiet@example.com');
    expect((await deliveries()).length).toBe(before);
    expect((await auditOf(h.appId)).at(-1)).toMatchObject({
      action: 'app.settings',
      before: { 'webhook.enabled': null },
      after: { 'webhook.enabled': 'set' },
    });
    await send('PATCH', webhooksPath(), { enabled: true });
  });

  it('reads the deliveries newest first, a page at a time', async () => {
    await send('PATCH', webhooksPath(), {
      url: receiver.url,
      events: ['user.created', 'user.authenticated'],
    });
    for (const name of ['page1', 'page2', 'page3']) {
      await h.login(`${name}@example.com`);
      h.clock.advance(1000);
    }
    const all = await deliveries();
    expect(all.length).toBeGreaterThanOrEqual(6);
    const created = all.map((row) => row.created_at);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page: WebhookDeliveryPage = (await send('GET', deliveriesPath(query))).json();
      expect(page.data.length).toBeLessThanOrEqual(2);
      paged.push(...page.data.map((row) => row.id));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(paged).toEqual(all.map((row) => row.id));
    expectError(await send('GET', deliveriesPath('?cursor=bm9wZQ')), 400, 'invalid_data');
  });

  it('shows a failed attempt with its status code; a replay queues it again and it is delivered', async () => {
    await send('PATCH', webhooksPath(), { url: receiver.url, events: ['user.created'] });
    // The receiver answers 500 to the next delivery it gets: the earlier tests' are settled first,
    // so that it is this login's.
    const pending = async () => (await deliveries()).filter((row) => row.status === 'pending').length;
    await expect.poll(pending, { timeout: WAIT_MS }).toBe(0);
    receiver.answers.push(500);
    await h.login('replay@example.com');
    const failed = await next((item) => item.status === 500, 'the 500');
    const retrying = await waitForDelivery(failed.id, 'retrying');
    expect(retrying).toMatchObject({ attempts: 1, last_status: 500, next_attempt_at: expect.any(Number) });

    const replayed = await send('POST', replayPath(failed.id), {});
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.json()).toMatchObject({ id: failed.id, status: 'retrying' });
    const again = await next((item) => item.id === failed.id && item.status === 200, 'the replay');
    expect(again.body).toBe(failed.body);
    expect(await waitForDelivery(failed.id, 'delivered')).toMatchObject({ last_status: 200 });
    expect((await auditOf(h.appId)).at(-1)).toEqual({
      actor: 'cli',
      action: 'webhook.replay',
      target: h.appId,
      before: { delivery: failed.id, event: 'user.created', status: 'retrying' },
      after: { delivery: failed.id, event: 'user.created', status: 'retrying' },
    });

    // A delivered one is sent once more, with the same webhook-id.
    const since = receiver.received.items.length;
    await send('POST', replayPath(failed.id), {});
    await next((item) => item.id === failed.id, 'the second replay', since);
    expect((await auditOf(h.appId)).at(-1)).toMatchObject({
      before: { status: 'delivered' },
      after: { status: 'retrying' },
    });
  });
});

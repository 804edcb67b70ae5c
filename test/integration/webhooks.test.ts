import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ReceivedWebhook, verifyStandardWebhook, WebhookReceiver } from '../support/webhook-receiver.js';
import { type Harness, runCliCaptured, startHarness } from './harness.js';

const WAIT_MS = 5_000;

describe('webhooks', () => {
  let h: Harness;
  let receiver: WebhookReceiver;
  let secret: string;

  const next = (type: string, since = 0): Promise<ReceivedWebhook> =>
    receiver.received.waitFor((hook) => hook.event.type === type, since, WAIT_MS, `${type} webhook`);

  beforeEach(async () => {
    // The receiver is on loopback: allowed for development and tests only.
    h = await startHarness({
      webhooksAllowPrivate: true,
      webhookWorker: { pollMs: 20, retryBaseMs: 1_000, timeoutMs: 2_000 },
    });
    receiver = new WebhookReceiver();
    await receiver.start();
    const env = { ...h.database.env, GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE: 'true' };
    const set = await runCliCaptured(env, ['apps', 'set', h.appId, `webhook.url=${receiver.url}`]);
    expect(set.code).toBe(0);
    expect(set.stderr).toContain('webhook.url');
    const made = await runCliCaptured(h.database.env, ['apps', 'webhook-secret', h.appId]);
    expect(made.code).toBe(0);
    secret = made.stdout.trim();
  });
  afterEach(async () => {
    await receiver.stop();
    await h.close();
  });

  it('sends user.created and user.authenticated for a new user, signed per Standard Webhooks; the secret is encrypted at rest', async () => {
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const login = await h.login('alice@example.com');
    const created = await next('user.created');
    const authenticated = await next('user.authenticated');
    // The user as the server-to-server API answers it, beside its id.
    expect(created.event.data).toEqual({ user_id: login.user.id, user: login.user });
    expect(authenticated.event.data).toMatchObject({
      user_id: login.user.id,
      is_new_user: true,
      account: { type: 'email', address: 'alice@example.com' },
    });
    for (const hook of [created, authenticated]) {
      expect(hook.id).toMatch(/^msg_/);
      expect(verifyStandardWebhook(secret, hook)).toBe(true);
      expect(verifyStandardWebhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`, hook)).toBe(false);
      expect(verifyStandardWebhook(secret, { ...hook, body: `${hook.body} ` })).toBe(false);
    }
    expect(created.id).not.toBe(authenticated.id);
    const stored = await h.server.gatehouse.db.selectFrom('app_secrets').select('value').execute();
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));
    // A second login is no new user.
    const since = receiver.received.items.length;
    await h.login('alice@example.com');
    expect((await next('user.authenticated', since)).event.data.is_new_user).toBe(false);
  });

  it('retries with the same webhook-id after the endpoint answers 500, after the backoff', async () => {
    receiver.answers.push(500);
    await h.login('alice@example.com');
    const failed = await receiver.received.waitFor(() => true, 0, WAIT_MS, 'first attempt');
    expect(failed.status).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Not before the backoff (1 s on the server's clock) has passed.
    expect(receiver.received.items.filter((hook) => hook.id === failed.id)).toHaveLength(1);
    h.clock.advance(1_000);
    const retried = await receiver.received.waitFor((hook) => hook.id === failed.id, 1, WAIT_MS, 'retry');
    expect(retried.status).toBe(200);
    expect(retried.body).toBe(failed.body);
    expect(verifyStandardWebhook(secret, retried)).toBe(true);
    const row = () =>
      h.server.gatehouse.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('id', '=', failed.id)
        .executeTakeFirstOrThrow();
    await expect.poll(async () => (await row()).delivered_at, { timeout: WAIT_MS }).not.toBeNull();
    expect(Number((await row()).attempts)).toBe(1);
  });

  it('never holds the user’s request: the login answers while the endpoint is still busy', async () => {
    receiver.hold();
    const login = await h.login('alice@example.com');
    expect(login.user.id).toBeTruthy();
    await expect.poll(() => receiver.waiting, { timeout: WAIT_MS }).toBeGreaterThan(0);
    expect(receiver.received.items).toHaveLength(0);
    receiver.release();
    await next('user.created');
  });

  it('sends user.linked_account, user.unlinked_account and user.deleted', async () => {
    // The CLI opens its own connection in this process: run it before the server has work in
    // flight (a SQLite write waiting on the server's open group commit would block the event loop
    // that commits it; separate processes, as in production, do not share one).
    await expect
      .poll(
        () =>
          h.server.gatehouse.db
            .selectFrom('webhook_deliveries')
            .select('id')
            .where('delivered_at', 'is', null)
            .execute()
            .then((rows) => rows.length),
        { timeout: WAIT_MS },
      )
      .toBe(0);
    const apiSecret = (await runCliCaptured(h.database.env, ['apps', 'secret', h.appId])).stdout.trim();
    const login = await h.login('alice@example.com');
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    const wallet = {
      type: 'wallet',
      subject: address.toLowerCase(),
      data: { address, wallet_client_type: 'metamask' },
    };
    await h.server.gatehouse.users.linkAccount(h.appId, login.user.id, wallet);
    const linked = await next('user.linked_account');
    expect(linked.event.data).toMatchObject({ user_id: login.user.id, account: { type: 'wallet', address } });
    // The user after the change: the wallet is among their accounts.
    const accounts = (linked.event.data.user as { linked_accounts: Array<{ type: string }> }).linked_accounts;
    expect(accounts.map((account) => account.type)).toEqual(['email', 'wallet']);
    await h.server.gatehouse.users.unlinkAccount(h.appId, login.user.id, 'wallet', wallet.subject);
    const unlinked = await next('user.unlinked_account');
    expect(unlinked.event.data).toMatchObject({
      user_id: login.user.id,
      account: { type: 'wallet', address },
    });
    const deleted = await h.inject({
      method: 'DELETE',
      url: `/api/v1/users/${login.user.id}`,
      headers: { authorization: `Basic ${Buffer.from(`${h.appId}:${apiSecret}`).toString('base64')}` },
    });
    expect(deleted.statusCode).toBe(200);
    // The user as the API answered it before the deletion.
    expect((await next('user.deleted')).event.data).toEqual({
      user_id: login.user.id,
      user: deleted.json().user,
    });
  });

  it('sends each event once while two workers (two processes) poll the same queue', async () => {
    const second = h.server.gatehouse.startWebhookWorker(
      { pollMs: 5, retryBaseMs: 1_000, maxAttempts: 3, timeoutMs: 2_000 },
      (error) => {
        throw error;
      },
    );
    try {
      for (const name of ['a', 'b', 'c', 'd']) await h.login(`${name}@example.com`);
      await expect.poll(() => receiver.received.items.length, { timeout: WAIT_MS }).toBe(8);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const ids = receiver.received.items.map((hook) => hook.id);
      expect(new Set(ids).size).toBe(8);
      expect(ids).toHaveLength(8);
    } finally {
      await second.stop();
    }
  });

  it('queues nothing for an app without webhook.url', async () => {
    expect((await runCliCaptured(h.database.env, ['apps', 'set', h.appId, 'webhook.url=null'])).code).toBe(0);
    await h.login('alice@example.com');
    const rows = await h.server.gatehouse.db.selectFrom('webhook_deliveries').select('id').execute();
    expect(rows).toEqual([]);
  });

  /** A fresh provider with `options`, its webhook endpoint the receiver, and a login whose first delivery met a 500. */
  async function loginAfterA500(options: Parameters<typeof startHarness>[0]) {
    await h.close();
    h = await startHarness({ webhooksAllowPrivate: true, ...options });
    const env = { ...h.database.env, GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE: 'true' };
    await runCliCaptured(env, ['apps', 'set', h.appId, `webhook.url=${receiver.url}`]);
    await runCliCaptured(h.database.env, ['apps', 'webhook-secret', h.appId]);
    receiver.answers.push(500);
    await h.login('alice@example.com');
    await next('user.authenticated');
  }

  it('counts deliveries by event and outcome in /metrics, with the queue depth', async () => {
    await loginAfterA500({
      webhookWorker: { pollMs: 20, retryBaseMs: 1_000, timeoutMs: 2_000 },
      metrics: { enabled: true },
    });
    const scrape = async () => (await h.inject({ method: 'GET', url: '/metrics' })).body;
    await expect
      .poll(scrape, { timeout: WAIT_MS })
      .toContain('gatehouse_webhook_deliveries_total{event="user.authenticated",outcome="delivered"} 1');
    const text = await scrape();
    // The first attempt (user.created) met the 500: it waits for its retry, the one left in the queue.
    expect(text).toContain('gatehouse_webhook_deliveries_total{event="user.created",outcome="retry"} 1');
    expect(text).toMatch(/\ngatehouse_webhook_queue_depth 1\n/);
  });

  it('prunes delivered and failed deliveries after GATEHOUSE_WEBHOOK_RETENTION, never pending ones', async () => {
    await loginAfterA500({
      // The retry falls due only after both retention sweeps below (2 h > 1 h + 2 s), never between.
      webhookWorker: { pollMs: 20, retryBaseMs: 2 * 3_600_000, timeoutMs: 2_000, maxAttempts: 2 },
      webhookRetentionSeconds: 3_600,
    });
    const rows = () =>
      h.server.gatehouse.db
        .selectFrom('webhook_deliveries')
        .select(['event_type', 'delivered_at', 'failed_at'])
        .orderBy('event_type')
        .execute();
    const sweep = (ms: number) => {
      h.clock.advance(ms);
      return h.server.gatehouse.sweep(h.clock.now());
    };
    await expect.poll(async () => (await rows()).filter((row) => row.delivered_at !== null).length).toBe(1);
    await sweep(3_599_000);
    expect(await rows()).toHaveLength(2);
    await sweep(2_000);
    // The delivered one is gone; the one waiting for its retry stays, however old.
    expect((await rows()).map((row) => row.event_type)).toEqual(['user.created']);
    // Its last attempt meets a 500 too: given up, it is kept for the retention, then pruned.
    receiver.answers.push(500);
    h.clock.advance(2 * 3_600_000);
    await expect.poll(async () => (await rows())[0]?.failed_at ?? null, { timeout: WAIT_MS }).not.toBeNull();
    await sweep(3_599_000);
    expect(await rows()).toHaveLength(1);
    await sweep(2_000);
    expect(await rows()).toEqual([]);
  });
});

import type { LookupAddress } from 'node:dns';
import { afterEach, describe, expect, it } from 'vitest';
import type { BuildServerOptions } from '../../src/server/app.js';
import { WebhookReceiver } from '../support/webhook-receiver.js';
import { type Harness, runCliCaptured, startHarness } from './harness.js';

const WAIT_MS = 5_000;
const ALLOW_PRIVATE = { GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE: 'true' };

let h: Harness;
let receiver: WebhookReceiver;
const logLines: string[] = [];

afterEach(async () => {
  await receiver?.stop();
  await h.close();
  logLines.length = 0;
});

async function start(options: Partial<BuildServerOptions> = {}): Promise<void> {
  h = await startHarness({
    webhookWorker: { pollMs: 20, retryBaseMs: 60_000, timeoutMs: 1_000 },
    logger: { level: 'warn', stream: { write: (line) => logLines.push(line) } },
    ...options,
  });
  receiver = new WebhookReceiver();
  await receiver.start();
}

/** `gatehouse apps set <app> <assignments…>` with the harness's database (and `env`). */
const appsSet = (assignments: string[], env: Record<string, string> = {}) =>
  runCliCaptured({ ...h.database.env, ...env }, ['apps', 'set', h.appId, ...assignments]);

/** Sets the URL and a signing secret, then makes an event (a new user) for it. */
async function queueEventFor(url: string, env: Record<string, string> = {}): Promise<string> {
  const set = await appsSet([`webhook.url=${url}`], env);
  expect(set.code, set.stderr).toBe(0);
  const secret = await runCliCaptured(h.database.env, ['apps', 'webhook-secret', h.appId]);
  expect(secret.code).toBe(0);
  await h.login('alice@example.com');
  return secret.stdout.trim();
}

/** The queued deliveries (user.created and user.authenticated) once each has been attempted. */
async function attempted() {
  const rows = () => h.server.gatehouse.db.selectFrom('webhook_deliveries').selectAll().execute();
  await expect
    .poll(async () => (await rows()).map((row) => Number(row.attempts)), { timeout: WAIT_MS })
    .toEqual([1, 1]);
  return rows();
}

describe('webhook destinations', () => {
  it.each([
    ['http://127.0.0.1/hooks', '127.0.0.1 is a loopback address'],
    ['http://[::1]:8080/hooks', '::1 is a loopback address'],
    ['http://0.0.0.0/hooks', '0.0.0.0 is an unspecified address'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['http://10.0.0.1/hooks', '10.0.0.1 is a private address'],
    ['https://172.20.1.1/hooks', '172.20.1.1 is a private address'],
    ['https://192.168.1.10/hooks', '192.168.1.10 is a private address'],
    ['http://100.64.0.1/hooks', '100.64.0.1 is a shared (CGNAT) address'],
    ['http://[fe80::1]/hooks', 'fe80::1 is a link-local address'],
    ['http://[fd00::1]/hooks', 'fd00::1 is a private address'],
    ['http://[::ffff:127.0.0.1]/hooks', '::ffff:7f00:1 is a loopback address'],
    // The URL parser reads these as 127.0.0.1.
    ['http://2130706433/hooks', '127.0.0.1 is a loopback address'],
    ['http://0x7f.1/hooks', '127.0.0.1 is a loopback address'],
  ])('apps set refuses webhook.url=%s, and changes nothing', async (url, reason) => {
    await start();
    const set = await appsSet(['accent_color=#123456', `webhook.url=${url}`]);
    expect(set.code).toBe(2);
    expect(set.stderr).toContain(`Invalid value for webhook.url: ${reason}.`);
    expect(set.stderr).toContain('GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE=true');
    expect(await h.server.gatehouse.webhooks.configured(h.appId)).toEqual([]);
    expect(JSON.stringify(await h.server.gatehouse.apps.find(h.appId))).not.toContain('#123456');
  });

  it('apps set takes public addresses and host names, and private ones with GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE=true', async () => {
    await start();
    for (const url of [
      'https://hooks.example.com/gatehouse',
      'https://93.184.215.14/h',
      'http://[2606:4700::1]/h',
    ]) {
      expect((await appsSet([`webhook.url=${url}`])).code).toBe(0);
    }
    expect((await appsSet(['webhook.url=http://127.0.0.1:9000/h'], ALLOW_PRIVATE)).code).toBe(0);
    // The service refuses it too, whoever calls it.
    await expect(
      h.server.gatehouse.webhooks.set(h.appId, 'webhook.url', 'http://10.0.0.1/h'),
    ).rejects.toThrow('Invalid value for webhook.url: 10.0.0.1 is a private address.');
  });

  it('refuses at delivery a host name resolving to a loopback address: a failed attempt, logged without secrets', async () => {
    await start();
    const url = receiver.url.replace('127.0.0.1', 'localhost');
    const secret = await queueEventFor(url);
    const rows = await attempted();
    for (const row of rows) {
      expect(row.delivered_at).toBeNull();
      expect(Number(row.next_attempt_at)).toBeGreaterThan(h.clock.now());
    }
    expect(receiver.received.items).toEqual([]);
    const log = logLines.join('\n');
    expect(log).toMatch(
      /Webhook not sent: localhost resolves to (127\.0\.0\.1|::1), a loopback address\. Webhooks go to public addresses only/,
    );
    for (const row of rows) expect(log).toContain(row.id);
    expect(log).not.toContain(secret.slice(6));
    expect(log).not.toContain('/hooks/gatehouse');
  });

  it('connects to the address it checked: a DNS answer that changes before the connection is not followed', async () => {
    let lookups = 0;
    // A rebinding name server: a public address for the first question, the receiver's loopback after.
    const rebinding = async (): Promise<LookupAddress[]> =>
      lookups++ === 0 ? [{ address: '192.0.2.10', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    await start({ webhookWorker: { pollMs: 20, retryBaseMs: 60_000, timeoutMs: 300, lookup: rebinding } });
    await queueEventFor(receiver.url.replace('127.0.0.1', 'rebind.example'));
    // The first attempt checked 192.0.2.10 and went there (nothing answers); the second was refused.
    for (const row of await attempted()) expect(row.delivered_at).toBeNull();
    expect(lookups).toBe(2);
    expect(receiver.received.items).toEqual([]);
    expect(logLines.join('\n')).toContain('rebind.example resolves to 127.0.0.1, a loopback address');
  });

  it('delivers to a local receiver, by address or by name, with GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE=true', async () => {
    const named = async (): Promise<LookupAddress[]> => [{ address: '127.0.0.1', family: 4 }];
    await start({ webhooksAllowPrivate: true, webhookWorker: { pollMs: 20, lookup: named } });
    const url = receiver.url.replace('127.0.0.1', 'hooks.internal.example');
    await queueEventFor(url);
    const hook = await receiver.received.waitFor(() => true, 0, WAIT_MS, 'webhook');
    // The name stays the request's host (and TLS's server name); the connection went to the address checked.
    expect(hook.host).toBe(new URL(url).host);
    expect(hook.event.type).toBe('user.created');
  });
});

import { Wallet } from 'ethers';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pollFiatOnRampStatus } from '../../src/core/funding/index.js';
import type { AppConfigWire } from '../../src/protocol/api.js';
import { FUNDING_API_PATHS, type MoonpaySignResponse } from '../../src/protocol/funding.js';
import { SIWE_API_PATHS } from '../../src/protocol/siwe-api.js';
import { MoonpayPeer, moonpayAccount } from '../support/moonpay.js';
import { type Harness, ORIGIN, runCliCaptured, startHarness } from './harness.js';
import { siweBody } from './siwe-support.js';

const account = moonpayAccount();
const peer = new MoonpayPeer(account);
beforeAll(() => peer.start());
afterAll(() => peer.stop());

let h: Harness;
/** Every log line of the server (level trace) and every answer the tests received. */
let logLines: string[];
let answers: LightMyRequestResponse[];

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function cli(...argv: string[]) {
  return runCliCaptured({ ...h.database.env, GATEHOUSE_PUBLIC_URL: 'http://gatehouse.test' }, argv);
}

/** The operator's `apps set` of a sandbox MoonPay account whose widget and API are the local peer. */
async function enableMoonpay(...extra: string[]) {
  const run = await cli('apps', 'set', h.appId, ...peer.appSettings(), ...extra);
  expect(run.code, run.stderr).toBe(0);
  return run;
}

/** Logs in by email and links a fresh external wallet by Sign-In With Ethereum. */
async function userWithWallet(email: string) {
  const { token } = await h.login(email);
  const wallet = Wallet.createRandom();
  const link = await h.post(SIWE_API_PATHS.link, await siweBody(h, wallet), bearer(token));
  expect(link.statusCode, link.body).toBe(200);
  return { token, address: wallet.address };
}

async function sign(token: string | undefined, body: object) {
  const response = await h.post(FUNDING_API_PATHS.moonpaySign, body, token ? bearer(token) : {});
  answers.push(response);
  return response;
}

beforeEach(async () => {
  logLines = [];
  answers = [];
  h = await startHarness({ logger: { level: 'trace', stream: { write: (line) => logLines.push(line) } } });
  await h.server.gatehouse.apps.update(h.appId, [{ field: 'wallet_auth', value: true }]);
});
afterEach(async () => {
  // The secret key is in no answer, no header and no log line of any test.
  for (const answer of answers) {
    expect(answer.body).not.toContain(account.secretKey);
    expect(JSON.stringify(answer.headers)).not.toContain(account.secretKey);
  }
  expect(logLines.length).toBeGreaterThan(0);
  expect(logLines.join('')).not.toContain(account.secretKey);
  await h.close();
});

describe('MoonPay settings (gatehouse apps set)', () => {
  it('keep the secret key encrypted and out of apps set/show and the app configuration, which carries what the widget needs', async () => {
    const set = await enableMoonpay();
    const show = await cli('apps', 'show', h.appId);
    const config = await h.inject({
      method: 'GET',
      url: `/api/v1/apps/${h.appId}`,
      headers: { origin: ORIGIN },
    });
    answers.push(config);
    const fiatOnRamp = { provider: 'moonpay', publishable_key: account.publishableKey, api_url: peer.apiUrl };
    for (const output of [set.stdout, show.stdout, config.body]) {
      expect(JSON.parse(output)).toMatchObject({
        fiat_on_ramp_enabled: true,
        fiat_on_ramp_use_sandbox: true,
        fiat_on_ramp: fiatOnRamp,
      });
      expect(output).not.toContain(account.secretKey);
      expect(output).not.toContain(peer.widgetUrl);
    }
    expect(show.stderr).toContain('moonpay.secret_key');
    const stored = await h.server.gatehouse.db.selectFrom('app_secrets').select('value').execute();
    expect(stored.map((row) => row.value).join(' ')).not.toContain(account.secretKey);
  });

  it("shows the production API in production mode, and MoonPay's own when none is set", async () => {
    await enableMoonpay('fiat_on_ramp_use_sandbox=false', 'moonpay.api_url=http://127.0.0.1:9/prod/');
    const wire = JSON.parse((await cli('apps', 'show', h.appId)).stdout) as AppConfigWire;
    expect(wire.fiat_on_ramp?.api_url).toBe('http://127.0.0.1:9/prod');
    await cli('apps', 'set', h.appId, 'moonpay.api_url=null');
    expect(
      (JSON.parse((await cli('apps', 'show', h.appId)).stdout) as AppConfigWire).fiat_on_ramp?.api_url,
    ).toBe('https://api.moonpay.com');
  });

  it.each([
    [
      'moonpay.secret_key=pk_live_wrong',
      'Invalid value for moonpay.secret_key: expected a MoonPay secret key (sk_…)',
    ],
    ['moonpay.publishable_key=abc', 'expected a MoonPay publishable key (pk_…)'],
    ['moonpay.widget_url=https://buy.example/?x=1', 'expected a URL without a query or fragment'],
    ['moonpay.api_url=ftp://x', 'expected an http(s) URL, or null'],
  ])('refuses %s with exit code 2', async (assignment, message) => {
    const run = await cli('apps', 'set', h.appId, assignment);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});

describe('POST /api/v1/plugins/moonpay_on_ramp/sign', () => {
  it("signs a buy-widget URL for the user's wallet that MoonPay accepts, and records the purchase", async () => {
    await enableMoonpay();
    const { token, address } = await userWithWallet('alice@example.com');
    const response = await sign(token, { address: address.toLowerCase(), useSandbox: true, config: {} });
    expect(response.statusCode, response.body).toBe(200);
    const { signedUrl, externalTransactionId } = response.json<MoonpaySignResponse>();
    expect(externalTransactionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(signedUrl.startsWith(`${peer.widgetUrl}?`)).toBe(true);
    const params = new URL(signedUrl).searchParams;
    expect([...params.keys()]).toEqual([
      'apiKey',
      'currencyCode',
      'walletAddress',
      'externalTransactionId',
      'colorCode',
      'theme',
      'email',
      'signature',
    ]);
    expect(Object.fromEntries(params)).toMatchObject({
      apiKey: account.publishableKey,
      currencyCode: 'ETH_ETHEREUM',
      walletAddress: address,
      externalTransactionId,
      colorCode: '#676FFF',
      theme: 'light',
      email: 'alice@example.com',
    });
    expect(peer.verify(signedUrl)).toBe(true);

    const page = await fetch(signedUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(address);
    const tampered = await fetch(signedUrl.replace(address, Wallet.createRandom().address));
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain('The signature of this URL is invalid');

    const rows = await h.server.gatehouse.db.selectFrom('fiat_on_ramp_purchases').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({
        external_transaction_id: externalTransactionId,
        app_id: h.appId,
        provider: 'moonpay',
        address,
      }),
    ]);
    expect(rows[0]?.user_id).toBe((await h.post('/api/v1/sessions', {}, bearer(token))).json().user.id);
  });
});

describe('sign: the on-ramp config and the purchase', () => {
  it('passes the on-ramp config on, and each purchase gets its own external id', async () => {
    await enableMoonpay();
    const { token, address } = await userWithWallet('bob@example.com');
    const config = {
      currencyCode: 'usdc_polygon',
      defaultCurrencyCode: 'eth',
      uiConfig: { accentColor: '#0a7f5a', theme: 'dark' },
    };
    const first = (await sign(token, { address, useSandbox: true, config })).json<MoonpaySignResponse>();
    const second = (await sign(token, { address, useSandbox: true })).json<MoonpaySignResponse>();
    expect(second.externalTransactionId).not.toBe(first.externalTransactionId);
    expect(Object.fromEntries(new URL(first.signedUrl).searchParams)).toMatchObject({
      currencyCode: 'usdc_polygon',
      defaultCurrencyCode: 'eth',
      colorCode: '#0a7f5a',
      theme: 'dark',
    });
    expect(first.signedUrl).toContain('colorCode=%230a7f5a');
    expect(peer.verify(first.signedUrl) && peer.verify(second.signedUrl)).toBe(true);
  });

  it('the purchase paid on the buy page is what the status poller then reads from MoonPay', async () => {
    await enableMoonpay();
    const { token, address } = await userWithWallet('carol@example.com');
    const { signedUrl, externalTransactionId } = (
      await sign(token, { address, useSandbox: true })
    ).json<MoonpaySignResponse>();
    const options = {
      apiUrl: peer.apiUrl,
      publishableKey: account.publishableKey,
      externalTransactionId,
      intervalMs: 10,
    };
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect(await pollFiatOnRampStatus({ ...options, signal: controller.signal })).toEqual({
      status: 'notStarted',
    });

    expect((await fetch(signedUrl)).status).toBe(200);
    const paid = await fetch(`${peer.url}/buy/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ externalTransactionId, amount: '100', outcome: 'completed' }),
    });
    expect(await paid.text()).toContain('Payment submitted');
    const seen: string[] = [];
    const final = await pollFiatOnRampStatus({ ...options, onStatus: (status) => seen.push(status.status) });
    expect(seen).toEqual(['pending', 'completed']);
    expect(final).toMatchObject({
      status: 'completed',
      walletAddress: address,
      baseCurrencyAmount: 100,
      currency: { code: 'eth' },
    });

    const fromPage = await fetch(
      `${peer.apiUrl}/v1/transactions/ext/${externalTransactionId}?apiKey=${account.publishableKey}`,
      {
        headers: { origin: ORIGIN },
      },
    );
    expect(fromPage.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('sign: refusals', () => {
  it('refuses without a token, when the on-ramp is off, and for an address that is not one of the user’s wallets', async () => {
    const alice = await userWithWallet('alice@example.com');
    const bob = await userWithWallet('bob@example.com');
    const off = await sign(alice.token, { address: alice.address, useSandbox: false });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toEqual({ code: 'fiat_on_ramp_not_enabled', message: 'Fiat on-ramp is not enabled' });

    await enableMoonpay();
    const anonymous = await sign(undefined, { address: alice.address, useSandbox: true });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('missing_or_invalid_token');
    const bogus = await h.post(
      FUNDING_API_PATHS.moonpaySign,
      { address: alice.address, useSandbox: true },
      bearer('not.a.token'),
    );
    expect(bogus.statusCode).toBe(401);

    for (const address of [bob.address, Wallet.createRandom().address]) {
      const foreign = await sign(alice.token, { address, useSandbox: true });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({
        code: 'account_not_found',
        message: "The address is not one of the user's wallets.",
      });
    }
    expect(await h.server.gatehouse.db.selectFrom('fiat_on_ramp_purchases').selectAll().execute()).toEqual(
      [],
    );
  });

  it('refuses the other mode than the keys are for, an app without keys, and malformed bodies', async () => {
    const { token, address } = await userWithWallet('dan@example.com');
    await cli('apps', 'set', h.appId, 'fiat_on_ramp_enabled=true');
    const noKeys = await sign(token, { address, useSandbox: false });
    expect(noKeys.statusCode).toBe(503);
    expect(noKeys.json().code).toBe('fiat_on_ramp_unavailable');

    await enableMoonpay();
    const production = await sign(token, { address, useSandbox: false });
    expect(production.statusCode).toBe(400);
    expect(production.json()).toEqual({
      code: 'invalid_data',
      message: "This app's MoonPay keys are for the sandbox: useSandbox must be true.",
    });
    for (const body of [
      { address: 'not-an-address', useSandbox: true },
      { address },
      { address, useSandbox: true, config: { uiConfig: { theme: 'blue' } } },
      { address, useSandbox: true, config: { currencyCode: 'eth&walletAddress=0x0' } },
      { address, useSandbox: true, config: { uiConfig: { accentColor: 'red' } } },
    ]) {
      const response = await sign(token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().code).toBe('invalid_data');
    }
  });
});

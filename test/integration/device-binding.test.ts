import { verifyMessage } from 'ethers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResult, ForkSessionResponse, SessionUpdateResponse } from '../../src/protocol/api.js';
import { API_PATHS } from '../../src/protocol/api.js';
import { generateSealKeyPair } from '../../src/protocol/sealed-box.js';
import { WALLET_API_PATHS } from '../../src/protocol/wallet-api.js';
import type { WalletRpcRequest } from '../../src/protocol/wallet-frame.js';
import type { FrameRequest } from './frame-fetch.js';
import { frameHost } from './frame-host.js';
import { type Harness, ORIGIN, PUBLIC_URL, startHarness } from './harness.js';
import { askForShare, expectNoShare, rawRequest } from './wallet-support.js';

/**
 * Issue 11, findings 1 and 5: the shares are bound to the frame's device key, not to the access
 * token. A token used from outside any browser, or a frame request replayed, releases nothing; a
 * new browser recovers only right after an interactive login, and the user is told by mail;
 * device keys are listed and revoked; the frame forgets on logout.
 */
const MAX_AUTH_AGE_SECONDS = 60;
const STALE = (MAX_AUTH_AGE_SECONDS + 1) * 1000;
const ALICE = 'alice@example.com';
const NEW_DEVICE_MAIL = /a new device recovered your wallet/i;

let h: Harness;
let requests: FrameRequest[];
let openFrame: ReturnType<typeof frameHost>;

beforeEach(async () => {
  h = await startHarness({ recoveryMaxAuthAgeSeconds: MAX_AUTH_AGE_SECONDS });
  requests = [];
  openFrame = frameHost(() => h, { requests, now: () => h.clock.now() });
});
afterEach(async () => {
  await h.close();
});

const sign = (text: string, address: string): WalletRpcRequest => ({
  method: 'personal_sign',
  params: [text, address],
});

/** Logs in and creates the wallet in a frame of its own (the first device). */
async function withWallet(email = ALICE) {
  const login = await h.login(email);
  const device = openFrame();
  const created = await device.request('wallet:create', { accessToken: login.token });
  expect(created.error).toBeUndefined();
  return { login, device, address: created.data?.address as string };
}

async function signs(
  device: ReturnType<ReturnType<typeof frameHost>>,
  token: string,
  address: string,
): Promise<boolean> {
  const reply = await device.request('wallet:rpc', {
    accessToken: token,
    address,
    request: sign('hi', address),
  });
  return reply.data !== undefined && verifyMessage('hi', reply.data.response.data) === address;
}

async function refreshed(refreshToken: string): Promise<SessionUpdateResponse> {
  const response = await h.post(API_PATHS.sessions, { refresh_token: refreshToken });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SessionUpdateResponse>();
}

describe('a token without the frame gets no share', () => {
  it('from a client outside any browser, with or without Origin, once the login is older than the max auth age', async () => {
    const { login, device, address } = await withWallet();
    h.clock.advance(STALE);
    for (const origin of [undefined, PUBLIC_URL]) {
      expectNoShare(
        await askForShare(h, WALLET_API_PATHS.authShare(address), login.token, { origin }),
        403,
        'invalid_device_proof',
      );
      expectNoShare(
        await askForShare(h, WALLET_API_PATHS.recovery(address), login.token, { origin }),
        403,
        'recent_login_required',
      );
    }
    // A page of the app itself is refused as before.
    const fromHost = await askForShare(h, WALLET_API_PATHS.authShare(address), login.token, {
      origin: ORIGIN,
    });
    expectNoShare(fromHost, 403, 'invalid_origin');
    // The frame holding the device key still signs with the same token.
    expect(await signs(device, login.token, address)).toBe(true);
  });

  it('replaying a captured frame request, with its own reply key or as captured, releases nothing', async () => {
    const { login, device, address } = await withWallet();
    requests.length = 0;
    expect(await signs(device, login.token, address)).toBe(true);
    const captured = requests.find((r) => r.path === WALLET_API_PATHS.authShare(address));
    expect(captured?.body).toBeDefined();
    const headers = { ...(captured as FrameRequest).headers };
    const attacker = await generateSealKeyPair();
    const ownKey = await rawRequest(
      h,
      'POST',
      WALLET_API_PATHS.authShare(address),
      login.token,
      { replyKey: attacker.publicJwk },
      headers,
    );
    expectNoShare(ownKey, 403, 'invalid_device_proof');
    const asCaptured = await rawRequest(
      h,
      'POST',
      WALLET_API_PATHS.authShare(address),
      login.token,
      captured?.body,
      headers,
    );
    expectNoShare(asCaptured, 403, 'invalid_device_proof');
  });
});

describe('recovery on a new device', () => {
  it('needs a fresh interactive login (not a refreshed or forked one), then mails the user', async () => {
    const { login, address } = await withWallet();
    h.clock.advance(STALE);
    const browser = openFrame();
    const stale = await browser.request('wallet:recover', { accessToken: login.token, address });
    expect(stale.error?.type).toBe('recent_login_required');
    expect(browser.store.values.size).toBe(0);

    // A refresh, and a fork, keep the time of the login: still too old.
    const refresh = await refreshed(login.refresh_token);
    const afterRefresh = await browser.request('wallet:recover', {
      accessToken: refresh.token as string,
      address,
    });
    expect(afterRefresh.error?.type).toBe('recent_login_required');
    const fork = await h.post(API_PATHS.sessionsFork, { refresh_token: refresh.refresh_token });
    const forked = await h.post(API_PATHS.sessionsForkRecover, {
      refresh_token: fork.json<ForkSessionResponse>().new_session_refresh_token,
    });
    const forkedToken = forked.json<SessionUpdateResponse>().token as string;
    expect((await browser.request('wallet:recover', { accessToken: forkedToken, address })).error?.type).toBe(
      'recent_login_required',
    );
    expect(h.mailbox.messages.filter((m) => NEW_DEVICE_MAIL.test(m.subject))).toEqual([]);

    const since = h.mailbox.messages.length;
    const fresh = await h.login(ALICE);
    expect(await browser.request('wallet:recover', { accessToken: fresh.token, address })).toMatchObject({
      data: { address },
    });
    expect(await signs(browser, fresh.token, address)).toBe(true);
    const mail = await h.mailbox.waitFor(ALICE, since, 15_000, NEW_DEVICE_MAIL);
    expect(mail.raw).toContain(address);
  });

  it('is limited per user', async () => {
    const { address } = await withWallet();
    const outcomes: Array<string | undefined> = [];
    for (let i = 0; i < 6; i += 1) {
      const fresh: AuthResult = await h.login(ALICE);
      const reply = await openFrame().request('wallet:recover', { accessToken: fresh.token, address });
      outcomes.push(reply.error ? reply.error.message : 'recovered');
    }
    expect(outcomes.slice(0, 5)).toEqual(Array(5).fill('recovered'));
    expect(outcomes[5]).toContain('code 429');
  });
});

describe('device keys', () => {
  it('are listed and revoked; a revoked key is refused; logging out ends only its session', async () => {
    const { login, device, address } = await withWallet();
    const second = await h.login(ALICE);
    const laptop = openFrame();
    await laptop.request('wallet:recover', { accessToken: second.token, address });

    const listed = await laptop.request('wallet:get-devices', { accessToken: second.token, address });
    const devices = listed.data?.devices ?? [];
    expect(devices).toHaveLength(2);
    const own = devices.find((d) => d.current);
    const other = devices.find((d) => !d.current);
    expect(own && other).toBeTruthy();
    expect(other?.createdAt).toBeLessThanOrEqual(own?.createdAt as number);

    // Logging out on the laptop ends its session; its device key stays registered.
    const logout = await h.post(API_PATHS.sessionsLogout, { refresh_token: second.refresh_token });
    expect(logout.statusCode).toBe(200);
    expect(await signs(laptop, second.token, address)).toBe(false);
    const afterLogout = await device.request('wallet:get-devices', { accessToken: login.token, address });
    expect(afterLogout.data?.devices.map((d) => d.id).sort()).toEqual(devices.map((d) => d.id).sort());
    // Logged in again an hour later, the laptop signs without recovering.
    h.clock.advance(STALE);
    const third = await h.login(ALICE);
    h.clock.advance(STALE);
    expect(await signs(laptop, third.token, address)).toBe(true);

    // The laptop revokes the first device: its proofs are refused from now on.
    const revoked = await laptop.request('wallet:revoke-device', {
      accessToken: third.token,
      address,
      id: other?.id as string,
    });
    expect(revoked.data?.devices.map((d) => d.id)).toEqual([own?.id]);
    const refused = await device.request('wallet:rpc', {
      accessToken: login.token,
      address,
      request: sign('x', address),
    });
    expect(refused.error?.type).toBe('wallet_not_on_device');
    // A token alone revokes nothing.
    const tokenOnly = await rawRequest(
      h,
      'POST',
      `/api/v1/embedded_wallets/${address}/devices/${own?.id}/revoke`,
      third.token,
      {},
    );
    expect(tokenOnly.statusCode).toBe(403);
    expect(await signs(laptop, third.token, address)).toBe(true);
  });
});

describe('the frame forgets', () => {
  it('after logout in the page, refuses to sign with the old token within the same second', async () => {
    const { login, device, address } = await withWallet();
    expect(await signs(device, login.token, address)).toBe(true);
    // What the page's logout does: tell the frame, then end the session.
    expect((await device.request('wallet:clear', {})).data).toEqual({ cleared: true });
    await h.post(API_PATHS.sessionsLogout, { refresh_token: login.refresh_token });
    const started = Date.now();
    const after = await device.request('wallet:rpc', {
      accessToken: login.token,
      address,
      request: sign('late', address),
    });
    expect(after.data).toBeUndefined();
    expect(after.error?.message).toBe('Missing or invalid token.');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses a session revoked elsewhere at once, without being told', async () => {
    const { login, device, address } = await withWallet();
    expect(await signs(device, login.token, address)).toBe(true);
    await h.post(API_PATHS.sessionsLogout, { refresh_token: login.refresh_token });
    expect(await signs(device, login.token, address)).toBe(false);
  });
});

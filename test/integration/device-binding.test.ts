import { verifyMessage } from 'ethers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ForkSessionResponse, SessionUpdateResponse } from '../../src/protocol/api.js';
import { API_PATHS } from '../../src/protocol/api.js';
import { generateSealKeyPair } from '../../src/protocol/sealed-box.js';
import { WALLET_API_PATHS } from '../../src/protocol/wallet-api.js';
import type { WalletRpcRequest } from '../../src/protocol/wallet-frame.js';
import type { FrameRequest } from './frame-fetch.js';
import { frameHost } from './frame-host.js';
import { type Harness, ORIGIN, PUBLIC_URL, startHarness } from './harness.js';
import { approveByEmail, askRecovery, confirmByEmail, laterLogin, ticketOf } from './step-up-support.js';
import { askForShare, expectNoShare, rawRequest } from './wallet-support.js';

/**
 * The shares are bound to the frame's device key, not to
 * the access token. A token used from outside any browser, or a frame request replayed, releases
 * nothing; a new browser recovers only after a step-up typed in its surface — a login, however
 * fresh, is not enough — approved for its session and its very device key, and the user is told
 * by mail; device keys are listed and revoked; the frame forgets on logout.
 */
const ALICE = 'alice@example.com';
const LATER = 10 * 60_000;
const NEW_DEVICE_MAIL = /a new device recovered your wallet/i;

let h: Harness;
let requests: FrameRequest[];
let openFrame: ReturnType<typeof frameHost>;

beforeEach(async () => {
  h = await startHarness();
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
  it('from a client outside any browser, with or without Origin, however fresh the login', async () => {
    const { login, device, address } = await withWallet();
    const fresh = await laterLogin(h, ALICE);
    for (const origin of [undefined, PUBLIC_URL]) {
      for (const path of [WALLET_API_PATHS.authShare(address), WALLET_API_PATHS.recovery(address)]) {
        expectNoShare(await askForShare(h, path, fresh.token, { origin }), 403, 'invalid_device_proof');
      }
    }
    // A device key of its own makes it a new device: a ticket to approve, and no share.
    const { response } = await askRecovery(h, fresh.token, address);
    expect(ticketOf(response).action).toBe('new_device');
    expect(response.body).not.toContain('"ct"');
    // A page of the app itself is refused as before.
    const fromHost = await askForShare(h, WALLET_API_PATHS.authShare(address), fresh.token, {
      origin: ORIGIN,
    });
    expectNoShare(fromHost, 403, 'invalid_origin');
    // The frame holding the device key still signs, with either token.
    expect(await signs(device, login.token, address)).toBe(true);
    expect(await signs(device, fresh.token, address)).toBe(true);
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
  it('waits, after a login however fresh, for the code mailed to the user typed in the surface; then mails the user', async () => {
    const { address } = await withWallet();
    const fresh = await laterLogin(h, ALICE);
    const browser = openFrame();
    // Without the user at a surface (a background request), the login alone recovers nothing.
    const quiet = await browser.request(
      'wallet:recover',
      { accessToken: fresh.token, address },
      { quiet: true },
    );
    expect(quiet.error?.type).toBe('user_action_required');
    expect(browser.store.values.size).toBe(0);
    expect(h.mailbox.messages.filter((m) => NEW_DEVICE_MAIL.test(m.subject))).toEqual([]);

    const since = h.mailbox.messages.length;
    const recovered = await browser.request(
      'wallet:recover',
      { accessToken: fresh.token, address },
      { user: confirmByEmail(h, ALICE) },
    );
    expect(recovered).toMatchObject({ data: { address } });
    expect(await signs(browser, fresh.token, address)).toBe(true);
    const mail = await h.mailbox.waitFor(ALICE, since, 15_000, NEW_DEVICE_MAIL);
    expect(mail.raw).toContain(address);
  });

  it('is approved for its session and its device key: a refresh keeps it, a fork or another key asks again', async () => {
    const { address } = await withWallet();
    const fresh = await laterLogin(h, ALICE);
    const first = await askRecovery(h, fresh.token, address);
    const ticket = ticketOf(first.response);
    await approveByEmail(h, fresh.token, ticket.id, ALICE);
    // A refreshed token is the same session: the approval of its key holds.
    const refresh = await refreshed(fresh.refresh_token);
    const again = await askRecovery(h, refresh.token as string, address, first.device);
    expect(again.response.statusCode, again.response.body).toBe(200);
    // A forked session is another one: the same key waits on a ticket of its own.
    const fork = await h.post(API_PATHS.sessionsFork, { refresh_token: refresh.refresh_token });
    const forked = await h.post(API_PATHS.sessionsForkRecover, {
      refresh_token: fork.json<ForkSessionResponse>().new_session_refresh_token,
    });
    const forkedToken = forked.json<SessionUpdateResponse>().token as string;
    const fromFork = ticketOf((await askRecovery(h, forkedToken, address, first.device)).response);
    expect(fromFork.id).not.toBe(ticket.id);
    expect(fromFork.approved_at).toBeNull();
    // Another key of the approved session asks again too.
    const otherKey = ticketOf((await askRecovery(h, refresh.token as string, address)).response);
    expect(otherKey.id).not.toBe(ticket.id);
  });

  it('is limited per user', async () => {
    const { address } = await withWallet();
    const fresh = await laterLogin(h, ALICE);
    const outcomes: Array<string | undefined> = [];
    for (let i = 0; i < 6; i += 1) {
      const reply = await openFrame().request(
        'wallet:recover',
        { accessToken: fresh.token, address },
        { user: confirmByEmail(h, ALICE) },
      );
      outcomes.push(reply.error ? reply.error.message : 'recovered');
    }
    expect(outcomes.slice(0, 5)).toEqual(Array(5).fill('recovered'));
    expect(outcomes[5]).toContain('code 429');
  });
});

describe('device keys', () => {
  it('are listed and revoked; a revoked key is refused; logging out ends only its session', async () => {
    const { login, device, address } = await withWallet();
    const second = await laterLogin(h, ALICE);
    const laptop = openFrame();
    const recovered = await laptop.request(
      'wallet:recover',
      { accessToken: second.token, address },
      { user: confirmByEmail(h, ALICE) },
    );
    expect(recovered.data).toEqual({ address });

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
    // Logged in again later, the laptop signs without recovering (no step-up: no new device).
    h.clock.advance(LATER);
    const third = await h.login(ALICE);
    h.clock.advance(LATER);
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

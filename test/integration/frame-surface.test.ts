import { verifyMessage, Wallet } from 'ethers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResult, UserWire } from '../../src/protocol/api.js';
import { SIWE_API_PATHS } from '../../src/protocol/siwe-api.js';
import { frameHost, ProfileStore, type SurfaceUser } from './frame-host.js';
import { type Harness, startHarness } from './harness.js';
import { siweBody } from './siwe-support.js';
import { confirmByWallet, enterPassword, typePassword } from './step-up-support.js';
import type { SurfaceSession } from './surface-peer.js';

/**
 * The wallet frame and its surface: every signature waits for an approval in the
 * surface, which shows what the frame signs; a new browser is a device only after a code typed in
 * the surface; a password is set and typed there. The test plays the person at the surface.
 */
const ALICE = 'alice@example.com';
let h: Harness;
let openFrame: ReturnType<typeof frameHost>;

beforeEach(async () => {
  h = await startHarness();
  openFrame = frameHost(() => h, { now: () => h.clock.now() });
});
afterEach(async () => {
  await h.close();
});

/** The person: picks the email factor, and types the code the mail brought. */
const confirmByEmail =
  (then?: SurfaceUser): SurfaceUser =>
  async (surface) => {
    const { view } = await surface.kind('verify');
    expect(view.factors.map((f) => f.id)).toEqual(['email']);
    const since = h.mailbox.messages.length;
    surface.act({ type: 'factor', factor: 'email' });
    await surface.waitFor((v) => v.kind === 'verify' && v.sentTo === 'a•••@example.com');
    surface.act({ type: 'code', code: await h.mailbox.codeFor(ALICE, since) });
    await then?.(surface);
  };

async function aliceWithWallet(recoveryMethod?: 'user-passcode', user?: SurfaceUser) {
  const login = await h.login(ALICE);
  const device = openFrame();
  const created = await device.request(
    'wallet:create',
    recoveryMethod ? { accessToken: login.token, recoveryMethod } : { accessToken: login.token },
    user ? { user } : {},
  );
  expect(created.error, JSON.stringify(created.error)).toBeUndefined();
  h.clock.advance(5_000);
  return { login, device, address: created.data?.address as string };
}

describe('a signature', () => {
  it('waits for the approval in the surface, which shows the message the frame signs', async () => {
    const { login, device, address } = await aliceWithWallet();
    let shown: SurfaceSession | undefined;
    const approve: SurfaceUser = async (surface) => {
      shown = surface;
      const { view } = await surface.kind('sign-message');
      expect(view).toEqual({ kind: 'sign-message', address, message: 'Pay 1 ETH to Bob' });
      surface.act({ type: 'approve' });
    };
    const hex = `0x${Buffer.from('Pay 1 ETH to Bob').toString('hex')}`;
    const request = { method: 'personal_sign' as const, params: [hex, address] as [string, string] };
    const signed = await device.request(
      'wallet:rpc',
      { accessToken: login.token, address, request },
      { user: approve },
    );
    expect(verifyMessage('Pay 1 ETH to Bob', signed.data?.response.data as string)).toBe(address);
    expect(shown?.ended()).toBe(true);
  });

  it('a silent one is refused while the app enforces its wallet UIs; a closed surface rejects', async () => {
    const { login, device, address } = await aliceWithWallet();
    const request = { method: 'personal_sign' as const, params: ['hi', address] as [string, string] };
    const silent = await device.request('wallet:rpc', {
      accessToken: login.token,
      address,
      request,
      silent: true,
    });
    expect(silent.error?.type).toBe('invalid_request_arguments');
    const { id, reply } = device.send(
      'wallet:rpc',
      { accessToken: login.token, address, request },
      { user: async () => {} },
    );
    await expect.poll(() => device.sessions.size).toBeGreaterThan(0);
    device.deliver({ source: 'gatehouse', id: 'cancel-1', type: 'wallet:cancel', data: { request: id } });
    expect((await reply).error?.type).toBe('user_rejected');
    const cancelled: SurfaceUser = async (surface) => {
      await surface.kind('sign-message');
      surface.act({ type: 'cancel' });
    };
    const closed = await device.request(
      'wallet:rpc',
      { accessToken: login.token, address, request },
      { user: cancelled },
    );
    expect(closed.error?.type).toBe('user_rejected');
  });
});

describe('a new browser', () => {
  it('recovers once the code mailed to the signup email is typed in the surface', async () => {
    const { address } = await aliceWithWallet();
    const fresh = await h.login(ALICE);
    const browser = openFrame(new ProfileStore());
    const quiet = await browser.request(
      'wallet:recover',
      { accessToken: fresh.token, address },
      { quiet: true },
    );
    expect(quiet.error?.type).toBe('user_action_required');
    const recovered = await browser.request(
      'wallet:recover',
      { accessToken: fresh.token, address },
      { user: confirmByEmail() },
    );
    expect(recovered.data).toEqual({ address });
    const request = { method: 'personal_sign' as const, params: ['back', address] as [string, string] };
    const signed = await browser.request('wallet:rpc', { accessToken: fresh.token, address, request });
    expect(verifyMessage('back', signed.data?.response.data as string)).toBe(address);
  });

  it("recovers a 'user-passcode' wallet with the code, then the password typed in the surface", async () => {
    const setPassword: SurfaceUser = async (surface) => {
      await surface.kind('password-set');
      surface.act({ type: 'password', password: 'correct-horse' });
    };
    const { address } = await aliceWithWallet('user-passcode', setPassword);
    const fresh = await h.login(ALICE);
    const browser = openFrame(new ProfileStore());
    const recovered = await browser.request(
      'wallet:recover',
      { accessToken: fresh.token, address },
      { user: confirmByEmail(enterPassword('correct-horse', 'wrong-horse')) },
    );
    expect(recovered.data).toEqual({ address });
  });
});

describe('a change of the account', () => {
  it("waits on a ticket the user approves in the frame's surface; the link then goes through", async () => {
    await h.server.gatehouse.apps.update(h.appId, [{ field: 'wallet_auth', value: true }]);
    const { login, device, address } = await aliceWithWallet();
    const other = Wallet.createRandom();
    const body = await siweBody(h, other);
    const headers = { authorization: `Bearer ${login.token}` };
    const refused = await h.post(SIWE_API_PATHS.link, body, headers);
    expect(refused.statusCode).toBe(403);
    const { ticket } = refused.json<{ ticket: { id: string } }>();
    // Her signup email approves, even in the session she signed up in (a browser that keeps no
    // frame storage is a new device on every reload: this is its user's way through).
    const approve: SurfaceUser = async (surface) => {
      const { view } = await surface.kind('verify');
      expect(view).toMatchObject({
        purpose: 'change',
        action: 'link',
        account: { type: 'wallet', label: other.address },
      });
      expect(view.factors).toEqual([{ id: 'email', label: 'a•••@example.com' }]);
      await confirmByEmail()(surface);
    };
    const approved = await device.request(
      'wallet:step-up',
      { accessToken: login.token, ticket: ticket.id, address },
      { user: approve },
    );
    expect(approved.data).toEqual({ approved: true });
    const linked = await h.post(SIWE_API_PATHS.link, body, headers);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(
      linked
        .json<UserWire>()
        .linked_accounts.map((a) => a.type)
        .sort(),
    ).toEqual(['email', 'wallet', 'wallet']);
  });

  it('a user with no email or phone approves it with the wallet on this device', async () => {
    await h.server.gatehouse.apps.update(h.appId, [{ field: 'wallet_auth', value: true }]);
    const signup = await h.post(SIWE_API_PATHS.authenticate, await siweBody(h, Wallet.createRandom()));
    const login = signup.json<AuthResult>();
    const device = openFrame();
    const created = await device.request(
      'wallet:create',
      { accessToken: login.token, recoveryMethod: 'user-passcode' },
      { user: typePassword('correct-horse') },
    );
    const address = created.data?.address as string;
    const body = await siweBody(h, Wallet.createRandom());
    const headers = { authorization: `Bearer ${login.token}` };
    const { ticket } = (await h.post(SIWE_API_PATHS.link, body, headers)).json<{ ticket: { id: string } }>();
    const approve: SurfaceUser = async (surface) => {
      const { view } = await surface.kind('verify');
      expect(view.factors).toEqual([{ id: 'wallet', label: '' }]);
      await confirmByWallet(surface);
    };
    const approved = await device.request(
      'wallet:step-up',
      { accessToken: login.token, ticket: ticket.id, address },
      { user: approve },
    );
    expect(approved.data).toEqual({ approved: true });
    expect((await h.post(SIWE_API_PATHS.link, body, headers)).statusCode).toBe(200);
  });
});

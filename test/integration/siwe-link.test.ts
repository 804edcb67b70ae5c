import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { DeviceKey } from '../../src/frame/device-key.js';
import type { AuthResult, UserWire } from '../../src/protocol/api.js';
import { SIWE_API_PATHS } from '../../src/protocol/siwe-api.js';
import { bearer, signedMessage, useSiweHarness, wallets } from './siwe-support.js';
import { approveByWallet, ticketOf } from './step-up-support.js';
import { creating, newKey, passwordBox } from './wallets-support.js';

/**
 * Linking and unlinking external wallets (§5): a user without an embedded wallet changes them
 * freely; a user with one only under a step-up. Unlinking the last login method or the embedded
 * wallet, and linking the embedded wallet, are refused at once, with no code asked for.
 */
const h = useSiweHarness();

describe('POST /api/v1/siwe/link and /unlink', () => {
  it('links two wallets to an email user, refuses another user’s, and unlinks down to the last login method', async () => {
    const { user, token } = await h.login('dana@example.com');
    const first = Wallet.createRandom();
    const second = Wallet.createRandom();

    const anonymous = await h.post(SIWE_API_PATHS.link, await signedMessage(h, first));
    expect(anonymous.statusCode).toBe(401);

    const linked = await h.post(SIWE_API_PATHS.link, await signedMessage(h, first), bearer(token));
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<UserWire>().id).toBe(user.id);
    const both = await h.post(SIWE_API_PATHS.link, await signedMessage(h, second), bearer(token));
    expect(both.statusCode, both.body).toBe(200);
    expect(wallets(both.json()).map((a) => a.address)).toEqual([first.address, second.address]);

    // The wallet now logs the same user in.
    const login = await h.post(SIWE_API_PATHS.authenticate, await signedMessage(h, second));
    expect(login.json<AuthResult>()).toMatchObject({ is_new_user: false, user: { id: user.id } });

    // Another user cannot link it.
    const other = await h.login('eve@example.com');
    const taken = await h.post(SIWE_API_PATHS.link, await signedMessage(h, first), bearer(other.token));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ code: 'linked_to_another_user' });

    const unlinked = await h.post(
      SIWE_API_PATHS.unlink,
      { address: first.address.toLowerCase() },
      bearer(token),
    );
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(wallets(unlinked.json()).map((a) => a.address)).toEqual([second.address]);
    const missing = await h.post(SIWE_API_PATHS.unlink, { address: first.address }, bearer(token));
    expect(missing.json()).toMatchObject({ code: 'account_not_found' });
  });

  it('refuses to unlink a wallet that is the last login method or an embedded wallet, and to link an embedded wallet, without asking for a code', async () => {
    const wallet = Wallet.createRandom();
    const login = (
      await h.post(SIWE_API_PATHS.authenticate, await signedMessage(h, wallet))
    ).json<AuthResult>();
    const last = await h.post(SIWE_API_PATHS.unlink, { address: wallet.address }, bearer(login.token));
    expect(last.statusCode).toBe(400);
    expect(last.json()).toMatchObject({ code: 'cannot_unlink_last_account' });

    // A wallet-only user has nothing to confirm a new device with: no silent-recovery wallet, a
    // password one instead.
    const devices = new Map<string, DeviceKey>();
    const { create } = creating(h, devices);
    const embedded = await newKey();
    expect((await create(login.token, embedded)).json()).toMatchObject({
      code: 'recovery_password_required',
    });
    const withPassword = await create(login.token, embedded, (body) => ({
      ...body,
      recoveryMethod: 'user-passcode',
      recovery: passwordBox(1, 2, 3),
    }));
    expect(withPassword.statusCode, withPassword.body).toBe(200);

    // What the provider never does is refused at once, without a code asked for first.
    const unlink = await h.post(SIWE_API_PATHS.unlink, { address: embedded.address }, bearer(login.token));
    expect(unlink.json()).toMatchObject({
      code: 'cannot_unlink_embedded_wallet',
      message: 'Cannot unlink an embedded wallet',
    });
    const itself = await h.post(
      SIWE_API_PATHS.link,
      await signedMessage(h, embedded.wallet),
      bearer(login.token),
    );
    expect(itself.json()).toMatchObject({ code: 'embedded_wallet_not_linkable' });

    // Any other change of a user with a wallet waits on a step-up, here approved by the wallet
    // itself on its device (her only factor).
    const other = Wallet.createRandom();
    const body = await signedMessage(h, other);
    const link = () => h.post(SIWE_API_PATHS.link, body, bearer(login.token));
    const ticket = ticketOf(await link());
    expect(ticket.factors.map((f) => f.id)).toEqual(['wallet']);
    const approved = await approveByWallet(h, login.token, ticket.id, {
      address: embedded.address,
      device: devices.get(login.token) as DeviceKey,
      sign: (message: string) => embedded.wallet.signMessage(message),
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const linked = await link();
    expect(linked.statusCode, linked.body).toBe(200);
  });
});

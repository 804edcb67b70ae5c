import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { AuthResult, UserWire } from '../../src/protocol/api.js';
import { SIWE_API_PATHS } from '../../src/protocol/siwe-api.js';
import { bearer, insertEmbeddedWallet, signedMessage, useSiweHarness, wallets } from './siwe-support.js';

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

  it('refuses to unlink a wallet that is the last login method, or an embedded wallet, and to link an embedded wallet', async () => {
    const wallet = Wallet.createRandom();
    const login = (
      await h.post(SIWE_API_PATHS.authenticate, await signedMessage(h, wallet))
    ).json<AuthResult>();
    const last = await h.post(SIWE_API_PATHS.unlink, { address: wallet.address }, bearer(login.token));
    expect(last.statusCode).toBe(400);
    expect(last.json()).toMatchObject({ code: 'cannot_unlink_last_account' });

    const embedded = Wallet.createRandom();
    await insertEmbeddedWallet(h, login.user.id, embedded.address);
    const unlinkEmbedded = await h.post(
      SIWE_API_PATHS.unlink,
      { address: embedded.address },
      bearer(login.token),
    );
    expect(unlinkEmbedded.json()).toMatchObject({
      code: 'cannot_unlink_embedded_wallet',
      message: 'Cannot unlink an embedded wallet',
    });
    const linkEmbedded = await h.post(
      SIWE_API_PATHS.link,
      await signedMessage(h, embedded),
      bearer(login.token),
    );
    expect(linkEmbedded.json()).toMatchObject({ code: 'embedded_wallet_not_linkable' });
  });
});

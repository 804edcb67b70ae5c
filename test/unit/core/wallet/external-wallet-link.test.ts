/**
 * External wallets in core over the fake provider with the siwe/* endpoints: link and unlink (§4.4, §6, §8).
 */

import { describe, expect, it } from 'vitest';
import { SIWE_API_PATHS } from '../../../../src/protocol/siwe-api.js';
import { SiweProvider, siweClient } from '../../helpers/siwe-client.js';

describe('external wallets: link and unlink (§4.4, §6, §8)', () => {
  async function loggedIn(provider = new SiweProvider()) {
    const t = await siweClient({ provider });
    const user = provider.createUser('linker@example.com');
    t.gatehouse.ctx.session.signIn({ user, ...provider.issue(user), is_new_user: false });
    return t;
  }

  it('links the wallet to the logged-in user: link:success with the wallet account', async () => {
    const t = await loggedIn();
    await t.wallets.linkWallet();
    expect(t.gatehouse.ctx.modal.$modal.get().screen).toBe('LINK_WALLET_SCREEN');
    await t.wallets.choose(t.detected, 'link');
    expect(t.provider.callsTo(SIWE_API_PATHS.link)).toHaveLength(1);
    const success = t.seen.find((s) => s.name === 'link:success')?.detail as {
      linkMethod: string;
      linkedAccount: { address: string };
    };
    expect(success.linkMethod).toBe('siwe');
    expect(success.linkedAccount.address).toBe(t.wallet.address);
  });

  it('a wallet of another user: User already exists for this address, with Use a different wallet', async () => {
    const provider = new SiweProvider();
    provider.linkError = 'linked_to_another_user';
    const t = await loggedIn(provider);
    await t.wallets.linkWallet();
    await t.wallets.choose(t.detected, 'link');
    expect(t.wallets.$flow.get().error).toEqual({
      code: 'linked_to_another_user',
      message: 'User already exists for this address',
      detail: 'Try another address!',
      retryable: false,
    });
    expect(t.seen.find((s) => s.name === 'link:error')?.detail).toMatchObject({
      code: 'linked_to_another_user',
    });
    t.wallets.useDifferentWallet();
    expect(t.gatehouse.ctx.modal.$modal.get().screen).toBe('LINK_WALLET_SCREEN');
  });

  it('linkWallet without a session is refused; unlinkWallet refuses the embedded wallet', async () => {
    const t = await siweClient();
    expect(() => t.wallets.linkWallet()).toThrow('User must be authenticated');
    t.gatehouse.ctx.stores.$user.set({
      linkedAccounts: [{ type: 'wallet', address: '0xAbC', walletClientType: 'gatehouse' }],
    } as never);
    await expect(t.wallets.unlinkWallet('0xabc')).rejects.toThrow('Cannot unlink an embedded wallet');
  });
});

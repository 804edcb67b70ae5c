/**
 * External wallets in core over the fake provider with the siwe/* endpoints: a busy, locked or silent wallet (§4.4, §8).
 */

import { describe, expect, it } from 'vitest';
import { siweClient } from '../../helpers/siwe-client.js';

describe('external wallets: Sign-In With Ethereum (§4.4, §5)', () => {
  it('a busy or locked wallet (-32002): the §8 variant with where to look, and no Retry', async () => {
    const detail = "Don't see your wallet? Check your other browser windows.";
    const pending = { method: 'eth_requestAccounts', code: -32002 };
    const t = await siweClient();
    t.wallet.failWith = { ...pending, message: 'Already processing eth_requestAccounts. Please wait.' };
    await t.wallets.choose(t.detected, 'login');
    expect(t.wallets.$flow.get().error).toMatchObject({
      message: 'Connection request already pending',
      detail,
      retryable: false,
    });

    const locked = await siweClient();
    locked.wallet.failWith = { ...pending, message: 'The wallet is locked.' };
    await locked.wallets.choose(locked.detected, 'login');
    expect(locked.wallets.$flow.get().error).toMatchObject({ message: 'Wallet might be locked', detail });

    // Connected, then busy when asked to sign: another request is pending.
    const signing = await siweClient();
    signing.wallet.failWith = { method: 'personal_sign', code: -32002, message: 'Request already pending.' };
    await signing.wallets.choose(signing.detected, 'login');
    expect(signing.wallets.$flow.get().error).toMatchObject({
      message: 'Resource request already pending',
      detail,
      retryable: false,
    });
    expect(signing.gatehouse.ctx.stores.$authenticated.get()).toBe(false);
  });
});

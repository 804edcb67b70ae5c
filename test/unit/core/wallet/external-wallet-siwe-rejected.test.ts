/**
 * External wallets in core over the fake provider with the siwe/* endpoints: a rejected signature or connection, and Retry (§4.4, §5, §8).
 */

import { describe, expect, it } from 'vitest';
import { EXTERNAL_WALLET_TEXT } from '../../../../src/core/text/external-wallet.js';
import { siweClient } from '../../helpers/siwe-client.js';

describe('external wallets: Sign-In With Ethereum (§4.4, §5)', () => {
  it('a rejected signature says so and can be retried twice, then Unable to connect wallet', async () => {
    const t = await siweClient();
    t.wallet.rejectSign = true;
    await t.wallets.choose(t.detected, 'login');
    expect(t.wallets.$flow.get().error).toMatchObject({
      message: EXTERNAL_WALLET_TEXT.rejected,
      retryable: true,
    });
    await t.wallets.retry();
    expect(t.wallets.$flow.get().error).toMatchObject({
      message: EXTERNAL_WALLET_TEXT.rejected,
      retryable: true,
    });
    await t.wallets.retry();
    expect(t.wallets.$flow.get().error).toMatchObject({
      message: EXTERNAL_WALLET_TEXT.unableToConnect,
      retryable: false,
    });
    expect(t.gatehouse.ctx.stores.$authenticated.get()).toBe(false);
  });

  it('rejected once, then signed on Retry: logged in', async () => {
    const t = await siweClient();
    t.wallet.rejectSign = true;
    await t.wallets.choose(t.detected, 'login');
    expect(t.gatehouse.ctx.modal.$modal.get().screen).toBe('AWAITING_CONNECTION');
    t.wallet.rejectSign = false;
    await t.wallets.retry();
    expect(t.gatehouse.ctx.stores.$authenticated.get()).toBe(true);
  });

  it('a refused connection: You rejected the request', async () => {
    const t = await siweClient();
    t.wallet.rejectConnect = true;
    await t.wallets.choose(t.detected, 'login');
    expect(t.wallets.$flow.get()).toMatchObject({
      status: 'disconnected',
      error: { message: 'You rejected the request' },
    });
    expect(t.gatehouse.ctx.stores.$wallets.get()).toEqual([]);
  });
});

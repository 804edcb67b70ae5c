/**
 * External wallets in core over the fake provider with the siwe/* endpoints: Sign-In With Ethereum, its errors and Retry (§4.4, §5).
 */

import { describe, expect, it } from 'vitest';
import { EXTERNAL_WALLET_TEXT } from '../../../../src/core/errors/external-wallet-text.js';
import { siweMessage } from '../../../../src/core/wallet/external/siwe.js';
import type { ConnectedWallet } from '../../../../src/protocol/external-wallet.js';
import { SIWE_API_PATHS } from '../../../../src/protocol/siwe-api.js';
import { freshWallets } from '../../helpers/external-wallets.js';
import { FakeExtensionWallet, fakePage, RAINBOW_INFO } from '../../helpers/fake-eip1193.js';
import { SiweProvider, siweClient } from '../../helpers/siwe-client.js';

describe('external wallets: Sign-In With Ethereum (§4.4, §5)', () => {
  it('the message is EIP-4361 with the statement of ownership, no transaction and no fees', () => {
    const text = siweMessage({
      domain: 'app.test',
      address: '0x0000000000000000000000000000000000000001',
      uri: 'https://app.test',
      chainId: 1,
      nonce: 'abcdefgh12',
      issuedAt: '2026-01-01T00:00:00.000Z',
    });
    expect(text).toBe(
      [
        'app.test wants you to sign in with your Ethereum account:',
        '0x0000000000000000000000000000000000000001',
        '',
        'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.',
        '',
        'URI: https://app.test',
        'Version: 1',
        'Chain ID: 1',
        'Nonce: abcdefgh12',
        'Issued At: 2026-01-01T00:00:00.000Z',
      ].join('\n'),
    );
  });

  it('logs in: connect, nonce, personal_sign, authenticate; the wallet is in $wallets and remembered', async () => {
    const t = await siweClient();
    const logins: unknown[] = [];
    t.events.target.addEventListener('login:success', (e) => logins.push((e as CustomEvent).detail));
    await t.wallets.choose(t.detected, 'login');
    expect(t.wallet.calls).toEqual(['eth_requestAccounts', 'eth_chainId', 'personal_sign']);
    const [auth] = t.provider.callsTo(SIWE_API_PATHS.authenticate);
    expect(auth?.body).toMatchObject({ chainId: 1, walletClientType: 'rainbow', connectorType: 'injected' });
    expect(String(auth?.body?.message)).toContain(
      `app.test wants you to sign in with your Ethereum account:\n${t.wallet.address}`,
    );
    expect(t.gatehouse.ctx.stores.$authenticated.get()).toBe(true);
    expect(logins).toMatchObject([{ loginMethod: 'siwe', isNewUser: true }]);
    const [connected] = t.gatehouse.ctx.stores.$wallets.get() as ConnectedWallet[];
    expect(connected).toMatchObject({
      address: t.wallet.address.toLowerCase(),
      chainId: 1,
      walletClientType: 'rainbow',
      connectorType: 'injected',
      branding: { name: 'Rainbow' },
    });
    expect(await connected?.getEthereumProvider()).toBe(t.wallet);
    expect(t.seen.map((s) => s.name)).toEqual(['wallet:connected']);
    expect(JSON.parse(t.storage.getItem('gatehouse:wallet_connections') ?? '[]')).toMatchObject([
      { address: t.wallet.address.toLowerCase(), connectorType: 'injected', walletClientType: 'rainbow' },
    ]);
  });

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

  it('a wallet that does not answer: Wallet request timed out', async () => {
    const provider = new SiweProvider();
    const t = await siweClient({ provider });
    const slow = new FakeExtensionWallet();
    const page = fakePage();
    slow.announceOn(page, { ...RAINBOW_INFO, uuid: 'slow' });
    const never = { ...slow, request: () => new Promise(() => {}) };
    const wallets = freshWallets(t.gatehouse, { page, requestTimeoutMs: 5, discoveryWaitMs: 5 });
    await wallets.choose({ info: RAINBOW_INFO, provider: never }, 'login');
    expect(wallets.$flow.get().error).toMatchObject({ message: 'Wallet request timed out', retryable: true });
  });
});

/**
 * External wallets in core over the fake provider with the siwe/* endpoints: Sign-In With Ethereum, the message and the login (§4.4, §5).
 */

import { describe, expect, it } from 'vitest';
import { siweMessage } from '../../../../src/core/wallet/external/siwe.js';
import type { ConnectedWallet } from '../../../../src/protocol/external-wallet.js';
import { SIWE_API_PATHS } from '../../../../src/protocol/siwe-api.js';
import { siweClient } from '../../helpers/siwe-client.js';

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
    // EIP-55, though the wallet answered in lower case: one casing with the user's wallet account.
    const user = t.gatehouse.ctx.stores.$user.get();
    const account = user?.linkedAccounts.find((a) => a.type === 'wallet');
    expect(connected?.address).toBe(account?.type === 'wallet' ? account.address : undefined);
    expect(connected).toMatchObject({
      address: t.wallet.address,
      chainId: 1,
      walletClientType: 'rainbow',
      connectorType: 'injected',
      branding: { name: 'Rainbow' },
    });
    expect(await connected?.getEthereumProvider()).toBe(t.wallet);
    expect(t.seen.map((s) => s.name)).toEqual(['wallet:connected']);
    expect(JSON.parse(t.storage.getItem('gatehouse:wallet_connections') ?? '[]')).toMatchObject([
      { address: t.wallet.address, connectorType: 'injected', walletClientType: 'rainbow' },
    ]);
  });
});

/**
 * The embedded wallet in core over a wallet client whose frame holds a real key (ethers): signing with its screen, closing before completion (4001) (§4.6).
 */

import { verifyMessage, verifyTypedData } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletActions, walletUi } from '../../../../src/core/wallet/embedded/index.js';
import { STORAGE_KEYS } from '../../../../src/protocol/constants.js';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { screen } from '../../helpers/wallet-flows.js';
import { walletClient } from './wallet-client.js';

afterEach(() => {
  vi.useRealTimers();
});

const TYPED = {
  domain: {
    name: 'Acme',
    version: '1',
    chainId: 31337,
    verifyingContract: '0x000000000000000000000000000000000000dEaD',
  },
  types: {
    Order: [
      { name: 'item', type: 'string' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Order',
  message: { item: 'Hat', amount: '3' },
};

describe('signing (§4.6)', () => {
  it("signMessage: EMBEDDED_WALLET_SIGN_REQUEST_SCREEN, the frame signs on approval, 'Success', closed after 1400 ms", async () => {
    const { gatehouse, frame } = await walletClient();
    const signed = gatehouse.call('signMessage', [
      'Hello from Acme',
      { title: 'Sign in to Acme' },
    ]) as Promise<string>;
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletSignRequest));
    expect(walletUi(gatehouse.ctx).get().sign).toMatchObject({
      kind: 'message',
      message: 'Hello from Acme',
      status: 'ready',
      uiOptions: { title: 'Sign in to Acme' },
    });
    expect(frame.received.some((m) => m.type === 'wallet:rpc')).toBe(false);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await walletActions(gatehouse.ctx).approveSign();
    const signature = await signed;
    expect(verifyMessage('Hello from Acme', signature)).toBe(frame.address);
    expect(walletUi(gatehouse.ctx).get().sign?.status).toBe('done');
    await vi.advanceTimersByTimeAsync(1399);
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletSignRequest);
    await vi.advanceTimersByTimeAsync(1);
    expect(screen(gatehouse)).toBeNull();
  });

  it('signTypedData shows the domain and message, and the signature recovers to the wallet', async () => {
    const { gatehouse, frame } = await walletClient();
    const signed = gatehouse.call('signTypedData', [TYPED]) as Promise<string>;
    await vi.waitFor(() => expect(walletUi(gatehouse.ctx).get().sign?.status).toBe('ready'));
    expect(walletUi(gatehouse.ctx).get().sign?.typedData).toEqual({
      primaryType: 'Order',
      domain: [
        ['name', 'Acme'],
        ['version', '1'],
        ['chainId', '31337'],
        ['verifyingContract', '0x000000000000000000000000000000000000dEaD'],
      ],
      message: JSON.stringify(TYPED.message, null, 2),
    });
    await walletActions(gatehouse.ctx).approveSign();
    expect(verifyTypedData(TYPED.domain, TYPED.types, TYPED.message, await signed)).toBe(frame.address);
  });

  it('closing the sign screen before it is done rejects with 4001; an empty message is refused', async () => {
    const { gatehouse, frame } = await walletClient();
    const signed = gatehouse.call('signMessage', ['Hello']) as Promise<string>;
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletSignRequest));
    gatehouse.ctx.modal.close();
    await expect(signed).rejects.toMatchObject({ code: 4001 });
    expect(frame.received.some((m) => m.type === 'wallet:rpc')).toBe(false);
    await expect(gatehouse.call('signMessage', [''])).rejects.toMatchObject({
      code: 'invalid_message',
      message: 'Message must be a non-empty string',
    });
  });

  it('noPromptOnSignature signs at once, without a screen', async () => {
    const { gatehouse, frame } = await walletClient({
      host: { embeddedWallets: { noPromptOnSignature: true } },
    });
    const signature = (await gatehouse.call('signMessage', ['quick'])) as string;
    expect(verifyMessage('quick', signature)).toBe(frame.address);
    expect(screen(gatehouse)).toBeNull();
  });

  it('logging out tells the frame to forget first (wallet:clear), while the session still stands', async () => {
    let sessionAtClear: string | null | undefined;
    const page: { storage?: Storage | { getItem(key: string): string | null } } = {};
    const client = await walletClient({
      host: { embeddedWallets: { noPromptOnSignature: true } },
      frame: {
        override: (message) => {
          if (message.type !== 'wallet:clear') return undefined;
          // The first one (the logout's own); the store's reset after it may send another.
          sessionAtClear ??= page.storage?.getItem(STORAGE_KEYS.refreshToken);
          return { data: { cleared: true } };
        },
      },
    });
    page.storage = client.storage;
    const { gatehouse, frame } = client;
    await gatehouse.call('signMessage', ['before']);
    await gatehouse.call('logout', []);
    const types = frame.received.map((m) => m.type);
    expect(types.filter((type) => type === 'wallet:clear')).not.toHaveLength(0);
    expect(types.indexOf('wallet:clear')).toBeGreaterThan(types.indexOf('wallet:rpc'));
    expect(typeof sessionAtClear).toBe('string');
    expect(client.storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });

  it('a user who is not logged in cannot sign', async () => {
    const { gatehouse } = await walletClient({ loggedIn: false });
    await expect(gatehouse.call('signMessage', ['x'])).rejects.toMatchObject({
      code: 'must_be_authenticated',
      message: 'User must be authenticated before signing',
    });
    const typed = {
      domain: { name: 'Acme' },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail',
      message: { contents: 'x' },
    };
    await expect(gatehouse.call('signTypedData', [typed])).rejects.toMatchObject({
      message: 'User must be authenticated before signing',
    });
  });
});

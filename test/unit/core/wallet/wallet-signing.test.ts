/**
 * The embedded wallet in core over a wallet client whose frame holds a real key (ethers): signing
 * (§4.6). EMBEDDED_WALLET_SIGN_REQUEST_SCREEN frames the provider-origin surface, where the frame
 * shows what it signs and the user approves it; closing before rejects with 4001 and the frame
 * drops the request.
 */

import { verifyMessage, verifyTypedData } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletUi } from '../../../../src/core/wallet/embedded/index.js';
import { STORAGE_KEYS } from '../../../../src/protocol/constants.js';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { API_URL, APP_ID } from '../../helpers/fake-provider.js';
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
  it("signMessage: the sign screen frames the surface's review; the frame signs on the approval there, 'Success', closed after 1400 ms", async () => {
    const { gatehouse, frame } = await walletClient();
    const signed = gatehouse.call('signMessage', [
      'Hello from Acme',
      { title: 'Sign in to Acme' },
    ]) as Promise<string>;
    // The frame's review, built from the very request it will sign.
    expect(await frame.surface.shows('sign-message')).toEqual({
      kind: 'sign-message',
      address: frame.address,
      message: 'Hello from Acme',
    });
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletSignRequest);
    const prompt = frame.surface.current()!;
    const { sign, surface } = walletUi(gatehouse.ctx).get();
    expect(sign).toEqual({
      kind: 'message',
      uiOptions: { title: 'Sign in to Acme' },
      status: 'ready',
      error: null,
    });
    expect(surface).toMatchObject({ prompt: prompt.id, kind: 'sign-message', height: 0 });
    const url = new URL(surface!.url);
    expect(url.origin + url.pathname).toBe(`${API_URL}/apps/${APP_ID}/embedded-wallets/surface`);
    expect(url.searchParams.get('prompt')).toBe(prompt.id);
    expect(url.searchParams.get('origin')).toBe('https://shop.test');
    // The request is with the frame, which answers nothing before the user does.
    const rpc = frame.received.find((m) => m.type === 'wallet:rpc')!;
    expect(rpc.data).toMatchObject({ request: { method: 'personal_sign' } });
    expect(rpc.data).not.toHaveProperty('silent');
    expect(frame.replyTo(rpc.id)).toBeUndefined();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await frame.surface.approve('sign-message');
    const signature = await signed;
    expect(verifyMessage('Hello from Acme', signature)).toBe(frame.address);
    expect(walletUi(gatehouse.ctx).get().sign?.status).toBe('done');
    expect(walletUi(gatehouse.ctx).get().surface).toBeNull();
    await vi.advanceTimersByTimeAsync(1399);
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletSignRequest);
    await vi.advanceTimersByTimeAsync(1);
    expect(screen(gatehouse)).toBeNull();
  });

  it('signTypedData: the surface shows the domain rows and the message; the signature recovers to the wallet', async () => {
    const { gatehouse, frame } = await walletClient();
    const signed = gatehouse.call('signTypedData', [TYPED]) as Promise<string>;
    expect(await frame.surface.shows('sign-typed-data')).toEqual({
      kind: 'sign-typed-data',
      address: frame.address,
      primaryType: 'Order',
      domain: [
        ['name', 'Acme'],
        ['version', '1'],
        ['chainId', '31337'],
        ['verifyingContract', '0x000000000000000000000000000000000000dEaD'],
      ],
      message: JSON.stringify(TYPED.message, null, 2),
    });
    expect(walletUi(gatehouse.ctx).get().sign).toMatchObject({ kind: 'typedData', status: 'ready' });
    await frame.surface.approve();
    expect(verifyTypedData(TYPED.domain, TYPED.types, TYPED.message, await signed)).toBe(frame.address);
  });

  it('closing the sign screen before the approval rejects with 4001 and the frame gives the request up; an empty message is refused', async () => {
    const { gatehouse, frame } = await walletClient();
    const signed = gatehouse.call('signMessage', ['Hello']) as Promise<string>;
    await frame.surface.shows('sign-message');
    gatehouse.ctx.modal.close();
    await expect(signed).rejects.toMatchObject({ code: 4001 });
    const rpc = frame.received.find((m) => m.type === 'wallet:rpc')!;
    expect(frame.received.find((m) => m.type === 'wallet:cancel')?.data).toEqual({ request: rpc.id });
    await vi.waitFor(() => expect(frame.replyTo(rpc.id)).toMatchObject({ error: { type: 'user_rejected' } }));
    expect(frame.surface.current()).toBeUndefined();
    await expect(gatehouse.call('signMessage', [''])).rejects.toMatchObject({
      code: 'invalid_message',
      message: 'Message must be a non-empty string',
    });
  });

  it("the surface's Cancel rejects with 4001 too, and closes the modal", async () => {
    const { gatehouse, frame } = await walletClient();
    const signed = gatehouse.call('signMessage', ['Hello']) as Promise<string>;
    await frame.surface.cancel();
    await expect(signed).rejects.toMatchObject({ code: 4001 });
    await vi.waitFor(() => expect(screen(gatehouse)).toBeNull());
  });

  it('noPromptOnSignature is refused while the app enforces its wallet UIs; with them off it signs at once, without a screen', async () => {
    const enforced = await walletClient({ host: { embeddedWallets: { noPromptOnSignature: true } } });
    await expect(enforced.gatehouse.call('signMessage', ['quick'])).rejects.toMatchObject({
      type: 'client_error',
      code: 'invalid_config',
      message:
        'noPromptOnSignature requires wallet UIs to be disabled for this app (enforce_wallet_uis is on): the user approves every signature in the wallet',
    });
    expect(enforced.frame.received.some((m) => m.type === 'wallet:rpc')).toBe(false);

    const { gatehouse, frame } = await walletClient({
      app: { enforce_wallet_uis: false },
      host: { embeddedWallets: { noPromptOnSignature: true } },
    });
    const signature = (await gatehouse.call('signMessage', ['quick'])) as string;
    expect(verifyMessage('quick', signature)).toBe(frame.address);
    expect(frame.received.find((m) => m.type === 'wallet:rpc')?.data).toMatchObject({ silent: true });
    expect(frame.surface.prompts).toEqual([]);
    expect(screen(gatehouse)).toBeNull();
  });

  it('a signature without a review that the frame fails to make rejects with unable_to_sign', async () => {
    const { gatehouse } = await walletClient({
      app: { enforce_wallet_uis: false },
      host: { embeddedWallets: { noPromptOnSignature: true } },
      frame: {
        override: (message) =>
          message.type === 'wallet:rpc'
            ? { error: { type: 'error', message: 'Embedded wallet error' } }
            : undefined,
      },
    });
    await expect(gatehouse.call('signMessage', ['quick'])).rejects.toMatchObject({
      code: 'unable_to_sign',
      message: 'Embedded wallet error',
    });
  });

  it('logging out tells the frame to forget first (wallet:clear), while the session still stands', async () => {
    let sessionAtClear: string | null | undefined;
    const page: { storage?: Storage | { getItem(key: string): string | null } } = {};
    const client = await walletClient({
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
    const signing = gatehouse.call('signMessage', ['before']);
    await frame.surface.approve('sign-message');
    await signing;
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

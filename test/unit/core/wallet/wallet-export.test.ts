/**
 * The embedded wallet in core over a wallet client whose frame holds a real key (ethers): the key export view (§2.3).
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletUi } from '../../../../src/core/wallet/embedded/index.js';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { EXPORT_VIEW_MESSAGES } from '../../../../src/protocol/wallet-device-frame.js';
import { screen } from '../../helpers/wallet-flows.js';
import { PROVIDER_ORIGIN } from './ethers-frame.js';
import { walletClient } from './wallet-client.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('export (§2.3)', () => {
  it('EMBEDDED_WALLET_KEY_EXPORT_SCREEN gets the export view URL with the §2.3 parameters after at least 1 s', async () => {
    const { gatehouse, frame } = await walletClient();
    await vi.waitFor(() => expect(frame.received.map((m) => m.type)).toContain('wallet:connect'));
    const started = Date.now();
    const exported = gatehouse.call('exportWallet', []);
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletKeyExport));
    expect(walletUi(gatehouse.ctx).get().export.url).toBeNull();
    await vi.waitFor(() => expect(walletUi(gatehouse.ctx).get().export.url).not.toBeNull(), {
      timeout: 3000,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    const url = new URL(walletUi(gatehouse.ctx).get().export.url!);
    expect(url.pathname).toMatch(/\/apps\/[^/]+\/embedded-wallets\/export$/);
    expect(url.searchParams.get('address')).toBe(frame.address);
    expect(url.searchParams.get('origin')).toBe('https://shop.test');
    for (const name of ['width', 'caid', 'background', 'foreground', 'accent', 'channel']) {
      expect(url.searchParams.get(name)).toBeTruthy();
    }
    // The token is nowhere in the address: the view asks its parent for it.
    const token = (await gatehouse.ctx.session.getAccessToken()) as string;
    expect(url.toString()).not.toContain(token);
    const channel = url.searchParams.get('channel') as string;
    const view = { postMessage: vi.fn() };
    const ready = { source: 'gatehouse', type: EXPORT_VIEW_MESSAGES.ready, channel };
    frame.post(ready, 'https://evil.example', view);
    frame.post({ ...ready, channel: 'another' }, PROVIDER_ORIGIN, view);
    frame.post(ready, PROVIDER_ORIGIN, view);
    await vi.waitFor(() => expect(view.postMessage).toHaveBeenCalledTimes(1));
    expect(view.postMessage).toHaveBeenCalledWith(
      { source: 'gatehouse', type: EXPORT_VIEW_MESSAGES.token, channel, accessToken: token },
      PROVIDER_ORIGIN,
    );
    gatehouse.ctx.modal.close();
    await expect(exported).resolves.toBeUndefined();
    // Closed, it answers no more.
    frame.post(ready, PROVIDER_ORIGIN, view);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.postMessage).toHaveBeenCalledTimes(1);
  });
});

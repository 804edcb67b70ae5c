/**
 * The embedded wallet in core over a wallet client whose frame holds a real key (ethers): the key export view (§2.3).
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletUi } from '../../../../src/core/wallet/embedded/index.js';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { screen } from '../../helpers/wallet-flows.js';
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
    expect(url.searchParams.get('token')).toBe(await gatehouse.ctx.session.getAccessToken());
    expect(url.searchParams.get('origin')).toBe('https://shop.test');
    for (const name of ['width', 'caid', 'background', 'foreground', 'accent']) {
      expect(url.searchParams.get(name)).toBeTruthy();
    }
    gatehouse.ctx.modal.close();
    await expect(exported).resolves.toBeUndefined();
  });
});

/**
 * The embedded wallet in core over a wallet client whose frame holds a real key (ethers): the key
 * export (§2.3). EMBEDDED_WALLET_KEY_EXPORT_SCREEN frames the provider-origin surface, shown at
 * least 1 s after the call; the frame shows the key there after a click there, and it never
 * reaches this page.
 */

import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletUi } from '../../../../src/core/wallet/embedded/index.js';
import { SCREENS } from '../../../../src/protocol/screens.js';
import { screen } from '../../helpers/wallet-flows.js';
import { PROVIDER_ORIGIN } from './ethers-frame.js';
import { walletClient } from './wallet-client.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('export (§2.3)', () => {
  it('EMBEDDED_WALLET_KEY_EXPORT_SCREEN asks the frame after at least 1 s; the key shows in the surface only, after Reveal there', async () => {
    const { gatehouse, frame } = await walletClient();
    await vi.waitFor(() => expect(frame.received.map((m) => m.type)).toContain('wallet:connect'));
    const started = Date.now();
    const exported = gatehouse.call('exportWallet', []);
    await vi.waitFor(() => expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletKeyExport));
    expect(walletUi(gatehouse.ctx).get().surface).toBeNull();
    expect(await frame.surface.shows('export')).toEqual({
      kind: 'export',
      address: frame.address,
      privateKey: null,
    });
    const request = frame.received.find((m) => m.type === 'wallet:export')!;
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(request.data).toEqual({ accessToken: expect.any(String), address: frame.address });
    const prompt = frame.surface.current()!;
    const surface = walletUi(gatehouse.ctx).get().surface!;
    expect(surface).toMatchObject({ prompt: prompt.id, kind: 'export' });
    const url = new URL(surface.url);
    expect(url.pathname).toMatch(/\/apps\/[^/]+\/embedded-wallets\/surface$/);
    expect(url.searchParams.get('prompt')).toBe(prompt.id);
    expect(url.searchParams.get('origin')).toBe('https://shop.test');
    // The look (background, accent…) is the widget's to add (ProviderSurface).
    expect(url.searchParams.get('caid')).toBeTruthy();
    // The token is nowhere in the address.
    const token = (await gatehouse.ctx.session.getAccessToken()) as string;
    expect(surface.url).not.toContain(token);

    await frame.surface.approve('export');
    await vi.waitFor(() =>
      expect(frame.surface.latest()?.view).toMatchObject({ privateKey: frame.wallet.privateKey }),
    );
    // Shown in the surface: no message to this page carries it.
    expect(JSON.stringify(frame.sent)).not.toContain(frame.wallet.privateKey.slice(2));
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletKeyExport);

    gatehouse.ctx.modal.close();
    await expect(exported).resolves.toBeUndefined();
    expect(frame.received.find((m) => m.type === 'wallet:cancel')?.data).toEqual({ request: request.id });
    await vi.waitFor(() => expect(frame.replyTo(request.id)).toMatchObject({ data: { closed: true } }));
    expect(frame.surface.current()).toBeUndefined();
    expect(walletUi(gatehouse.ctx).get().surface).toBeNull();
  });

  it("the surface's size and Escape, from the provider's origin and for the prompt shown only", async () => {
    const { gatehouse, frame } = await walletClient();
    const exported = gatehouse.call('exportWallet', []);
    await frame.surface.shows('export');
    const prompt = frame.surface.current()!.id;
    const surfaceWindow = {};
    const size = (height: unknown, origin = PROVIDER_ORIGIN, shown = prompt) =>
      frame.post(
        { source: 'gatehouse', type: 'gatehouse:surface:size', prompt: shown, height },
        origin,
        surfaceWindow,
      );
    size(312.4);
    expect(walletUi(gatehouse.ctx).get().surface?.height).toBe(312);
    size(500, 'https://evil.test');
    size(500, PROVIDER_ORIGIN, 'another-prompt');
    size('500');
    expect(walletUi(gatehouse.ctx).get().surface?.height).toBe(312);
    size(1e6);
    expect(walletUi(gatehouse.ctx).get().surface?.height).toBe(2000);
    const escaped = { source: 'gatehouse', type: 'gatehouse:surface:escape', prompt };
    frame.post(escaped, 'https://evil.test', surfaceWindow);
    frame.post({ ...escaped, prompt: 'another-prompt' }, PROVIDER_ORIGIN, surfaceWindow);
    expect(screen(gatehouse)).toBe(SCREENS.embeddedWalletKeyExport);
    // Escape pressed inside the surface: the screen closes as for Escape anywhere else.
    frame.post(escaped, PROVIDER_ORIGIN, surfaceWindow);
    await expect(exported).resolves.toBeUndefined();
    expect(screen(gatehouse)).toBeNull();
  });
});

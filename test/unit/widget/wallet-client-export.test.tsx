/**
 * exportWallet over the real wallet client: 'Export wallet' frames the provider-origin surface,
 * where the frame shows the key after Reveal there; the key never reaches this page.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { framedSurface, loggedInWithWallet } from '../helpers/wallet-client-ui.js';
import { button, cleanupWidget, dialog, dialogName } from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

describe("EMBEDDED_WALLET_KEY_EXPORT_SCREEN ('Export wallet') over the wallet client", () => {
  it('exportWallet: after at least 1 s the surface in a titled frame; the key shown there only; Close ends it', async () => {
    const { gatehouse, shadow, frame } = await loggedInWithWallet();
    const started = Date.now();
    const exported = gatehouse.call('exportWallet', []) as Promise<unknown>;
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Export wallet'), { timeout: 3000 });
    await frame.surface.shows('export');
    const surface = await vi.waitFor(() => framedSurface(shadow), { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    expect(surface).toMatchObject({ title: 'Export wallet', kind: 'export', inputs: 0 });
    expect(surface.prompt).toBe(frame.surface.current()?.id);
    const token = (await gatehouse.ctx.session.getAccessToken()) as string;
    expect(surface.iframe.getAttribute('src')).not.toContain(token);

    await frame.surface.approve('export');
    await vi.waitFor(() =>
      expect(frame.surface.latest()?.view).toMatchObject({ privateKey: frame.wallet.privateKey }),
    );
    expect(dialog(shadow)?.textContent).not.toContain(frame.wallet.privateKey);
    expect(JSON.stringify(frame.sent)).not.toContain(frame.wallet.privateKey.slice(2));

    button(shadow, 'Close').click();
    await exported;
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
    const request = frame.received.find((m) => m.type === 'wallet:export')!;
    await vi.waitFor(() => expect(frame.replyTo(request.id)).toMatchObject({ data: { closed: true } }));
  });
});

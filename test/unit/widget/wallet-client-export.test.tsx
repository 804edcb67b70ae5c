/**
 * exportWallet over the real wallet client: the provider-origin export view ('Transfer wallet').
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_URL } from '../helpers/fake-provider.js';
import { ADDRESS, loggedInWithWallet } from '../helpers/wallet-client-ui.js';
import { button, cleanupWidget, dialog, dialogName } from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

describe("EMBEDDED_WALLET_KEY_EXPORT_SCREEN ('Transfer wallet') over the wallet client", () => {
  it('exportWallet: after at least 1 s, the provider-origin export view with the §2.3 query; the key never in this page', async () => {
    const happy = (window as unknown as { happyDOM?: { settings: { disableIframePageLoading: boolean } } })
      .happyDOM;
    if (happy) happy.settings.disableIframePageLoading = true;
    const { gatehouse, shadow } = await loggedInWithWallet();
    const started = Date.now();
    const exported = gatehouse.call('exportWallet', []) as Promise<unknown>;
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Transfer wallet'), { timeout: 3000 });
    await vi.waitFor(() => expect(shadow.querySelector('iframe')).not.toBeNull(), { timeout: 3000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
    const src = new URL(shadow.querySelector('iframe')!.getAttribute('src')!);
    expect(src.origin).toBe(new URL(API_URL).origin);
    expect(src.pathname).toMatch(/^\/apps\/[^/]+\/embedded-wallets\/export$/);
    expect(src.searchParams.get('address')).toBe(ADDRESS);
    expect(src.searchParams.get('token')).toBeNull();
    expect(src.searchParams.get('channel')).toBeTruthy();
    expect(src.searchParams.get('width')).toBeTruthy();
    expect(shadow.querySelector('iframe')!.getAttribute('title')).toBe('Transfer wallet');
    button(shadow, 'Close').click();
    await exported;
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
  });
});

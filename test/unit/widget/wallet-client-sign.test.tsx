/**
 * signMessage over the real wallet client: the sign screen frames the provider-origin surface,
 * where the frame (a protocol peer on this page) shows the message and the user signs; this page
 * holds no approval control.
 */
import { verifyMessage } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { framedSurface, loggedInWithWallet } from '../helpers/wallet-client-ui.js';
import { button, cleanupWidget, dialog, dialogName } from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

const failed = (promise: Promise<unknown>) => promise.catch((error: { code?: unknown }) => error);

describe('EMBEDDED_WALLET_SIGN_REQUEST_SCREEN over the wallet client', () => {
  it("signMessage: the surface shows the message and holds Sign; the frame signs after the click there; 'Success', closed after 1400 ms", async () => {
    const { gatehouse, shadow, frame } = await loggedInWithWallet();
    const signed = gatehouse.call('signMessage', ['Hello from Acme']) as Promise<string>;
    expect(await frame.surface.shows('sign-message')).toMatchObject({ message: 'Hello from Acme' });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Sign message'), { timeout: 3000 });
    const surface = framedSurface(shadow);
    expect(surface).toMatchObject({ title: 'Sign message', kind: 'sign-message', inputs: 0 });
    expect(surface.prompt).toBe(frame.surface.current()?.id);
    // The message is the surface's to show, and the approval its to take.
    expect(dialog(shadow)?.textContent).not.toContain('Hello from Acme');
    expect(surface.buttons).not.toContain('Sign and continue');
    expect(surface.buttons).not.toContain('Sign');
    const rpc = frame.received.find((m) => m.type === 'wallet:rpc')!;
    expect(rpc.data.request).toEqual({
      method: 'personal_sign',
      params: ['Hello from Acme', frame.address],
    });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await frame.surface.approve('sign-message');
    // The frame answers at once: only promises to settle, no time passes.
    for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(0);
    expect(shadow.querySelector('[role="status"]')?.textContent).toBe('Success');
    expect(shadow.querySelector('iframe')).toBeNull();
    expect(verifyMessage('Hello from Acme', await signed)).toBe(frame.address);
    await vi.advanceTimersByTimeAsync(1399);
    expect(dialog(shadow)).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(dialog(shadow)).toBeNull();
  });

  it('closing the dialog rejects the call with 4001, and the frame gives the request up', async () => {
    const { gatehouse, shadow, frame } = await loggedInWithWallet();
    const outcome = failed(gatehouse.call('signMessage', ['Hello']) as Promise<unknown>);
    await frame.surface.shows('sign-message');
    await vi.waitFor(() => framedSurface(shadow), { timeout: 3000 });
    button(shadow, 'Close').click();
    expect(await outcome).toMatchObject({ code: 4001 });
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
    const rpc = frame.received.find((m) => m.type === 'wallet:rpc')!;
    expect(frame.received.find((m) => m.type === 'wallet:cancel')?.data).toEqual({ request: rpc.id });
    await vi.waitFor(() => expect(frame.replyTo(rpc.id)).toMatchObject({ error: { type: 'user_rejected' } }));
  });

  it("the surface's Cancel rejects the call with 4001 and closes the modal", async () => {
    const { gatehouse, shadow, frame } = await loggedInWithWallet();
    const outcome = failed(gatehouse.call('signMessage', ['Hello']) as Promise<unknown>);
    await vi.waitFor(() => framedSurface(shadow), { timeout: 3000 });
    await frame.surface.cancel();
    expect(await outcome).toMatchObject({ code: 4001 });
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
  });
});

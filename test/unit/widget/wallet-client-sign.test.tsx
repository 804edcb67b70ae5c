/**
 * signMessage over the real wallet client: the sign screen, the frame (a protocol peer on this page) signs.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADDRESS, loggedInWithWallet, SIGNATURE } from '../helpers/wallet-client-ui.js';
import { button, cleanupWidget, dialog, dialogName } from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

describe('EMBEDDED_WALLET_SIGN_REQUEST_SCREEN over the wallet client', () => {
  it("signMessage: the message on screen, 'Sign and continue' signs in the frame, 'Success', closed after 1400 ms", async () => {
    const { gatehouse, shadow, frame } = await loggedInWithWallet();
    const signed = gatehouse.call('signMessage', ['Hello from Acme']) as Promise<unknown>;
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Sign message'), { timeout: 3000 });
    expect(shadow.querySelector('pre')?.textContent).toBe('Hello from Acme');
    expect(frame.received.some((m) => m.type === 'wallet:rpc')).toBe(false);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    button(shadow, 'Sign and continue').click();
    // The frame answers at once: only promises to settle, no time passes (vi.waitFor would advance the clock).
    for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(0);
    expect(shadow.querySelector('[role="status"]')?.textContent).toBe('Success');
    const rpc = frame.received.find((m) => m.type === 'wallet:rpc')!;
    expect(rpc.data.request).toEqual({ method: 'personal_sign', params: ['Hello from Acme', ADDRESS] });
    await expect(signed).resolves.toBe(SIGNATURE);
    await vi.advanceTimersByTimeAsync(1399);
    expect(dialog(shadow)).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(dialog(shadow)).toBeNull();
  });

  it("'Cancel' rejects the call with 4001 and closes the modal", async () => {
    const { gatehouse, shadow, frame } = await loggedInWithWallet();
    const signed = gatehouse.call('signMessage', ['Hello']) as Promise<unknown>;
    const outcome = signed.then(
      () => null,
      (error: { code?: unknown }) => error,
    );
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Sign message'), { timeout: 3000 });
    button(shadow, 'Cancel').click();
    expect(await outcome).toMatchObject({ code: 4001 });
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
    expect(frame.received.some((m) => m.type === 'wallet:rpc')).toBe(false);
  });
});

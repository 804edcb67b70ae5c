/**
 * setWalletPassword over the real wallet client: the splash, then the password set in the
 * provider-origin surface the screen frames (the frame re-splits under it), then 'Success'.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { framedSurface, loggedInWithWallet } from '../helpers/wallet-client-ui.js';
import { button, cleanupWidget, dialog, dialogName } from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

describe('setWalletPassword over the wallet client', () => {
  it("'Secure your account', then the surface's set-up under 'Create a password', then 'Success'; the password never in this page", async () => {
    const { gatehouse, shadow, frame } = await loggedInWithWallet();
    const done = gatehouse.call('setWalletPassword', []) as Promise<unknown>;
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Secure your account'), { timeout: 3000 });
    button(shadow, 'Continue').click();
    expect(await frame.surface.shows('password-set')).toEqual({
      kind: 'password-set',
      purpose: 'update',
      automatic: false,
    });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Create a password'));
    const surface = await vi.waitFor(() => framedSurface(shadow));
    expect(surface).toMatchObject({ title: 'Create a password', kind: 'password-set', inputs: 0 });
    expect(surface.prompt).toBe(frame.surface.current()?.id);

    await frame.surface.password('Sw0rdfish!!xy', 'password-set');
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Success'));
    await expect(done).resolves.toMatchObject({ recoveryMethod: 'user-passcode' });
    expect(frame.recoveryPassword).toBe('Sw0rdfish!!xy');
    expect(shadow.querySelector('iframe')).toBeNull();
    expect(dialog(shadow)?.textContent).not.toContain('Sw0rdfish!!xy');
    expect(JSON.stringify(frame.received)).not.toContain('Sw0rdfish!!xy');
    expect(gatehouse.ctx.stores.$user.get()?.wallet?.recoveryMethod).toBe('user-passcode');
    button(shadow, 'Close').click();
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
  });
});

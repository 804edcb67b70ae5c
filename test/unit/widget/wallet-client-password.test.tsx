/**
 * setWalletPassword over the real wallet client: the splash and the five steps, the frame gets the password.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmPasswordAndFinish, loggedInWithWallet } from '../helpers/wallet-client-ui.js';
import { button, cleanupWidget, dialog, dialogName, textbox, type } from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

describe('setWalletPassword over the wallet client: the splash and the five steps', () => {
  it("'Secure your account', then creating, saving, confirming, finalizing and 'Success'; the frame gets the password", async () => {
    const { gatehouse, shadow, frame } = await loggedInWithWallet();
    const done = gatehouse.call('setWalletPassword', []) as Promise<unknown>;
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Secure your account'), { timeout: 3000 });
    button(shadow, 'Continue').click();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Create a password'));
    type(textbox(shadow, 'Password'), 'Sw0rdfish!!xy');
    await vi.waitFor(() => expect(button(shadow, 'Continue').disabled).toBe(false));
    expect(shadow.querySelector('[role="meter"]')?.getAttribute('aria-valuetext')).toBe('Strong');
    button(shadow, 'Continue').click();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Save your password'));
    expect(dialog(shadow)?.textContent).toContain('Sw0rdfish!!xy');
    expect(button(shadow, 'Download acme-shop-gatehouse-wallet-recovery.txt')).toBeTruthy();
    await confirmPasswordAndFinish(shadow, 'Sw0rdfish!!xy');
    await done;
    const set = frame.received.find((m) => m.type === 'wallet:set-recovery-password')!;
    expect(set.data.recoveryPassword).toBe('Sw0rdfish!!xy');
    // The password left the screen with the flow.
    expect(dialog(shadow)?.textContent).not.toContain('Sw0rdfish!!xy');
  });
});

/**
 * Silent recovery on a new device needs a recent login (issue 11): when the frame answers
 * recent_login_required, EMBEDDED_WALLET_CONNECTING_SCREEN says so and 'Log in again' logs the
 * user out and opens the login.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultAnswer, loggedInWithWallet } from '../helpers/wallet-client-ui.js';
import { button, cleanupWidget, dialog, textbox } from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

describe('a wallet on a new device after an old login', () => {
  it("shows why it cannot recover, and 'Log in again' logs out and opens the login", async () => {
    const { gatehouse, shadow } = await loggedInWithWallet({
      answer: (message) => {
        if (message.type === 'wallet:connect') {
          return { error: { type: 'wallet_not_on_device', message: 'No device share' } };
        }
        if (message.type === 'wallet:recover') {
          return { error: { type: 'recent_login_required', message: 'Log in again' } };
        }
        return defaultAnswer(message);
      },
    });
    const signed = (gatehouse.call('signMessage', ['Hello']) as Promise<unknown>).catch((e: unknown) => e);
    await vi.waitFor(
      () =>
        expect(shadow.querySelector('[role="alert"]')?.textContent).toBe(
          'For your security, log in again to use your wallet on this device.',
        ),
      { timeout: 3000 },
    );
    button(shadow, 'Log in again').click();
    await vi.waitFor(() => expect(gatehouse.ctx.stores.$authenticated.get()).toBe(false));
    await vi.waitFor(() => expect(textbox(shadow, 'Email address')).toBeTruthy(), { timeout: 3000 });
    expect(dialog(shadow)?.textContent).toContain('Log in or sign up');
    expect(await signed).toBeTruthy();
  });
});

/**
 * The recovery screen ('Load your account') over the real wallet client: a password wallet not on this device.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultAnswer, loggedInWithWallet, SIGNATURE } from '../helpers/wallet-client-ui.js';
import { button, cleanupWidget, dialogName, textbox, type } from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

describe("EMBEDDED_WALLET_RECOVERY_SCREEN ('Load your account') over the wallet client", () => {
  it("a 'user-passcode' wallet not on this device asks for the password; a wrong one is refused, the right one signs", async () => {
    let onDevice = false;
    const { gatehouse, shadow, frame } = await loggedInWithWallet({
      recoveryMethod: 'user-passcode',
      answer: (message) => {
        if (message.type === 'wallet:connect' && !onDevice) {
          return { error: { type: 'wallet_not_on_device', message: 'No device share' } };
        }
        if (message.type === 'wallet:recover') {
          if (message.data.recoveryPin !== 'Right-pass1') {
            return { error: { type: 'invalid_recovery_pin', message: 'Wrong password' } };
          }
          onDevice = true;
        }
        return defaultAnswer(message);
      },
    });
    // The silent connect of the restored session has run (and, for a password wallet, stopped short).
    await vi.waitFor(() => expect(frame.received.some((m) => m.type === 'wallet:connect')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const signed = gatehouse.call('signMessage', ['Hello again']) as Promise<unknown>;
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Load your account'), { timeout: 3000 });

    type(textbox(shadow, 'Recovery password'), 'wrong-pass');
    await vi.waitFor(() => expect(button(shadow, 'Continue').disabled).toBe(false));
    button(shadow, 'Continue').click();
    await vi.waitFor(() =>
      expect(shadow.querySelector('[role="alert"]')?.textContent).toBe(
        'Invalid recovery password, please try again.',
      ),
    );
    expect(dialogName(shadow)).toBe('Load your account');

    type(textbox(shadow, 'Recovery password'), 'Right-pass1');
    await vi.waitFor(() => expect(textbox(shadow, 'Recovery password').value).toBe('Right-pass1'));
    button(shadow, 'Continue').click();
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Sign message'), { timeout: 3000 });
    button(shadow, 'Sign and continue').click();
    await expect(signed).resolves.toBe(SIGNATURE);
    expect(frame.received.filter((m) => m.type === 'wallet:recover').map((m) => m.data.recoveryPin)).toEqual([
      'wrong-pass',
      'Right-pass1',
    ]);
  });
});

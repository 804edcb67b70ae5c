/**
 * The recovery screen ('Load your account') over the real wallet client: a 'user-passcode' wallet
 * not on this device. The provider-origin surface asks for the step-up (a code mailed to the user:
 * a login is not enough) and the recovery password; this page frames it and holds neither.
 */
import { verifyMessage } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STEP_UP_CODE } from '../core/wallet/ethers-frame.js';
import { framedSurface, loggedInWithWallet } from '../helpers/wallet-client-ui.js';
import { cleanupWidget, dialog, dialogName } from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

describe("EMBEDDED_WALLET_RECOVERY_SCREEN ('Load your account') over the wallet client", () => {
  it("a 'user-passcode' wallet not on this device: the step-up, then the password, in the surface; then the signature", async () => {
    const { gatehouse, shadow, frame } = await loggedInWithWallet({
      recoveryMethod: 'user-passcode',
      frame: { onDevice: false, password: 'Right-pass1' },
    });
    // The silent connect of the restored session has run and stopped short: no recovery in the background.
    await vi.waitFor(() => expect(frame.received.some((m) => m.type === 'wallet:connect')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(frame.received.some((m) => m.type === 'wallet:recover')).toBe(false);
    expect(dialog(shadow)).toBeNull();

    const signed = gatehouse.call('signMessage', ['Hello again']) as Promise<string>;
    await frame.surface.shows('verify');
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Load your account'), { timeout: 3000 });
    const verify = framedSurface(shadow);
    expect(verify).toMatchObject({ title: 'Load your account', kind: 'verify', inputs: 0 });
    expect(verify.prompt).toBe(frame.surface.current()?.id);
    await frame.surface.factor('email');
    await frame.surface.code(STEP_UP_CODE);

    await frame.surface.shows('password-enter');
    await vi.waitFor(() => expect(framedSurface(shadow).kind).toBe('password-enter'));
    expect(dialogName(shadow)).toBe('Load your account');
    expect(framedSurface(shadow).inputs).toBe(0);
    await frame.surface.password('wrong-pass', 'password-enter');
    await vi.waitFor(() =>
      expect(frame.surface.latest()?.state.error).toBe('Invalid recovery password, please try again.'),
    );
    // The refusal is the surface's to say: this page stays as it was.
    expect(dialogName(shadow)).toBe('Load your account');
    expect(shadow.querySelector('[role="alert"]')?.textContent ?? '').toBe('');

    await frame.surface.password('Right-pass1', 'password-enter');
    await frame.surface.shows('sign-message');
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Sign message'), { timeout: 3000 });
    await frame.surface.approve();
    expect(verifyMessage('Hello again', await signed)).toBe(frame.address);
    const recover = frame.received.find((m) => m.type === 'wallet:recover')!;
    expect(Object.keys(recover.data).sort()).toEqual(['accessToken', 'address']);
    expect(JSON.stringify(frame.received)).not.toMatch(new RegExp(`Right-pass1|wrong-pass|${STEP_UP_CODE}`));
  });
});

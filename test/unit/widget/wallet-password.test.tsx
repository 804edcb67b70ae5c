/**
 * The recovery password flow's screens (§4.6, §5): its steps — creating, saving, confirming,
 * finalizing — are the provider-origin surface's (test/unit/frame/surface-password.test.ts), so
 * the password is never typed in this page; the host frames the surface and shows 'done'.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREENS } from '../../../src/protocol/screens.js';
import { openWalletScreen, setWalletUi } from '../helpers/wallet-ui.js';
import { button, cleanupWidget, dialog, dialogName } from '../helpers/widget.js';

afterEach(() => {
  vi.useRealTimers();
  cleanupWidget();
});

const SURFACE = {
  url: 'https://provider.test/apps/app/embedded-wallets/surface?prompt=p1&origin=https%3A%2F%2Fshop.test',
  prompt: 'p1',
  kind: 'password-set' as const,
  height: 420,
};

const alert = (shadow: ShadowRoot) => shadow.querySelector('[role="alert"]')?.textContent ?? '';
/** The screen's own buttons (the dialog's Close aside). */
const own = (shadow: ShadowRoot) =>
  [...shadow.querySelectorAll<HTMLButtonElement>('[data-screen] button')].map((b) => b.textContent);

describe('the recovery password flow (EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN, §4.6, §5)', () => {
  it("the set-up: the surface framed under 'Create a password', no field, meter or Continue in this page", async () => {
    const { gatehouse, shadow } = await openWalletScreen(SCREENS.embeddedWalletPasswordUpdate, {
      password: { step: 'surface', automatic: false, error: null },
    });
    expect(dialogName(shadow)).toBe('Create a password');
    expect(shadow.querySelector('iframe')).toBeNull();
    setWalletUi(gatehouse, { surface: SURFACE });
    await vi.waitFor(() => expect(shadow.querySelector('iframe')).not.toBeNull());
    const frame = shadow.querySelector('iframe')!;
    expect(frame.getAttribute('title')).toBe('Create a password');
    // The modal's look follows the surface's own query (ProviderSurface).
    expect(frame.getAttribute('src')).toContain(`${SURFACE.url}&accent=`);
    expect(frame.style.height).toBe('420px');
    expect(dialog(shadow)?.querySelectorAll('input')).toHaveLength(0);
    expect(shadow.querySelector('[role="meter"]')).toBeNull();
    expect(own(shadow)).toEqual([]);
  });

  it("done: 'Success', what it means, and the screen's own Close (focused), which closes the modal", async () => {
    const { gatehouse, shadow } = await openWalletScreen(SCREENS.embeddedWalletPasswordUpdate, {
      password: { step: 'surface', automatic: false, error: null },
      surface: SURFACE,
    });
    setWalletUi(gatehouse, { password: { step: 'done' }, surface: null });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Success'));
    expect(shadow.querySelector('iframe')).toBeNull();
    expect(shadow.querySelector('[role="status"]')?.textContent).toBe(
      'Your wallet is secured with your password.',
    );
    const close = [...shadow.querySelectorAll<HTMLButtonElement>('[data-screen] button')].find(
      (b) => b.textContent === 'Close',
    )!;
    await vi.waitFor(() => expect(shadow.activeElement).toBe(close));
    close.click();
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
  });

  it("done with an error: 'Something went wrong' and the error; an automatic flow has no Close of its own", async () => {
    const { shadow } = await openWalletScreen(SCREENS.embeddedWalletPasswordUpdate, {
      password: { step: 'done', automatic: true, error: 'Error setting password on wallet' },
    });
    expect(dialogName(shadow)).toBe('Something went wrong');
    expect(alert(shadow)).toBe('Error setting password on wallet');
    expect(own(shadow)).toEqual([]);
  });
});

describe("EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN ('Secure your account')", () => {
  it('Continue begins the flow, Cancel leaves it', async () => {
    const { shadow, actions } = await openWalletScreen(SCREENS.embeddedWalletPasswordUpdateSplash);
    expect(dialogName(shadow)).toBe('Secure your account');
    await vi.waitFor(() => expect(shadow.activeElement).toBe(button(shadow, 'Continue')));
    button(shadow, 'Continue').click();
    expect(actions.beginWalletPassword).toHaveBeenCalledTimes(1);
    button(shadow, 'Cancel').click();
    expect(actions.cancelWalletPassword).toHaveBeenCalledTimes(1);
  });
});

describe('EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN', () => {
  it('with requireUserPasswordOnCreate, or when the frame asks for a password itself, the password set-up comes first', async () => {
    const required = await openWalletScreen(SCREENS.embeddedWalletOnAccountCreate, {
      create: { status: 'creating', passwordRequired: true },
      password: { step: 'surface', automatic: true, error: null },
      surface: SURFACE,
    });
    expect(dialogName(required.shadow)).toBe('Create a password');
    expect(required.shadow.querySelector('iframe')?.getAttribute('data-surface')).toBe('password-set');
    expect(own(required.shadow)).toEqual([]);
    cleanupWidget();

    // A user with nothing else to confirm a new device with: the frame asks, on the same screen.
    const asked = await openWalletScreen(SCREENS.embeddedWalletOnAccountCreate, {
      create: { status: 'creating', passwordRequired: false },
    });
    expect(dialogName(asked.shadow)).toBe('Creating your wallet…');
    setWalletUi(asked.gatehouse, { surface: SURFACE });
    await vi.waitFor(() => expect(dialogName(asked.shadow)).toBe('Create a password'));
    expect(asked.shadow.querySelector('iframe')?.getAttribute('title')).toBe('Create a password');
  });
});

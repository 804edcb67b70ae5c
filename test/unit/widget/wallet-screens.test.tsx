import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREENS } from '../../../src/protocol/screens.js';
import { openWalletScreen, setWalletUi } from '../helpers/wallet-ui.js';
import { button, cleanupWidget, dialog, dialogName } from '../helpers/widget.js';

afterEach(cleanupWidget);

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const alert = (shadow: ShadowRoot) => shadow.querySelector('[role="alert"]')?.textContent ?? '';
const status = (shadow: ShadowRoot) =>
  [...shadow.querySelectorAll('[role="status"]')].map((el) => el.textContent).join('|');

describe('wallet creation screens', () => {
  it('EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN: creating, then a failure as an alert', async () => {
    const { gatehouse, shadow } = await openWalletScreen(SCREENS.embeddedWalletOnAccountCreate, {
      create: { status: 'creating' },
    });
    expect(dialogName(shadow)).toBe('Creating your wallet…');
    expect(status(shadow)).toContain('This only takes a moment.');
    setWalletUi(gatehouse, {
      create: { status: 'error', error: 'An error has occurred, please try again.' },
    });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Something went wrong'));
    expect(alert(shadow)).toBe('An error has occurred, please try again.');
  });

  it('EMBEDDED_WALLET_CREATED_SCREEN: the new address (§9 short form) with Copy, Continue closes', async () => {
    const { shadow } = await openWalletScreen(SCREENS.embeddedWalletCreated, {
      create: { status: 'created', address: ADDRESS, isNewUser: true },
    });
    expect(dialogName(shadow)).toBe('Your wallet is ready');
    expect(dialog(shadow)?.textContent).toContain('0xf39…2266');
    expect(shadow.querySelector(`[title="${ADDRESS}"]`)).not.toBeNull();
    expect(button(shadow, 'Copy')).toBeTruthy();
    await vi.waitFor(() => expect(shadow.activeElement).toBe(button(shadow, 'Continue')));
    button(shadow, 'Continue').click();
    await vi.waitFor(() => expect(dialog(shadow)).toBeNull());
  });

  it('EMBEDDED_WALLET_CONNECTING_SCREEN: connecting, recovering, a failure', async () => {
    const { gatehouse, shadow } = await openWalletScreen(SCREENS.embeddedWalletConnecting, {
      connecting: { status: 'connecting' },
    });
    expect(dialogName(shadow)).toBe('Connecting your wallet');
    setWalletUi(gatehouse, { connecting: { status: 'recovering' } });
    await vi.waitFor(() => expect(dialogName(shadow)).toBe('Loading your wallet'));
    setWalletUi(gatehouse, { connecting: { status: 'error', error: 'Unable to connect to wallet' } });
    await vi.waitFor(() => expect(alert(shadow)).toBe('Unable to connect to wallet'));
  });
});

const surface = (kind: 'verify' | 'password-enter' | 'export') => ({
  url: `https://provider.test/apps/app/embedded-wallets/surface?prompt=p-${kind}&origin=https%3A%2F%2Fshop.test`,
  prompt: `p-${kind}`,
  kind,
  height: 280,
});

describe("EMBEDDED_WALLET_RECOVERY_SCREEN ('Load your account')", () => {
  it('frames the surface that asks for the step-up, then the recovery password: no field of its own', async () => {
    const { gatehouse, shadow } = await openWalletScreen(SCREENS.embeddedWalletRecovery, {
      surface: surface('verify'),
    });
    expect(dialogName(shadow)).toBe('Load your account');
    const frame = shadow.querySelector('iframe')!;
    expect(frame.getAttribute('title')).toBe('Load your account');
    // The modal's look follows the surface's own query (ProviderSurface).
    expect(frame.getAttribute('src')).toContain(`${surface('verify').url}&accent=`);
    expect(frame.getAttribute('data-surface')).toBe('verify');
    expect(dialog(shadow)?.querySelectorAll('input')).toHaveLength(0);
    expect(() => button(shadow, 'Continue')).toThrow();
    // The password's view is a new surface for the same request: the frame is replaced.
    setWalletUi(gatehouse, { surface: surface('password-enter') });
    await vi.waitFor(() =>
      expect(shadow.querySelector('iframe')?.getAttribute('data-surface')).toBe('password-enter'),
    );
    expect(shadow.querySelector('iframe')).not.toBe(frame);
    expect(dialog(shadow)?.querySelectorAll('input')).toHaveLength(0);
  });
});

describe("EMBEDDED_WALLET_KEY_EXPORT_SCREEN ('Export wallet')", () => {
  it('a spinner until the frame asks, then the surface in a titled frame; no key in this page', async () => {
    const { gatehouse, shadow } = await openWalletScreen(SCREENS.embeddedWalletKeyExport);
    expect(dialogName(shadow)).toBe('Export wallet');
    expect(shadow.querySelector('iframe')).toBeNull();
    setWalletUi(gatehouse, { surface: { ...surface('export'), height: 0 } });
    await vi.waitFor(() => expect(shadow.querySelector('iframe')).not.toBeNull());
    expect(status(shadow)).toContain('Loading the secure frame…');
    const frame = shadow.querySelector('iframe')!;
    // The modal's look follows the surface's own query (ProviderSurface).
    expect(frame.getAttribute('src')).toContain(`${surface('export').url}&accent=`);
    expect(frame.getAttribute('title')).toBe('Export wallet');
    // WebAuthn may run in any surface (a passkey step-up, a passkey recovery).
    expect(frame.getAttribute('allow')).toBe(
      'clipboard-write; publickey-credentials-get; publickey-credentials-create',
    );
    setWalletUi(gatehouse, { surface: { height: 320 } });
    await vi.waitFor(() => expect(frame.style.height).toBe('320px'));
    expect(status(shadow)).not.toContain('Loading the secure frame…');
    expect(dialog(shadow)?.textContent).not.toMatch(/0x[0-9a-f]{64}/);
  });
});

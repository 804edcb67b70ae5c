import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREENS } from '../../../src/protocol/screens.js';
import { openWalletScreen, setWalletUi } from '../helpers/wallet-ui.js';
import { button, cleanupWidget, dialog, dialogName, textbox, type } from '../helpers/widget.js';

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
    expect(dialogName(shadow)).toBe('Creating your wallet');
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

describe("EMBEDDED_WALLET_RECOVERY_SCREEN ('Load your account')", () => {
  it('submits the typed password; a wrong one shows the §8 text and the field stays', async () => {
    const { gatehouse, shadow, actions } = await openWalletScreen(SCREENS.embeddedWalletRecovery, {
      recovery: { address: ADDRESS, busy: false, error: null },
    });
    expect(dialogName(shadow)).toBe('Load your account');
    const field = textbox(shadow, 'Recovery password');
    expect(field.type).toBe('password');
    expect(field.autocomplete).toBe('current-password');
    await vi.waitFor(() => expect(shadow.activeElement).toBe(field));
    expect(button(shadow, 'Continue').disabled).toBe(true);
    type(field, 'wrong-pass');
    await vi.waitFor(() => expect(button(shadow, 'Continue').disabled).toBe(false));
    button(shadow, 'Continue').click();
    expect(actions.submitRecoveryPassword).toHaveBeenCalledWith('wrong-pass');

    setWalletUi(gatehouse, { recovery: { busy: true } });
    await vi.waitFor(() => expect(status(shadow)).toContain('Checking your password…'));
    expect(button(shadow, 'Continue').disabled).toBe(true);

    setWalletUi(gatehouse, {
      recovery: { busy: false, error: 'Invalid recovery password, please try again.' },
    });
    await vi.waitFor(() => expect(alert(shadow)).toBe('Invalid recovery password, please try again.'));
    expect(textbox(shadow, 'Recovery password').getAttribute('aria-invalid')).toBe('true');
    expect(textbox(shadow, 'Recovery password').value).toBe('wrong-pass');

    // Enter submits too.
    type(textbox(shadow, 'Recovery password'), 'Right-pass1');
    textbox(shadow, 'Recovery password').dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
    );
    expect(actions.submitRecoveryPassword).toHaveBeenLastCalledWith('Right-pass1');
  });
});

describe("EMBEDDED_WALLET_KEY_EXPORT_SCREEN ('Transfer wallet')", () => {
  it('waits for the URL, then shows the provider-origin export view in a titled frame; no key in this page', async () => {
    // The frame's page is the provider's business (test/unit/frame): happy-dom need not fetch it.
    const happy = (window as unknown as { happyDOM?: { settings: { disableIframePageLoading: boolean } } })
      .happyDOM;
    if (happy) happy.settings.disableIframePageLoading = true;
    const { gatehouse, shadow } = await openWalletScreen(SCREENS.embeddedWalletKeyExport, {
      export: { url: null, address: ADDRESS, width: 312 },
    });
    expect(dialogName(shadow)).toBe('Transfer wallet');
    expect(shadow.querySelector('iframe')).toBeNull();
    expect(status(shadow)).toContain('Loading the secure frame…');
    const url = `https://provider.test/apps/app/embedded-wallets/export?channel=c&address=${ADDRESS}&width=312`;
    setWalletUi(gatehouse, { export: { url } });
    await vi.waitFor(() => expect(shadow.querySelector('iframe')).not.toBeNull());
    const frame = shadow.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe(url);
    expect(frame.getAttribute('title')).toBe('Transfer wallet');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREENS } from '../../../src/protocol/screens.js';
import { openWalletScreen, setWalletUi } from '../helpers/wallet-ui.js';
import { button, cleanupWidget, dialog, dialogName } from '../helpers/widget.js';

afterEach(cleanupWidget);

const text = (shadow: ShadowRoot) => dialog(shadow)?.textContent ?? '';
const status = (shadow: ShadowRoot) =>
  [...shadow.querySelectorAll('[role="status"]')].map((el) => el.textContent).join('|');

describe('EMBEDDED_WALLET_SIGN_REQUEST_SCREEN', () => {
  it("shows the message, 'Cancel' and 'Sign and continue' (focused); signing then 'Success'", async () => {
    const { gatehouse, shadow, actions } = await openWalletScreen(SCREENS.embeddedWalletSignRequest, {
      sign: {
        kind: 'message',
        message: 'Hello from Acme',
        typedData: null,
        uiOptions: {},
        status: 'ready',
        error: null,
      },
    });
    expect(dialogName(shadow)).toBe('Sign message');
    expect(text(shadow)).toContain('Signing this message will not cost you any fees.');
    expect(shadow.querySelector('pre')?.textContent).toBe('Hello from Acme');
    await vi.waitFor(() => expect(shadow.activeElement).toBe(button(shadow, 'Sign and continue')));
    button(shadow, 'Sign and continue').click();
    expect(actions.approveSign).toHaveBeenCalledTimes(1);

    setWalletUi(gatehouse, { sign: { status: 'signing' } });
    await vi.waitFor(() => expect(status(shadow)).toContain('Signing…'));
    // A second press while signing does nothing.
    button(shadow, 'Sign and continue').click();
    expect(actions.approveSign).toHaveBeenCalledTimes(1);

    setWalletUi(gatehouse, { sign: { status: 'done' } });
    await vi.waitFor(() => expect(status(shadow)).toBe('Success'));
    expect(() => button(shadow, 'Sign and continue')).toThrow();
  });

  it("typed data: the domain rows and the message JSON, with the host's uiOptions", async () => {
    const { shadow, actions } = await openWalletScreen(SCREENS.embeddedWalletSignRequest, {
      sign: {
        kind: 'typedData',
        message: null,
        typedData: {
          primaryType: 'Mail',
          domain: [
            ['name', 'Ether Mail'],
            ['version', '1'],
            ['chainId', '31337'],
          ],
          message: '{\n  "contents": "Hello, Bob!"\n}',
        },
        uiOptions: { title: 'Sign the mail', description: 'It proves you wrote it.', buttonText: 'Sign it' },
        status: 'ready',
        error: null,
      },
    });
    expect(dialogName(shadow)).toBe('Sign the mail');
    const body = text(shadow);
    expect(body).toContain('It proves you wrote it.');
    expect(body).toContain('Ether Mail');
    expect(body).toContain('31337');
    expect(body).toContain('Message: Mail');
    expect(shadow.querySelector('pre')?.textContent).toContain('"contents": "Hello, Bob!"');
    button(shadow, 'Cancel').click();
    expect(actions.cancelWalletRequest).toHaveBeenCalledTimes(1);
    button(shadow, 'Sign it').click();
    expect(actions.approveSign).toHaveBeenCalledTimes(1);
  });

  it("a failed signature shows 'An error has occurred, please try again.' and may be tried again", async () => {
    const { shadow, actions } = await openWalletScreen(SCREENS.embeddedWalletSignRequest, {
      sign: {
        kind: 'message',
        message: 'Hello',
        typedData: null,
        uiOptions: {},
        status: 'error',
        error: 'An error has occurred, please try again.',
      },
    });
    expect(shadow.querySelector('[role="alert"]')?.textContent).toBe(
      'An error has occurred, please try again.',
    );
    button(shadow, 'Sign and continue').click();
    expect(actions.approveSign).toHaveBeenCalledTimes(1);
  });
});

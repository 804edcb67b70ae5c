/**
 * EMBEDDED_WALLET_SIGN_REQUEST_SCREEN (§4.6) around the provider-origin surface: the host's words,
 * the surface's iframe at the height it reported, 'Success', and a failure with Try again. What is
 * signed, and Sign itself, are the surface's (test/unit/frame/surface-reviews.test.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREENS } from '../../../src/protocol/screens.js';
import { openWalletScreen, setWalletUi } from '../helpers/wallet-ui.js';
import { button, cleanupWidget, dialog, dialogName } from '../helpers/widget.js';

afterEach(cleanupWidget);

const SURFACE = {
  url: 'https://provider.test/apps/app/embedded-wallets/surface?prompt=p1&origin=https%3A%2F%2Fshop.test',
  prompt: 'p1',
  kind: 'sign-message' as const,
  height: 0,
};

const text = (shadow: ShadowRoot) => dialog(shadow)?.textContent ?? '';
const status = (shadow: ShadowRoot) =>
  [...shadow.querySelectorAll('[role="status"]')].map((el) => el.textContent).join('|');
const buttons = (shadow: ShadowRoot) =>
  [...(dialog(shadow)?.querySelectorAll('button') ?? [])].map((b) => b.textContent);

describe('EMBEDDED_WALLET_SIGN_REQUEST_SCREEN', () => {
  it("frames the surface at the height it reports, with no message, input or Sign of its own; 'Success' after", async () => {
    const { gatehouse, shadow } = await openWalletScreen(SCREENS.embeddedWalletSignRequest, {
      sign: { kind: 'message', uiOptions: {}, status: 'ready', error: null },
    });
    // The frame has not asked yet: a spinner, no frame.
    expect(dialogName(shadow)).toBe('Sign message');
    expect(shadow.querySelector('iframe')).toBeNull();

    setWalletUi(gatehouse, { surface: SURFACE });
    await vi.waitFor(() => expect(shadow.querySelector('iframe')).not.toBeNull());
    const frame = shadow.querySelector('iframe')!;
    // The modal's look follows the surface's own query (ProviderSurface).
    expect(frame.getAttribute('src')).toContain(`${SURFACE.url}&accent=`);
    expect(frame.getAttribute('title')).toBe('Sign message');
    expect(frame.getAttribute('data-surface')).toBe('sign-message');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    // The surface heads itself: the dialog keeps its name for screen readers.
    expect(dialogName(shadow)).toBe('Sign message');
    expect(status(shadow)).toContain('Loading the secure frame…');
    expect(dialog(shadow)?.querySelectorAll('input')).toHaveLength(0);
    expect(buttons(shadow)).not.toContain('Sign');
    expect(buttons(shadow)).not.toContain('Sign and continue');

    setWalletUi(gatehouse, { surface: { height: 244 } });
    await vi.waitFor(() => expect(frame.style.height).toBe('244px'));
    expect(status(shadow)).not.toContain('Loading the secure frame…');

    setWalletUi(gatehouse, { sign: { status: 'done' }, surface: null });
    await vi.waitFor(() => expect(status(shadow)).toBe('Success'));
    expect(shadow.querySelector('iframe')).toBeNull();
  });

  it("the host's uiOptions title and description around the surface", async () => {
    const { shadow } = await openWalletScreen(SCREENS.embeddedWalletSignRequest, {
      sign: {
        kind: 'typedData',
        uiOptions: { title: 'Sign the mail', description: 'It proves you wrote it.' },
        status: 'ready',
        error: null,
      },
      surface: { ...SURFACE, kind: 'sign-typed-data' },
    });
    expect(dialogName(shadow)).toBe('Sign the mail');
    expect(text(shadow)).toContain('It proves you wrote it.');
    expect(shadow.querySelector('iframe')?.getAttribute('title')).toBe('Sign the mail');
  });

  it("a failed signature shows 'An error has occurred, please try again.' with Cancel and Try again", async () => {
    const { shadow, actions } = await openWalletScreen(SCREENS.embeddedWalletSignRequest, {
      sign: {
        kind: 'message',
        uiOptions: {},
        status: 'error',
        error: 'An error has occurred, please try again.',
      },
    });
    expect(dialogName(shadow)).toBe('Sign message');
    expect(shadow.querySelector('[role="alert"]')?.textContent).toBe(
      'An error has occurred, please try again.',
    );
    expect(shadow.querySelector('iframe')).toBeNull();
    await vi.waitFor(() => expect(shadow.activeElement).toBe(button(shadow, 'Try again')));
    button(shadow, 'Try again').click();
    expect(actions.retry).toHaveBeenCalledTimes(1);
    button(shadow, 'Cancel').click();
    expect(actions.cancelWalletRequest).toHaveBeenCalledTimes(1);
  });
});

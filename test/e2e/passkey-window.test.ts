import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PASSKEY_SURFACE_TEXT } from '../../src/frame/surface/passkey-texts.js';
import { PASSKEY_WINDOW_MESSAGES, PASSKEY_WINDOW_SOURCE } from '../../src/protocol/passkey-window.js';
import { addVirtualAuthenticator } from './passkey-steps.js';
import { surfaceSays, surfaceSettled } from './surface-steps.js';
import {
  clickInSurface,
  openWalletPage,
  surfaceOf,
  useWalletWorld,
  waitForDialog,
  waitForNoDialog,
  world,
} from './wallet-world.js';

/**
 * The passkey window in real Chromium: a host page whose Permissions-Policy refuses WebAuthn to
 * every frame, so the surface cannot delegate it; the surface says so and runs the ceremony in a
 * popup of the provider's origin, which has its own virtual authenticator.
 */
useWalletWorld({ providerHost: 'gatehouse.test', settings: ['passkey_auth=true'] });

const REFUSING = {
  'Permissions-Policy': 'publickey-credentials-get=(), publickey-credentials-create=()',
};
/** Where a person looks at the screens (the task's review, not the suite's artefacts). */
const SHOTS = '/tmp';

const seenNames = (page: Page) =>
  page.evaluate(() => (window as unknown as { seen: Array<{ name: string }> }).seen.map((e) => e.name));

/** 'Log in with passkey' on a refusing page, then 'Create a passkey': the surface offers the window. */
async function openSignUpInWindow(path: string) {
  const opened = await openWalletPage(path, {}, [], REFUSING);
  const { page, context } = opened;
  const login = page.evaluate(() => window.LoginWidget.loginWithPasskey() as Promise<{ id: string }>);
  // Its outcome is asserted later; a rejection before then (Escape) must not count as unhandled.
  login.catch(() => undefined);
  await waitForDialog(page, 'Log in with passkey');
  await surfaceSays(page, PASSKEY_SURFACE_TEXT.framed);
  await surfaceSettled(page);
  await page.screenshot({ path: `${SHOTS}/passkey-window-surface-login.png` });
  await clickInSurface(page, 'Create a passkey');
  await surfaceSays(page, 'Your device will save a passkey');
  await surfaceSays(page, PASSKEY_SURFACE_TEXT.framed);
  const popupOpened = context.waitForEvent('page');
  await clickInSurface(page, PASSKEY_SURFACE_TEXT.newWindow);
  const popup = await popupOpened;
  await popup.waitForLoadState();
  await surfaceSays(page, PASSKEY_SURFACE_TEXT.inWindow);
  return { ...opened, login, popup };
}

describe('the passkey window, where the host page refuses passkeys to its frames', () => {
  it('ignores results from another origin or window, and a closed window means no passkey', async () => {
    const { page, popup, login, pageErrors } = await openSignUpInWindow('/passkey-window-forged.html');
    const forged = {
      source: PASSKEY_WINDOW_SOURCE,
      type: PASSKEY_WINDOW_MESSAGES.result,
      action: { type: 'passkey', credential: { id: 'forged', rawId: 'forged' }, prf: 'c2VjcmV0' },
      error: null,
    };
    // The host page (another origin) and the hidden wallet frame (the provider's origin, but not
    // the popup) post a result to the surface.
    await page
      .locator('iframe[data-surface]')
      .evaluate(
        (surface: HTMLIFrameElement, message) => surface.contentWindow?.postMessage(message, '*'),
        forged,
      );
    const walletFrame = page
      .frames()
      .find((f) => new URL(f.url()).pathname === `/apps/${world.appId}/embedded-wallets`);
    if (!walletFrame) throw new Error('no wallet frame');
    await walletFrame.evaluate((message) => {
      const top = window.top as Window;
      for (let i = 0; i < top.frames.length; i += 1) top.frames[i]?.postMessage(message, location.origin);
    }, forged);
    await page.waitForTimeout(1000);
    expect(await surfaceOf(page).locator('[role="alert"]').textContent()).toBe('');
    expect(popup.isClosed()).toBe(false);
    expect(await seenNames(page)).toEqual([]);

    await popup.close();
    await surfaceSays(page, PASSKEY_SURFACE_TEXT.cancelled);
    await surfaceSays(page, PASSKEY_SURFACE_TEXT.framed);
    await page.keyboard.press('Escape');
    await expect(login).rejects.toBeTruthy();
    expect(pageErrors).toEqual([]);
  });

  it('signs up in the popup with its own authenticator, and the login completes in the page', async () => {
    const { page, context, popup, login, pageErrors } = await openSignUpInWindow('/passkey-window.html');
    // The popup's own authenticator, through its own CDP session (gone with the popup).
    await addVirtualAuthenticator(context, popup);
    await popup.setViewportSize({ width: 480, height: 600 });
    const start = popup.getByRole('button', { name: 'Continue with passkey', exact: true });
    await start.waitFor({ timeout: 15_000 });
    expect(await popup.locator('h1').textContent()).toBe('Create a passkey');
    expect(new URL(popup.url()).pathname).toBe(`/apps/${world.appId}/embedded-wallets/passkey`);
    await popup.screenshot({ path: `${SHOTS}/passkey-window-popup.png` });
    await surfaceSettled(page);
    await page.screenshot({ path: `${SHOTS}/passkey-window-surface-waiting.png` });

    const closed = popup.waitForEvent('close', { timeout: 20_000 });
    await start.click();
    await closed;
    const user = await login;
    expect(user.id).toBeTruthy();
    await waitForDialog(page, 'Your wallet is ready', 20_000);
    await waitForNoDialog(page, 6000);
    expect(await seenNames(page)).toContain('login:success');
    const accounts = await page.evaluate(() =>
      (window.LoginWidget.user?.linkedAccounts ?? []).map((a: { type: string }) => a.type),
    );
    expect(accounts).toContain('passkey');
    expect(pageErrors).toEqual([]);
  });
});

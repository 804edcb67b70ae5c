/**
 * Issue 17, accessibility: the screens a new user meets, photographed at a desktop and a phone size
 * for a person to look at (test-results/screenshots/, not committed), scanned with axe-core in the
 * states the automatic scan (a11y-scan.ts) does not reach by itself, and the keyboard inside the
 * provider-origin export frame: focus goes in and comes back round, Escape closes the screen.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ethers } from 'ethers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoViolations } from './a11y-scan.js';
import {
  chain,
  logInAndCreate,
  openWalletPage,
  useWalletWorld,
  waitForDialog,
  waitForNoDialog,
  world,
} from './wallet-world.js';

useWalletWorld();

const SHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

async function shoot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}-${size?.width}x${size?.height}.png`) });
}

/** LANDING (empty, then with an address typed), then the code entry; returns the code's mail. */
async function landingAndCodeEntry(page: Page, email: string) {
  await page.click('#login');
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.getByText('Log in or sign up').isVisible()).toBe(true);
  await shoot(page, 'landing');
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email);
  // Submit is enabled now: the accent as a filled button.
  await expectNoViolations(page, 'LANDING with an email typed');
  const since = world.mailbox.messages.length;
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const digit = dialog.getByRole('textbox', { name: 'Digit 1' });
  await expect.poll(() => digit.isVisible()).toBe(true);
  await shoot(page, 'code-entry');
  return world.mailbox.codeFor(email, since);
}

/** The send review of 0.1 ETH, photographed, then cancelled. */
async function sendReview(page: Page, address: string): Promise<void> {
  await chain.fund(address, ethers.parseEther('1'));
  const to = ethers.Wallet.createRandom().address;
  const sent = page.evaluate(
    (recipient) =>
      window.LoginWidget.sendTransaction({ to: recipient, value: 10n ** 17n }).catch(
        (e: { code?: number }) => e.code,
      ),
    to,
  );
  const review = await waitForDialog(page, 'Send ETH');
  const approve = review.getByRole('button', { name: 'Approve' });
  await expect.poll(() => approve.isEnabled(), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => review.getByText('Available balance').isVisible()).toBe(true);
  await expectNoViolations(page, 'the send review, ready to approve');
  await shoot(page, 'send-review');
  await review.getByRole('button', { name: 'Cancel' }).click();
  expect(await sent).toBe(4001);
  await waitForNoDialog(page);
}

/** The export screen with its frame loaded; returns the frame and the pending exportWallet(). */
async function openExport(page: Page) {
  const exported = page.evaluate(() => window.LoginWidget.exportWallet() as Promise<void>);
  const dialog = await waitForDialog(page, 'Transfer wallet');
  const view = dialog.frameLocator('iframe[title="Transfer wallet"]');
  const reveal = view.getByRole('button', { name: 'Reveal private key' });
  await expect.poll(() => reveal.isVisible(), { timeout: 15_000 }).toBe(true);
  const frame = page.frames().find((f) => f.url().includes('/embedded-wallets/export'));
  if (!frame) throw new Error('no export frame');
  return { dialog, reveal, frame, exported };
}

/** The widget's focused element (inside its shadow root), described. */
const widgetFocus = (page: Page) =>
  page.evaluate(() => {
    const active = document.getElementById('gatehouse-root')?.shadowRoot?.activeElement;
    return active ? `${active.tagName.toLowerCase()}:${active.getAttribute('aria-label') ?? ''}` : null;
  });

describe('what a new user sees, at a desktop and a phone size', () => {
  for (const viewport of VIEWPORTS) {
    it(`LANDING, code entry, send review and export at ${viewport.width}×${viewport.height}`, async () => {
      const { page, pageErrors } = await openWalletPage(`/a11y-${viewport.width}`);
      await page.setViewportSize(viewport);
      const email = `a11y-${viewport.width}@example.com`;
      const code = await landingAndCodeEntry(page, email);
      await page.getByRole('dialog').getByRole('textbox', { name: 'Digit 1' }).click();
      await page.keyboard.type(code);
      await waitForDialog(page, 'Your wallet is ready', 20_000);
      await waitForNoDialog(page, 6000);
      const address = await page.evaluate(() => window.LoginWidget.user.wallet.address as string);
      await sendReview(page, address);
      const { exported, frame } = await openExport(page);
      await shoot(page, 'export');
      // The export view is a document of the provider's own: scanned on its own.
      await expectNoViolations(page, 'the export view (frame)', frame);
      await page.keyboard.press('Escape');
      await exported;
      await waitForNoDialog(page);
      expect(pageErrors).toEqual([]);
    });
  }
});

describe('the keyboard in the export frame', () => {
  it('Tab goes into the frame and comes back round; Escape inside it closes the screen', async () => {
    const { page, pageErrors } = await openWalletPage('/a11y-export-keys');
    await logInAndCreate(page, 'a11y-keys@example.com');
    const { dialog, reveal, frame, exported } = await openExport(page);
    const focusedInFrame = () => frame.evaluate(() => document.activeElement?.textContent ?? null);

    // From Close, Tab goes into the view and reaches its button.
    await dialog.getByRole('button', { name: 'Close' }).focus();
    for (let i = 0; i < 3 && (await focusedInFrame()) !== 'Reveal private key'; i++)
      await page.keyboard.press('Tab');
    expect(await focusedInFrame()).toBe('Reveal private key');
    // Tab out of the view's last control comes back round to the dialog's first control.
    await page.keyboard.press('Tab');
    await expect.poll(() => widgetFocus(page)).toMatch(/^button:(Back|Close)$/);
    // Shift+Tab from there goes round backwards into the view again, never to the host page.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => widgetFocus(page)).toBe('iframe:');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('gatehouse-root');

    // Escape with focus on the view's button: the frame tells the host, which closes the screen.
    await reveal.focus();
    expect(await focusedInFrame()).toBe('Reveal private key');
    await page.keyboard.press('Escape');
    await waitForNoDialog(page);
    await exported;
    // The host page got it from the provider's origin (the frame posts to the host origin exactly: unit-tested).
    const received = await page.evaluate(
      () => (window as unknown as { hostMessages: { origin: string; data: string }[] }).hostMessages,
    );
    const escapes = received.filter((m) => m.data.includes('gatehouse:export:escape'));
    expect(escapes.map((m) => m.origin)).toEqual([world.provider.url]);
    expect(pageErrors).toEqual([]);
  });
});

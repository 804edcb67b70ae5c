/**
 * Accessibility: the screens a new user meets, photographed at a desktop and a phone size
 * for a person to look at (test-results/screenshots/, not committed), scanned with axe-core in the
 * states the automatic scan (a11y-scan.ts) does not reach by itself — the provider-origin surface's
 * own documents included (the sign and send reviews, the export before and after the reveal) — and
 * the keyboard inside the export's surface: focus goes in and comes back round, Escape closes the
 * screen.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ethers } from 'ethers';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoViolations } from './a11y-scan.js';
import { surfaceFrame, surfaceSettled } from './surface-steps.js';
import {
  chain,
  clickInSurface,
  logInAndCreate,
  openWalletPage,
  surfaceOf,
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

/** The title's top and the card's top and bottom edges, in px from the viewport's top. */
const edges = (page: Page) =>
  page.getByRole('dialog').evaluate((card) => {
    const title = card.querySelector('h2')?.getBoundingClientRect().top ?? Number.NaN;
    const { top, bottom } = card.getBoundingClientRect();
    return { title, top, bottom, animated: card.getAnimations().length };
  });

/**
 * From one screen to the next the card keeps its top edge, so the title stays put (its bottom
 * edge as a drawer on a phone).
 */
async function expectSteadyCard(page: Page, before: Awaited<ReturnType<typeof edges>>) {
  const drawer = (page.viewportSize()?.width ?? 0) < 440;
  await expect.poll(async () => (await edges(page)).animated).toBe(0);
  const after = await edges(page);
  // The screens differ in height: the test means something.
  expect(after.bottom - after.top).not.toBe(before.bottom - before.top);
  if (drawer) expect(Math.abs(after.bottom - before.bottom)).toBeLessThanOrEqual(1);
  else expect(Math.abs(after.title - before.title)).toBeLessThanOrEqual(2);
}

/** LANDING (empty, then with an address typed), then the code entry; returns the code's mail. */
async function landingAndCodeEntry(page: Page, email: string) {
  await page.click('#login');
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.getByText('Log in or sign up').isVisible()).toBe(true);
  await shoot(page, 'landing');
  const landing = await edges(page);
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(email);
  // Submit is enabled now: the accent as a filled button.
  await expectNoViolations(page, 'LANDING with an email typed');
  const since = world.mailbox.messages.length;
  await dialog.getByRole('button', { name: 'Submit' }).click();
  const digit = dialog.getByRole('textbox', { name: 'Digit 1' });
  await expect.poll(() => digit.isVisible()).toBe(true);
  await expectSteadyCard(page, landing);
  await shoot(page, 'code-entry');
  return world.mailbox.codeFor(email, since);
}

/** No box of the screen's column is empty yet laid out: each would add a blank gap (a dead band). */
async function expectNoEmptyBands(page: Page): Promise<void> {
  const empty = await page.getByRole('dialog').evaluate((dialog) =>
    [...dialog.querySelectorAll('[data-screen] > *')]
      .filter((el) => el.getClientRects().length && getComputedStyle(el).position !== 'absolute')
      .filter((el) => el.getBoundingClientRect().height === 0)
      .map((el) => el.outerHTML.slice(0, 80)),
  );
  expect(empty).toEqual([]);
}

/** The sign review: the message in the surface, both documents scanned, then cancelled there. */
async function signReview(page: Page): Promise<void> {
  const signed = page.evaluate(() =>
    window.LoginWidget.signMessage('Hello, accessible world').catch((e: { code?: number }) => e.code),
  );
  await waitForDialog(page, 'Sign message');
  await surfaceOf(page).getByRole('button', { name: 'Sign', exact: true }).waitFor({ timeout: 20_000 });
  await surfaceSettled(page);
  await expectNoViolations(page, 'the sign review');
  await expectNoViolations(page, 'the sign review (surface)', surfaceFrame(page));
  await shoot(page, 'sign-review');
  await expectNoEmptyBands(page);
  await clickInSurface(page, 'Cancel');
  expect(await signed).toBe(4001);
  await waitForNoDialog(page);
}

/** The send review of 0.1 ETH, photographed, then cancelled in the surface. */
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
  await surfaceOf(page).getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 20_000 });
  await expect.poll(() => review.getByText('Available balance').isVisible()).toBe(true);
  await surfaceSettled(page);
  await expectNoViolations(page, 'the send review, ready to approve');
  await expectNoViolations(page, 'the send review (surface)', surfaceFrame(page));
  await shoot(page, 'send-review');
  await expectNoEmptyBands(page);
  await clickInSurface(page, 'Cancel');
  expect(await sent).toBe(4001);
  await waitForNoDialog(page);
}

/** The export screen with its surface loaded; returns the surface and the pending exportWallet(). */
async function openExport(page: Page) {
  const exported = page.evaluate(() => window.LoginWidget.exportWallet() as Promise<void>);
  const dialog = await waitForDialog(page, 'Export wallet');
  const reveal = surfaceOf(page).getByRole('button', { name: 'Reveal private key' });
  await reveal.waitFor({ timeout: 15_000 });
  await surfaceSettled(page);
  return { dialog, reveal, frame: surfaceFrame(page), exported };
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
      await signReview(page);
      await sendReview(page, address);
      const { exported, frame } = await openExport(page);
      await shoot(page, 'export');
      // One name for the action: the surface heads the view with the button's 'Export wallet'.
      expect(await surfaceOf(page).getByRole('heading').textContent()).toBe('Export wallet');
      // The surface is a document of the provider's own: scanned on its own.
      await expectNoViolations(page, 'the export screen');
      await expectNoViolations(page, 'the export view (surface)', frame);
      // Revealed, the key and its Copy.
      await clickInSurface(page, 'Reveal private key');
      await surfaceOf(page).getByTestId('private-key').waitFor({ timeout: 15_000 });
      await surfaceSettled(page);
      await expectNoViolations(page, 'the revealed key (surface)', frame);
      await shoot(page, 'export-revealed');
      await page.keyboard.press('Escape');
      await exported;
      await waitForNoDialog(page);
      expect(pageErrors).toEqual([]);
    });
  }
});

describe('the keyboard in the export surface', () => {
  it('Tab goes into the surface and comes back round; Escape inside it closes the screen', async () => {
    const { page, pageErrors } = await openWalletPage('/a11y-export-keys');
    await logInAndCreate(page, 'a11y-keys@example.com');
    const { dialog, reveal, frame, exported } = await openExport(page);
    const focusedInFrame = () => frame.evaluate(() => document.activeElement?.textContent ?? null);

    // From Close, Tab goes into the surface and reaches its Cancel, then its Reveal.
    await dialog.getByRole('button', { name: 'Close' }).focus();
    for (let i = 0; i < 4 && (await focusedInFrame()) !== 'Reveal private key'; i++)
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
    // The host page got it from the provider's origin (the surface posts to the host origin exactly: unit-tested).
    const received = await page.evaluate(
      () => (window as unknown as { hostMessages: { origin: string; data: string }[] }).hostMessages,
    );
    const escapes = received.filter((m) => m.data.includes('gatehouse:surface:escape'));
    expect(escapes.map((m) => m.origin)).toEqual([world.provider.url]);
    expect(pageErrors).toEqual([]);
  });
});

/**
 * What a person does in the provider-origin surface (protocol/surface.ts) beyond a click on an
 * approval (wallet-world.ts clickInSurface): types a code into its boxes, picks a way to verify
 * and types the code mailed for it, reads the text it shows.
 */
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { maskEmail } from '../../src/protocol/step-up.js';
import type { Mailbox } from '../support/mailbox.js';
import { expectNoViolations } from './a11y-scan.js';
import { clickInSurface, surfaceOf } from './wallet-world.js';

/** The surface's text, once `text` shows in it. */
export async function surfaceSays(page: Page, text: string, timeout = 20_000): Promise<string> {
  const body = surfaceOf(page).locator('body');
  await expect
    .poll(async () => (await body.textContent().catch(() => '')) ?? '', { timeout })
    .toContain(text);
  return (await body.textContent()) ?? '';
}

/**
 * Waits until the surface's frame has stopped moving: the host sizes it to each new step's height
 * and the dialog re-centres, so a click aimed while it moves lands beside its target.
 */
export async function surfaceSettled(page: Page): Promise<void> {
  const frame = page.locator('iframe[data-surface]');
  let last = '';
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await frame.boundingBox());
        const same = box === last;
        last = box;
        return same;
      },
      { interval: 150, timeout: 10_000 },
    )
    .toBe(true);
}

/** The surface's own document: a frame of the provider's origin in the page. */
export function surfaceFrame(page: Page, what = 'this step'): Frame {
  const frame = page.frames().find((f) => new URL(f.url()).pathname.endsWith('/embedded-wallets/surface'));
  if (!frame) throw new Error(`no surface for ${what}`);
  return frame;
}

/** axe-core over the surface's own document (a frame of the provider, scanned on its own): no violation. */
export async function scanSurface(page: Page, what: string): Promise<void> {
  const frame = surfaceFrame(page, what);
  await surfaceSettled(page);
  await expectNoViolations(page, `${what} (surface)`, frame);
}

/** Ticks a checkbox of the surface, once it stands still. */
async function checkInSurface(page: Page, label: string): Promise<void> {
  const box = surfaceOf(page).getByLabel(label);
  await box.waitFor({ timeout: 20_000 });
  await surfaceSettled(page);
  await box.check();
  // Drawn in the theme, not the browser's own: filled with the surface's accent once ticked.
  expect(
    await box.evaluate((input) => {
      const style = getComputedStyle(input);
      const accent = getComputedStyle(input).getPropertyValue('--gh-accent').trim();
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(accent.slice(i, i + 2), 16));
      return [style.appearance, style.backgroundColor === `rgb(${r}, ${g}, ${b})`];
    }),
  ).toEqual(['none', true]);
}

/**
 * Types a code into the surface's six boxes from the keyboard, as a person does (the code goes
 * once all six are filled). Focused, not clicked: the dialog moves while the surface takes its
 * new height, and a click aimed before that lands on the host page.
 */
export async function typeCodeInSurface(page: Page, code: string): Promise<void> {
  const first = surfaceOf(page).getByRole('textbox', { name: 'Digit 1' });
  await first.waitFor({ timeout: 20_000 });
  await expect.poll(() => first.isEditable(), { timeout: 10_000 }).toBe(true);
  await first.pressSequentially(code);
}

/**
 * 'Verify it's you' by email: the user picks 'Email a code to …' in the surface and types the code
 * from the mailbox there.
 */
export async function verifyByEmail(
  page: Page,
  mailbox: Pick<Mailbox, 'messages' | 'codeFor'>,
  email: string,
) {
  const masked = maskEmail(email);
  await surfaceSays(page, "Verify it's you");
  const since = mailbox.messages.length;
  await clickInSurface(page, `Email a code to ${masked}`);
  await surfaceSays(page, `Enter the code sent to ${masked}`);
  await scanSurface(page, "'Verify it's you', the mailed code");
  await typeCodeInSurface(page, await mailbox.codeFor(email, since));
}

/**
 * The recovery password's steps in the surface (creating, saving, confirming, finalizing): typed,
 * confirmed, acknowledged, then 'Set password'.
 */
export async function setPasswordInSurface(page: Page, password: string): Promise<void> {
  const surface = surfaceOf(page);
  const field = surface.getByLabel('Password', { exact: true });
  await field.waitFor({ timeout: 20_000 });
  await field.fill(password);
  await scanSurface(page, 'the password, creating');
  await clickInSurface(page, 'Continue');
  await surfaceSays(page, password);
  await scanSurface(page, 'the password, saving');
  await clickInSurface(page, 'Continue');
  const confirm = surface.getByLabel('Confirm password');
  await confirm.waitFor({ timeout: 10_000 });
  await confirm.fill(password);
  await scanSurface(page, 'the password, confirming');
  await clickInSurface(page, 'Continue');
  await checkInSurface(page, 'I understand that losing my password means losing this wallet');
  await scanSurface(page, 'the password, finalizing');
  await clickInSurface(page, 'Set password');
}

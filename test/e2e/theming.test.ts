/**
 * Theming (appearance.theme, appearance.variables) in Chromium: `system` follows the emulated
 * prefers-color-scheme when the modal opens and while it is open; the dark theme with the host's
 * variables passes axe; and three themes photographed at 1280x800 for a person to look at
 * (test-results/screenshots/theme-*.png, the card alone beside them: docs/guide/theming.md).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoViolations } from './a11y-scan.js';
import { openHostPage } from './steps.js';
import { startWorld, type World } from './world.js';

let world: World;
const SHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');

beforeAll(async () => {
  world = await startWorld({ settings: ['google_oauth=true', 'sms_auth=true'] });
});

afterAll(async () => {
  await world?.stop();
});

const BRAND = {
  theme: 'light',
  variables: {
    accent: '#0F766E',
    background: '#FFFBF5',
    foreground: '#1C1917',
    muted: '#57534E',
    radius: '4px',
    fontFamily: 'Georgia, "Times New Roman", serif',
    fontSize: '15px',
  },
};

async function open(config: unknown, colorScheme: 'light' | 'dark' = 'light') {
  const { page, context, pageErrors } = await openHostPage(world, '/theming.html');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme });
  await page.evaluate((c) => window.LoginWidget.init(c), config);
  await page.click('#login');
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  return { page, context, dialog, pageErrors };
}

/** The card's background colour as computed. */
const background = (page: Page) =>
  page.getByRole('dialog').evaluate((card) => getComputedStyle(card).backgroundColor);

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  // Settled: no height motion under way.
  await expect.poll(() => page.getByRole('dialog').evaluate((card) => card.getAnimations().length)).toBe(0);
  await page.screenshot({ path: join(SHOTS, `theme-${name}-1280x800.png`) });
  await page.getByRole('dialog').screenshot({ path: join(SHOTS, `theme-${name}-card.png`) });
}

describe('theming', () => {
  it("theme 'system' follows prefers-color-scheme at open and when it changes while open", async () => {
    const { page, context, pageErrors } = await open({ appearance: { theme: 'system' } }, 'dark');
    expect(await background(page)).toBe('rgb(30, 30, 45)');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => background(page)).toBe('rgb(255, 255, 255)');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => background(page)).toBe('rgb(30, 30, 45)');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('the dark theme with variables passes axe; three themes photographed', async () => {
    const light = await open({});
    expect(await background(light.page)).toBe('rgb(255, 255, 255)');
    await shoot(light.page, 'light');
    await light.context.close();

    const dark = await open({
      appearance: { theme: 'dark', variables: { accent: '#F472B6', radius: '16px' } },
    });
    expect(await background(dark.page)).toBe('rgb(30, 30, 45)');
    const radius = await dark.dialog
      .getByRole('button', { name: 'Continue with Google' })
      .evaluate((b) => getComputedStyle(b).borderRadius);
    expect(radius).toBe('16px');
    await dark.dialog.getByRole('textbox', { name: 'Email address' }).fill('alice@example.com');
    await expectNoViolations(dark.page, 'LANDING, dark theme with variables');
    await shoot(dark.page, 'dark');
    await dark.context.close();

    const brand = await open({ appearance: BRAND });
    expect(await background(brand.page)).toBe('rgb(255, 251, 245)');
    const title = brand.dialog.getByRole('heading', { name: 'Log in or sign up' });
    expect(await title.evaluate((h) => getComputedStyle(h).fontFamily)).toContain('Georgia');
    await brand.dialog.getByRole('textbox', { name: 'Email address' }).fill('alice@example.com');
    await expectNoViolations(brand.page, 'LANDING, custom theme');
    await shoot(brand.page, 'custom');
    await brand.context.close();
  });
});

/**
 * The error screen in Arabic and Japanese: the provider cannot be reached when the visitor sends
 * their address, and the modal says so in the page's language, with Retry, right to left in
 * Arabic; setLocale('ja') turns the same screen into Japanese. At a phone's and a desktop's size:
 * no text wider than its box, axe-core content. Screenshots locale-<language>-error-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_MODAL as AR } from '../../src/core/locales/ar/login.js';
import { FIRST_MODAL as JA } from '../../src/core/locales/ja/login.js';
import { expectNoViolations } from './a11y-scan.js';
import { overflowing, pageIn, rootLang, shoot, VIEWPORTS } from './locale-steps.js';
import { startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.stop());

/** The error screen in `texts`' language: its title and Retry, inside their boxes, and axe. */
async function checkErrorScreen(page: Page, texts: typeof AR, name: string): Promise<void> {
  const screen = page.getByRole('dialog', { name: texts.OUTAGE_TEXT.unreachable });
  await screen.waitFor({ timeout: 15_000 });
  expect(await screen.getByRole('button', { name: texts.OUTAGE_TEXT.retry }).isVisible()).toBe(true);
  expect(await screen.getByText(texts.OUTAGE_TEXT.checkConnection).isVisible()).toBe(true);
  // The content language reaches the text under the root's `all: initial`: CJK glyphs and line
  // breaks follow it (Japanese breaks between phrases).
  const language = await screen
    .getByRole('heading')
    .evaluate((heading) => getComputedStyle(heading).getPropertyValue('-webkit-locale'));
  expect(language).toBe(`"${name}"`);
  await shoot(page, `locale-${name}-error`);
  expect(await overflowing(page)).toEqual([]);
  await expectNoViolations(page, `the error screen in ${name}`);
}

describe('the error screen in the page’s language', () => {
  for (const viewport of VIEWPORTS) {
    it(`says the provider is unreachable in Arabic, then Japanese, at ${viewport.width}×${viewport.height}`, async () => {
      const context = await world.browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(pageIn(world, 'ar', `/ar-error-${viewport.width}`));
        await page.evaluate(() => window.LoginWidget.ready);
        await page.click('#login');
        const landing = page.getByRole('dialog', { name: AR.UI_TEXT.loginTitle });
        await landing.waitFor();

        // The provider cannot be reached when the address is sent.
        await page.route('**/api/v1/passwordless/init', (route) => route.abort());
        await landing.getByRole('textbox', { name: AR.UI_TEXT.emailLabel }).fill('error@example.com');
        await landing.getByRole('button', { name: AR.UI_TEXT.submit }).click();
        await checkErrorScreen(page, AR, 'ar');
        expect(await rootLang(page)).toEqual(['ar', 'rtl']);

        await page.evaluate(() => window.LoginWidget.setLocale('ja'));
        await checkErrorScreen(page, JA, 'ja');
        expect(await rootLang(page)).toEqual(['ja', 'ltr']);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

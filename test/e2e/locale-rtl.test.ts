/**
 * The widget right to left: a host page with <html lang="ar"> and no configuration shows LANDING
 * and the code entry in Arabic with dir="rtl" on the widget's root, the layout mirrored (Close at
 * the left, the email's Submit before its field, Back's arrow pointing right) while the code's
 * digits still run left to right; every text inside its box at a phone's and a desktop's size,
 * axe-core content; setLocale('en') turns it back. Screenshots locale-ar-*.png for a person to read.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_MODAL as AR } from '../../src/core/locales/ar/login.js';
import { SCREENS as AR_SCREENS } from '../../src/core/locales/ar/screens.js';
import { expectNoViolations } from './a11y-scan.js';
import { overflowing, pageIn, rootLang, shoot, VIEWPORTS } from './locale-steps.js';
import { startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.stop());

/** The horizontal centre of an element on the page. */
async function centre(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not shown');
  return box.x + box.width / 2;
}

/** The CSS scale of a button's icon: '-1 1' when its arrow is mirrored. */
const iconScale = (button: Locator) => button.locator('svg').evaluate((svg) => getComputedStyle(svg).scale);

async function checkScreen(page: Page, name: string): Promise<void> {
  await shoot(page, `locale-ar-${name}`);
  expect(await overflowing(page)).toEqual([]);
  await expectNoViolations(page, `${name} in Arabic`);
}

describe('a host page in Arabic, without configuration', () => {
  for (const viewport of VIEWPORTS) {
    it(`mirrors LANDING and the code entry at ${viewport.width}×${viewport.height}; setLocale('en') turns it back`, async () => {
      const context = await world.browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(pageIn(world, 'ar', `/ar-${viewport.width}`));
        await page.evaluate(() => window.LoginWidget.ready);
        await page.click('#login');

        // LANDING: Arabic, right to left; Close at the left edge, Submit before the address.
        const dialog = page.getByRole('dialog', { name: AR.UI_TEXT.loginTitle });
        await dialog.waitFor();
        expect(await rootLang(page)).toEqual(['ar', 'rtl']);
        const email = dialog.getByRole('textbox', { name: AR.UI_TEXT.emailLabel });
        const submit = dialog.getByRole('button', { name: AR.UI_TEXT.submit });
        expect(await centre(dialog.getByRole('button', { name: AR.UI_TEXT.close }))).toBeLessThan(
          await centre(dialog),
        );
        expect(await centre(submit)).toBeLessThan(await centre(email));
        await checkScreen(page, 'landing');

        // The code entry: its digits left to right, Back's arrow mirrored to point right.
        await email.fill(`ar-${viewport.width}@example.com`);
        await submit.click();
        const code = page.getByRole('dialog', { name: AR.CODE_TEXT.codeTitle });
        await code.waitFor();
        const digit = (n: number) => code.getByRole('textbox', { name: AR.UI_TEXT.digit(n) });
        expect(await centre(digit(1))).toBeLessThan(await centre(digit(2)));
        // The address, left to right and whole, inside the Arabic sentence.
        const address = `ar-${viewport.width}@example.com`;
        expect(await code.getByText(address, { exact: true }).getAttribute('dir')).toBe('ltr');
        const back = code.getByRole('button', { name: AR.UI_TEXT.back });
        expect(await iconScale(back)).toBe('-1 1');
        await checkScreen(page, 'code');

        // A wrong code: the refusal from the code flow's own chunk, in Arabic, inside its box.
        await digit(1).click();
        await page.keyboard.type('000000');
        await code.getByText(AR_SCREENS.PASSWORDLESS_MESSAGES.invalidOrExpiredCode).waitFor();
        expect(await overflowing(page)).toEqual([]);

        // English again, left to right, at once on the same screen; and Arabic by a region tag.
        await page.evaluate(() => window.LoginWidget.setLocale('en'));
        const english = page.getByRole('dialog', { name: 'Enter confirmation code' });
        await english.waitFor();
        expect(await rootLang(page)).toEqual(['en', 'ltr']);
        expect(await iconScale(english.getByRole('button', { name: 'Back' }))).toBe('none');
        await page.evaluate(() => window.LoginWidget.setLocale('ar-EG'));
        await code.waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

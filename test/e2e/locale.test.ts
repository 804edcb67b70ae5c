/**
 * The widget in the page's language: a host page with <html lang="ja"> and no configuration shows
 * LANDING and the code entry in Japanese, with lang="ja" on the widget's root, every text inside its
 * box at a phone's and a desktop's size, and axe-core content; LoginWidget.setLocale('en') switches
 * the open modal back to English. Screenshots go to test-results/screenshots/ for a person to read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shown } from '../support/mime.js';
import { expectNoViolations } from './a11y-scan.js';
import { overflowing, pageIn, rootLang, shoot, VIEWPORTS } from './locale-steps.js';
import { hostPage } from './pages.js';
import { startWorld, type World } from './world.js';

let world: World;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world?.stop());

describe('a host page in Japanese, without configuration', () => {
  for (const viewport of VIEWPORTS) {
    it(`shows LANDING and the code entry in Japanese at ${viewport.width}×${viewport.height}; setLocale('en') switches back`, async () => {
      const url = pageIn(world, 'ja', `/ja-${viewport.width}`);
      const context = await world.browser.newContext({ viewport });
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await page.goto(url);
        await page.evaluate(() => window.LoginWidget.ready);
        await page.click('#login');

        const dialog = page.getByRole('dialog', { name: 'ログインまたは新規登録' });
        await dialog.waitFor();
        expect(await rootLang(page)).toEqual(['ja', 'ltr']);
        expect(await dialog.getByRole('textbox', { name: 'メールアドレス' }).isVisible()).toBe(true);
        await shoot(page, 'locale-ja-landing');
        expect(await overflowing(page)).toEqual([]);
        await expectNoViolations(page, 'LANDING in Japanese');

        await dialog
          .getByRole('textbox', { name: 'メールアドレス' })
          .fill(`ja-${viewport.width}@example.com`);
        await dialog.getByRole('button', { name: '送信' }).click();
        const code = page.getByRole('dialog', { name: '確認コードを入力' });
        await code.waitFor();
        expect(await code.getByText('メールに届いたコードを入力してください。送信先：').isVisible()).toBe(
          true,
        );
        expect(await code.getByRole('textbox', { name: '1桁目' }).isVisible()).toBe(true);
        await shoot(page, 'locale-ja-code');
        // The widget sent its language with the code: the mail is in Japanese too.
        const mail = shown(await world.mailbox.waitFor(`ja-${viewport.width}@example.com`));
        expect(mail.subject).toMatch(/^Acme Shopのログインコード：\d{6}$/);
        expect(mail.html).toContain('<html lang="ja" dir="ltr">');
        expect(await overflowing(page)).toEqual([]);
        await expectNoViolations(page, 'the code entry in Japanese');
        // A wrong code: the refusal comes from the code flow's own chunk, in Japanese too.
        await code.getByRole('textbox', { name: '1桁目' }).click();
        await page.keyboard.type('000000');
        await code.getByText('コードが無効か、有効期限が切れています').waitFor();
        expect(await overflowing(page)).toEqual([]);

        // The host switches the open modal to English: at once, on the same screen.
        await page.evaluate(() => window.LoginWidget.setLocale('en'));
        await page.getByRole('dialog', { name: 'Enter confirmation code' }).waitFor();
        expect(await page.getByRole('textbox', { name: 'Digit 1' }).isVisible()).toBe(true);
        expect(await rootLang(page)).toEqual(['en', 'ltr']);
        // And back, by region tag.
        await page.evaluate(() => window.LoginWidget.setLocale('ja-JP'));
        await page.getByRole('dialog', { name: '確認コードを入力' }).waitFor();
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

describe('the host’s configuration', () => {
  it('init({ intl: { locale } }) chooses the language over the page’s, and a tag that is not BCP 47 is refused', async () => {
    const html = hostPage({ loaderUrl: `${world.provider.url}/loader.js`, appId: world.appId });
    const url = world.site.set('/ja-init', { html });
    const context = await world.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(url);
      const refused = await page.evaluate(() =>
        window.LoginWidget.init({ intl: { locale: 'ja_JP' } }).then(
          () => null,
          (error: { code: string; message: string }) => `${error.code}: ${error.message}`,
        ),
      );
      expect(refused).toBe('invalid_config: Invalid Gatehouse configuration: intl.locale = "ja_JP".');
      await page.evaluate(() => window.LoginWidget.init({ intl: { locale: 'ja-JP' } }));
      await page.click('#login');
      await page.getByRole('dialog', { name: 'ログインまたは新規登録' }).waitFor();
      expect(await rootLang(page)).toEqual(['ja', 'ltr']);
    } finally {
      await context.close();
    }
  });
});

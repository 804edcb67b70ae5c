/**
 * The provider-origin surface in the widget's language: a logged-in user with a wallet, the widget
 * switched to each language in turn (LoginWidget.setLocale), asks to send 0.1 ETH. The surface's
 * own document takes the language (lang, and dir="rtl" for Arabic) and shows the review in it; no
 * text is wider than its box, axe-core passes in the surface's frame, at a phone's and a desktop's
 * size. Screenshots surface-<language>-send-*.png for a person to read.
 */
import { ethers } from 'ethers';
import type { Frame, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SURFACE_LOCALES } from '../../src/frame/surface/locale.js';
import type { SurfaceLocale } from '../../src/frame/surface/surface-locale.js';
import { expectNoViolations } from './a11y-scan.js';
import { rootLang, shoot, VIEWPORTS } from './locale-steps.js';
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
} from './wallet-world.js';

useWalletWorld();

/** The surface's elements whose text is wider than their box (scroll width over client width). */
const overflowingIn = (frame: Frame) =>
  frame.evaluate(() =>
    [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()))
      .filter((el) => el.clientWidth > 1 && el.scrollWidth > el.clientWidth)
      .map((el) => `${el.tagName} "${el.textContent}" ${el.scrollWidth} > ${el.clientWidth}`),
  );

/** The send review of 0.1 ETH in `lang`, read, photographed, scanned, then cancelled in the surface. */
async function sendReviewIn(page: Page, lang: string): Promise<void> {
  const { locale } = await (SURFACE_LOCALES[lang] as () => Promise<{ locale: SurfaceLocale }>)();
  const { texts, dir } = locale;
  const tag = locale.lang;
  await page.evaluate((language) => window.LoginWidget.setLocale(language), lang);
  await expect.poll(() => rootLang(page)).toEqual([tag, dir]);
  const to = ethers.Wallet.createRandom().address;
  const sent = page.evaluate(
    (recipient) =>
      window.LoginWidget.sendTransaction({ to: recipient, value: 10n ** 17n }).catch(
        (e: { code?: number }) => e.code,
      ),
    to,
  );
  await waitForDialog(page, texts.TRANSACTION_TEXT.sendTitle('ETH'));
  const send = surfaceOf(page).getByRole('button', { name: texts.SURFACE_TEXT.send, exact: true });
  await send.waitFor({ timeout: 20_000 });
  await surfaceSettled(page);
  const frame = surfaceFrame(page);
  expect(await frame.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
    tag,
    dir,
  ]);
  const surface = surfaceOf(page);
  expect(await surface.getByRole('heading').textContent()).toBe(texts.TRANSACTION_TEXT.sendTitle('ETH'));
  for (const label of [texts.WALLET_TEXT.network, texts.WALLET_TEXT.amount, texts.SURFACE_TEXT.maxFee])
    expect(await surface.getByText(label, { exact: true }).isVisible()).toBe(true);
  // The amount as the language writes it ('0,1 ETH' in German), in Western digits, and left to
  // right inside the right-to-left page: '0.1 ETH', not 'ETH 0.1'.
  const tenth = new Intl.NumberFormat(tag, { maximumFractionDigits: 6 }).format(0.1);
  expect(tenth).toMatch(/^0[.,]1$/);
  const amount = surface.getByText(`${tenth} ETH`, { exact: true });
  expect(await amount.evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe('plaintext');
  expect(await overflowingIn(frame)).toEqual([]);
  await expectNoViolations(page, `the send review in ${lang} (surface)`, frame);
  await shoot(page, `surface-${lang}-send`);
  await clickInSurface(page, texts.WALLET_TEXT.cancel);
  expect(await sent).toBe(4001);
  await waitForNoDialog(page);
}

describe('the surface in the widget’s language', () => {
  for (const viewport of VIEWPORTS) {
    it(`shows the send review in each language, Arabic right to left, at ${viewport.width}×${viewport.height}`, async () => {
      const { page, pageErrors } = await openWalletPage(`/surface-locale-${viewport.width}`);
      await page.setViewportSize(viewport);
      const address = await logInAndCreate(page, `surface-locale-${viewport.width}@example.com`);
      await chain.fund(address, ethers.parseEther('1'));
      // Japanese and Arabic first (right to left), then the others, the longest texts among them.
      for (const lang of ['ja', 'ar', 'de', 'fr', 'es', 'pt', 'tr', 'ko', 'zh'])
        await sendReviewIn(page, lang);
      expect(pageErrors).toEqual([]);
    });
  }
});

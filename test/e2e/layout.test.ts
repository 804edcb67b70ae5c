import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoViolations, widgetSettled } from './a11y-scan.js';
import { openHostPage } from './steps.js';
import { startWorld, type World } from './world.js';

let world: World;

beforeAll(async () => {
  world = await startWorld({
    settings: [
      'sms_auth=true',
      'google_oauth=true',
      'github_oauth=true',
      'discord_oauth=true',
      'apple_oauth=true',
      'wallet_auth=true',
      'logo_url=https://acme.example/logo.png',
    ],
  });
});

afterAll(async () => {
  await world?.stop();
});

async function open(path: string, config: unknown) {
  const { page, context } = await openHostPage(world, path);
  await page.evaluate((c) => window.LoginWidget.init(c), config);
  await page.click('#login');
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  return { page, context, dialog };
}

describe('LANDING layout with 5+ login methods', () => {
  it("shows the primary list in order: 4 and 'More options', which opens the rest, with Back", async () => {
    const { context, dialog } = await open('/layout.html', {
      loginMethodsAndOrder: { primary: ['google', 'email', 'github', 'sms', 'discord', 'apple'] },
    });
    expect(await dialog.getByRole('img', { name: 'Acme Shop logo' }).getAttribute('src')).toBe(
      'https://acme.example/logo.png',
    );
    const buttons = () =>
      dialog
        .locator('[data-screen] button:not([aria-label]), [data-screen] input')
        .evaluateAll((els) =>
          els
            .map((el) =>
              el.tagName === 'INPUT' ? `[${el.getAttribute('aria-label') ?? el.id}]` : el.textContent,
            )
            .filter((t) => t !== 'Submit'),
        );
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Phone number' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await buttons()).toEqual([
      'Continue with Google',
      '[gatehouse-email]',
      'Continue with GitHub',
      '[gatehouse-phone]',
      'More options',
    ]);
    await dialog.getByRole('button', { name: 'More options' }).click();
    await expect.poll(buttons).toEqual(['Continue with Discord', 'Continue with Apple']);
    expect(await dialog.getByRole('textbox', { name: 'Email address' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect.poll(buttons).toContain('More options');
    await context.close();
  });

  it('hideDirectWeb2Inputs and the grouped web2-first variant', async () => {
    const { page, context, dialog } = await open('/grouped.html', {
      appearance: { loginGroupPriority: 'web2-first', hideDirectWeb2Inputs: true },
    });
    expect(await dialog.getByRole('button', { name: 'Continue with email' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Continue with SMS' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Continue with Google' }).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Continue with GitHub' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Other socials' }).click();
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Continue with GitHub' }).isVisible())
      .toBe(true);
    expect(await dialog.locator('[data-view]').getAttribute('data-view')).toBe('web2-overflow');
    await dialog.getByRole('button', { name: 'Continue with a wallet' }).click();
    await expect.poll(() => dialog.locator('[data-view]').getAttribute('data-view')).toBe('web3-overflow');
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Coinbase Wallet' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Continue with SMS' }).click();
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Phone number' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(false);
    await context.close();
  });

  it("the grouped web3-first variant: 3 wallets, 'Other wallets' opening web3-overflow, then the web2 entries", async () => {
    const { context, dialog } = await open('/web3.html', {
      appearance: {
        loginGroupPriority: 'web3-first',
        walletList: ['coinbase_wallet', 'metamask', 'rainbow', 'okx_wallet'],
      },
    });
    const names = () =>
      dialog
        .locator('[data-screen] button:not([aria-label]), [data-screen] input')
        .evaluateAll((els) =>
          els
            .map((el) => (el.tagName === 'INPUT' ? `[${el.id}]` : el.textContent))
            .filter((t) => t !== 'Submit'),
        );
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Coinbase Wallet' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Phone number' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    const shown = await names();
    expect(shown.indexOf('Coinbase Wallet')).toBeLessThan(shown.indexOf('Other wallets'));
    expect(shown.slice(shown.indexOf('Other wallets'))).toEqual([
      'Other wallets',
      '[gatehouse-email]',
      '[gatehouse-phone]',
      'Continue with Google',
      'Other socials',
    ]);
    await dialog.getByRole('button', { name: 'Other wallets' }).click();
    await expect.poll(() => dialog.locator('[data-view]').getAttribute('data-view')).toBe('web3-overflow');
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Coinbase Wallet' }).isVisible(), { timeout: 10_000 })
      .toBe(true);
    expect(await dialog.getByRole('textbox', { name: 'Email address' }).count()).toBe(0);
    await context.close();
  });

  it('the dialog is 360 px wide, as tall as its content and at most 620 px full (§2.1, §9)', async () => {
    const { page, context, dialog } = await open('/heights.html', { loginMethods: ['email'] });
    await page.setViewportSize({ width: 1280, height: 900 });
    const box = async () => (await dialog.boundingBox()) ?? { width: 0, height: 0 };
    // One email field: the dialog is as tall as that, no blank half.
    await expect.poll(async () => (await box()).height).toBeLessThan(300);
    expect((await box()).width).toBe(360);
    // Content taller than the full height: the dialog stops at 620 px.
    await dialog.evaluate((el) => {
      const tall = document.createElement('div');
      tall.style.height = '2000px';
      tall.style.flex = 'none';
      el.querySelector('[data-screen]')?.append(tall);
    });
    await expect.poll(async () => (await box()).height).toBe(620);
    await context.close();
  });

  it('the card moves to a new height in an animation, and in none under prefers-reduced-motion', async () => {
    const animations = async (reduce: boolean) => {
      const { page, context, dialog } = await open(`/motion-${reduce}.html`, {
        loginMethodsAndOrder: { primary: ['google', 'email', 'github', 'sms', 'discord', 'apple'] },
      });
      await page.emulateMedia({ reducedMotion: reduce ? 'reduce' : 'no-preference' });
      // Every animation the page starts, counted (the card's is the Web Animations API's).
      await page.evaluate(() => {
        const animate = Element.prototype.animate;
        Object.assign(window, { animations: 0 });
        Element.prototype.animate = function (this: Element, ...args: Parameters<Element['animate']>) {
          Object.assign(window, { animations: (window as unknown as { animations: number }).animations + 1 });
          return animate.apply(this, args);
        };
      });
      // A move already under way (the logo or the marks arriving) would make the next change snap.
      await dialog.evaluate((card) => Promise.all(card.getAnimations().map((motion) => motion.finished)));
      const before = (await dialog.boundingBox())?.height;
      await dialog.getByRole('button', { name: 'More options' }).click();
      await expect.poll(async () => (await dialog.boundingBox())?.height).not.toBe(before);
      const count = await page.evaluate(() => (window as unknown as { animations: number }).animations);
      await context.close();
      return count;
    };
    expect(await animations(false)).toBeGreaterThan(0);
    expect(await animations(true)).toBe(0);
  });

  it("rejects init with 'You must enable at least one login method' when the host names none the app has", async () => {
    const { page, context } = await openHostPage(world, '/none.html');
    const outcome = await page.evaluate(() =>
      window.LoginWidget.init({ loginMethods: ['twitter'] }).then(
        () => 'ok',
        (e: Error) => e.message,
      ),
    );
    expect(outcome).toBe('You must enable at least one login method');
    await context.close();
  });
});

const SHOTS = resolve(import.meta.dirname, '../../test-results/screenshots');
/** The host's logo (appearance.logo over the app's logo_url), inline so that it always loads. */
const LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="40" height="40" rx="10" fill="#4F46E5"/><path d="M12 28 20 12l8 16" fill="none" stroke="#fff" stroke-width="4"/><text x="48" y="28" font-family="sans-serif" font-size="20" font-weight="700" fill="#6366F1">Acme</text></svg>',
)}`;

/** LANDING at `viewport` for `config`, once every mark has arrived; photographed and scanned by axe. */
async function landingShot(name: string, viewport: { width: number; height: number }, config: unknown) {
  const { page, context, pageErrors } = await openHostPage(world, `/${name}-${viewport.width}.html`);
  await page.setViewportSize(viewport);
  await page.evaluate((c) => window.LoginWidget.init(c), config);
  await page.click('#login');
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  return { page, context, pageErrors, dialog };
}

/** The drawn marks (path data) of the dialog's buttons named in `names`, once they have all arrived. */
const marksOf = (page: Page, names: string[]) =>
  page.getByRole('dialog').evaluate(
    (el, wanted) =>
      wanted.map((name) => {
        const button = [...el.querySelectorAll('button')].find((b) => b.textContent?.endsWith(name));
        return Boolean(button?.querySelector('svg path[d]') ?? button?.querySelector('img'));
      }),
    names,
  );

async function shoot(page: Page, name: string): Promise<void> {
  const size = page.viewportSize();
  await widgetSettled(page);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}-${size?.width}x${size?.height}.png`) });
}

describe('LANDING with several methods: brand marks, logo and branding', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`social buttons, then wallet buttons, with their marks at ${viewport.width}×${viewport.height}`, async () => {
      const { page, context, pageErrors, dialog } = await landingShot('brands', viewport, {
        name: 'Acme',
        appearance: { logo: LOGO },
        loginMethodsAndOrder: {
          primary: ['google', 'apple', 'github', 'email'],
          overflow: ['discord', 'sms'],
        },
      });
      const socials = ['Google', 'Apple', 'GitHub'];
      await expect.poll(() => marksOf(page, socials), { timeout: 10_000 }).toEqual([true, true, true]);
      expect(await dialog.getByRole('img', { name: 'Acme logo' }).getAttribute('src')).toBe(LOGO);
      expect(await dialog.getByText('Protected by Gatehouse').isVisible()).toBe(true);
      await shoot(page, 'landing-brands');
      await expectNoViolations(page, 'LANDING with brand marks, logo and branding');
      await context.close();

      const wallets = await landingShot('wallets', viewport, {
        walletConnectCloudProjectId: 'gatehouse-e2e',
        appearance: {
          logo: LOGO,
          theme: 'dark',
          hideBranding: true,
          loginGroupPriority: 'web3-first',
          walletList: ['metamask', 'rainbow', 'phantom', 'wallet_connect'],
        },
      });
      const named = ['MetaMask', 'Rainbow', 'Phantom', 'Google'];
      await expect
        .poll(() => marksOf(wallets.page, named), { timeout: 10_000 })
        .toEqual([true, true, true, true]);
      expect(await wallets.dialog.getByText('Protected by Gatehouse').count()).toBe(0);
      await shoot(wallets.page, 'landing-wallets-dark');
      await expectNoViolations(wallets.page, 'LANDING with wallet marks (dark)');
      await wallets.context.close();
      expect([...pageErrors, ...wallets.pageErrors]).toEqual([]);
    });
  }
});

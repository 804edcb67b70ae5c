import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    // One email field: the dialog is as tall as that, no blank half (issue 17).
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

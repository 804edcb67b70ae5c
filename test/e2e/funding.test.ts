/**
 * Funding by card in real Chromium (§4.7), against the local MoonPay peer: a user whose embedded
 * wallet is empty sees 'Add funds' on the send review, buys through the popup the peer serves,
 * watches 'In progress' turn into "You've funded your account" (the peer's completion funds the
 * wallet on the dev chain) and sends. The failed and serviceFailure outcomes show their §8 texts,
 * and fundWallet resolves with the last status.
 */
import { ethers } from 'ethers';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WALLET as JA } from '../../src/core/locales/ja/wallet.js';
import type { Chain } from '../support/chain.js';
import { MoonpayPeer, moonpayAccount } from '../support/moonpay.js';
import { hostPage } from './pages.js';
import { initOnDevChain, logInByEmail } from './steps.js';
import { clickInSurface, surfaceOf } from './wallet-world.js';
import { startWorld, type World } from './world.js';

let world: World;
let moonpay: MoonpayPeer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  let chain: Chain | undefined;
  moonpay = new MoonpayPeer(moonpayAccount(), {
    // The purchase 'arrives': the dev chain's faucet sends what was bought.
    onCompleted: (purchase) => chain?.fund(purchase.walletAddress, ethers.parseEther('0.05')),
  });
  await moonpay.start();
  world = await startWorld({
    chain: true,
    env: { GATEHOUSE_COINGECKO_URL: 'http://127.0.0.1:9' },
    settings: moonpay.appSettings(),
  });
  chain = world.chain;
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await world?.stop();
  await moonpay?.stop();
});

/**
 * The on-ramp funds only chains it knows: the page names what it buys on the dev chain (here as
 * if it were Base); `fundable: false` leaves the dev chain unknown to it.
 */
async function openPage(path: string, fundable = true) {
  const url = world.site.set(path, {
    html: hostPage({ loaderUrl: `${world.provider.url}/loader.js`, appId: world.appId }),
  });
  const context = await world.browser.newContext();
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(() => window.LoginWidget.ready);
  const currencies = { [world.chain?.chainId ?? 0]: 'ETH_BASE' };
  await initOnDevChain(world, page, fundable ? { fiatOnRamp: { currencies } } : {});
  return page;
}

async function dialogNamed(page: Page, name: string, timeout = 15_000) {
  const dialog = page.getByRole('dialog', { name });
  await expect.poll(() => dialog.isVisible(), { timeout }).toBe(true);
  return dialog;
}

/** A new user with an empty embedded wallet, on a fresh page: the page and the wallet's address. */
async function emptyWallet(path: string, email: string, fundable = true) {
  const page = await openPage(path, fundable);
  await logInByEmail(world, page, email);
  await dialogNamed(page, 'Your wallet is ready', 20_000);
  await expect.poll(() => page.getByRole('dialog').count(), { timeout: 6000 }).toBe(0);
  const address = await page.evaluate(() => window.LoginWidget.user?.wallet?.address as string);
  return { page, address };
}

/** A send of 1 wei, which an empty wallet cannot pay: 'sent', or the code it was refused with. */
const sendOneWei = (page: Page) =>
  page.evaluate(() =>
    window.LoginWidget.sendTransaction({
      to: '0x0000000000000000000000000000000000000001',
      value: '0x1',
    }).then(
      () => 'sent',
      (e: { code?: number }) => e.code,
    ),
  );

/** 'Continue with MoonPay' opens the peer's buy page in a popup; the visitor pays there. */
async function buyInPopup(page: Page, button: string) {
  const prompt = await dialogNamed(page, 'Fund account');
  const go = prompt.getByRole('button', { name: 'Continue with MoonPay' });
  await expect.poll(() => go.getAttribute('aria-disabled'), { timeout: 10_000 }).toBe('false');
  const [popup] = await Promise.all([page.waitForEvent('popup'), go.click()]);
  await popup.waitForLoadState();
  expect(moonpay.widgetLoads.at(-1)?.refused).toBeUndefined();
  await popup.getByRole('button', { name: button }).click();
  return popup;
}

describe('funding by card', () => {
  it("'Add funds' on a send the wallet cannot pay: the purchase completes, the review shows enough, the send goes", async () => {
    const { page, address } = await emptyWallet('/fund.html', 'fiona.fund@example.com');
    const to = ethers.Wallet.createRandom().address;
    const sent = page.evaluate(
      ([recipient]) => window.LoginWidget.sendTransaction({ to: recipient, value: '0x2386f26fc10000' }),
      [to] as const,
    );
    const review = await dialogNamed(page, 'Send ETH', 20_000);
    await expect
      .poll(() => review.getByRole('alert').textContent(), { timeout: 15_000 })
      .toBe('Wallet has insufficient funds for this transaction.');
    // Nothing to approve: the provider's surface, which holds the Send, is not shown.
    expect(await review.locator('iframe[data-surface]').count()).toBe(0);
    await review.getByRole('button', { name: 'Add funds' }).click();
    await buyInPopup(page, 'Pay with card');
    const status = page.getByRole('dialog');
    await expect
      .poll(() => status.getByRole('heading').textContent(), { timeout: 10_000 })
      .toBe('In progress');
    await expect
      .poll(() => status.getByRole('heading').textContent(), { timeout: 20_000 })
      .toBe("You've funded your account");
    // The amounts in the review's card: each label at the left of its value, on one line.
    const rows = await status.locator('dl > div').evaluateAll((divs) =>
      divs.map((div) => {
        const [dt, dd] = [div.querySelector('dt'), div.querySelector('dd')].map((el) =>
          el?.getBoundingClientRect(),
        );
        return {
          sameLine: Math.abs((dt?.top ?? 0) - (dd?.top ?? 99)) <= 2,
          labelFirst: (dt?.right ?? 0) < (dd?.left ?? 0),
        };
      }),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.sameLine && row.labelFirst)).toBe(true);
    await page.screenshot({ path: 'test-results/screenshots/funding-result.png' });
    expect(moonpay.purchases.size).toBeGreaterThan(0);
    expect([...moonpay.purchases.values()].at(-1)?.walletAddress.toLowerCase()).toBe(address.toLowerCase());
    // What was bought is the send's chain's token, as the page names it for that chain.
    expect(new URL(moonpay.widgetLoads.at(-1)?.url ?? '', 'http://x').searchParams.get('currencyCode')).toBe(
      'ETH_BASE',
    );
    await status.getByRole('button', { name: 'Back to transaction' }).click();
    // The review again, now with enough: the surface shows what is sent, and the Send is clicked there.
    await dialogNamed(page, 'Send ETH');
    const surface = surfaceOf(page);
    await surface.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 20_000 });
    expect(await surface.locator('body').textContent()).toContain('0.01 ETH');
    await clickInSurface(page, 'Send');
    const receipt = (await sent) as { status: string; to: string };
    expect(receipt.status).toBe('success');
    expect(receipt.to.toLowerCase()).toBe(to.toLowerCase());
  });

  it("a declined card: 'Something went wrong' with the debit-card hint; fundWallet resolves with 'failed'", async () => {
    const { page, address } = await emptyWallet('/fund-failed.html', 'gail.fund@example.com');
    const funded = page.evaluate((a) => window.LoginWidget.fundWallet(a), address);
    await buyInPopup(page, 'Pay with a card that is declined');
    const status = page.getByRole('dialog');
    await expect
      .poll(() => status.getByRole('heading').textContent(), { timeout: 20_000 })
      .toBe('Something went wrong');
    expect(await status.getByRole('status').textContent()).toContain('Debit cards usually work better');
    expect(await status.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    await status.getByRole('button', { name: 'Done' }).click();
    expect(await funded).toMatchObject({ status: 'failed' });
  });

  it('in Japanese: short funds, Add funds, the prompt and a declined card, each in Japanese', async () => {
    const { page } = await emptyWallet('/fund-ja.html', 'kai.fund@example.com');
    await page.evaluate(() => window.LoginWidget.setLocale('ja'));
    const sent = sendOneWei(page);
    const review = await dialogNamed(page, JA.TRANSACTION_TEXT.sendTitle('ETH'), 20_000);
    await expect
      .poll(() => review.getByRole('alert').textContent(), { timeout: 15_000 })
      .toBe(JA.WALLET_FLOW_TEXT.insufficientFunds);
    await review.getByRole('button', { name: JA.WALLET_FLOW_TEXT.addFunds }).click();
    const prompt = await dialogNamed(page, JA.FUNDING_TEXT.title);
    const go = prompt.getByRole('button', { name: JA.FUNDING_TEXT.continueWith('MoonPay') });
    await expect.poll(() => go.getAttribute('aria-disabled'), { timeout: 10_000 }).toBe('false');
    const [popup] = await Promise.all([page.waitForEvent('popup'), go.click()]);
    await popup.getByRole('button', { name: 'Pay with a card that is declined' }).click();
    const status = page.getByRole('dialog');
    const failed = JA.FUNDING_TEXT.result.failed;
    await expect
      .poll(() => status.getByRole('heading').textContent(), { timeout: 20_000 })
      .toBe(failed.title);
    expect(await status.getByRole('status').textContent()).toContain(failed.detail);
    await page.screenshot({ path: 'test-results/screenshots/funding-ja-failed.png' });
    await page.keyboard.press('Escape');
    expect(await sent).toBe(4001);
  });

  it('three failed status calls: serviceFailure, "MoonPay ran into an error…"', async () => {
    const { page, address } = await emptyWallet('/fund-down.html', 'hank.fund@example.com');
    moonpay.queued.push(500, 500, 500);
    const funded = page.evaluate((a) => window.LoginWidget.fundWallet(a), address);
    const prompt = await dialogNamed(page, 'Fund account');
    const go = prompt.getByRole('button', { name: 'Continue with MoonPay' });
    await expect.poll(() => go.getAttribute('aria-disabled'), { timeout: 10_000 }).toBe('false');
    await Promise.all([page.waitForEvent('popup'), go.click()]);
    const status = page.getByRole('dialog');
    await expect
      .poll(() => status.getByRole('status').textContent(), { timeout: 20_000 })
      .toBe('MoonPay ran into an error when processing your transaction. Try again?');
    await status.getByRole('button', { name: 'Done' }).click();
    expect(await funded).toMatchObject({ status: 'serviceFailure' });
  });

  it("refuses another provider with §8's text before any screen, and a visitor who is not logged in", async () => {
    const stranger = await openPage('/fund-refused.html');
    const refusal = (page: Page, options: object) =>
      page.evaluate(
        (o) =>
          window.LoginWidget.fundWallet('0x0000000000000000000000000000000000000001', o).then(
            () => 'ok',
            (e: Error) => e.message,
          ),
        options,
      );
    expect(await refusal(stranger, {})).toBe('User must be authenticated');
    const { page } = await emptyWallet('/fund-other.html', 'ivy.fund@example.com');
    expect(await refusal(page, { provider: 'other' })).toBe(
      'Unsupported fund provider. Currently supported option is the single on-ramp provider.',
    );
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it("a chain the on-ramp cannot fund: no 'Add funds' on its send, and fundWallet says why", async () => {
    const { page, address } = await emptyWallet('/fund-unknown-chain.html', 'jo.fund@example.com', false);
    const loads = moonpay.widgetLoads.length;
    const sent = sendOneWei(page);
    const review = await dialogNamed(page, 'Send ETH', 20_000);
    await expect
      .poll(() => review.getByRole('alert').textContent(), { timeout: 15_000 })
      .toBe('Wallet has insufficient funds for this transaction.');
    expect(await review.getByRole('button', { name: 'Add funds' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    expect(await sent).toBe(4001);
    const refused = await page.evaluate(
      (a) =>
        window.LoginWidget.fundWallet(a).then(
          () => 'ok',
          (e: { code?: string; message?: string }) => ({ code: e.code, message: e.message }),
        ),
      address,
    );
    expect(refused).toEqual({
      code: 'fiat_on_ramp_unsupported_chain',
      message:
        'Card purchases cannot fund this network. Name the currency in config.currencyCode, or send funds from another wallet.',
    });
    expect(moonpay.widgetLoads.length).toBe(loads);
  });
});

/**
 * What a script on the host page can do with the embedded wallet while the app enforces its wallet
 * UIs (the default): with the user's token in hand it posts to the wallet frame, calls the EIP-1193
 * provider and clicks every control of the modal, and reads everything typed into the page. It
 * gets no signature and no transaction, and never a recovery password, a step-up code or an MFA
 * code: those are typed, and approvals clicked, in the provider-origin surface. A person's click
 * there signs and sends, and a new browser recovers the wallet with a code sent to the old email.
 */
import { ethers } from 'ethers';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SURFACE_MIN_VISIBLE_MS } from '../../src/protocol/surface.js';
import {
  clickEverything,
  pageNeverHeld,
  postToWalletFrame,
  recordTypedInPage,
  scriptReplies,
  typedInPage,
} from './page-script.js';
import { logInByEmail } from './steps.js';
import { setPasswordInSurface, typeCodeInSurface, verifyByEmail } from './surface-steps.js';
import { framePosts } from './wallet-frames.js';
import {
  approveOnReview,
  balanceOf,
  chain,
  clickInSurface,
  contexts,
  openWalletPage,
  signOnPage,
  surfaceOf,
  useWalletWorld,
  waitForDialog,
  waitForNoDialog,
  world,
} from './wallet-world.js';

useWalletWorld({ settings: ['mfa.methods=totp'] });

const DANA = 'dana.script@example.com';
const PASSWORD = 'Correct-Horse-Battery-7';
const EVIL = 'I approve transfer of everything to 0xEvil';

/** A page with the recorder installed before the widget's scripts (a fresh browser). */
async function openRecordedPage(path: string) {
  return openWalletPage(path, { requireUserPasswordOnCreate: true }, [recordTypedInPage]);
}

describe('a page script and the provider-origin surface', () => {
  let page: Page;
  let dana: string;
  let authenticator: TOTP;

  it('sets the recovery password in the surface; the page never sees it', async () => {
    ({ page } = await openRecordedPage('/script.html'));
    await logInByEmail(world, page, DANA);
    await setPasswordInSurface(page, PASSWORD);
    await expect
      .poll(() => page.getByText('Your wallet is secured with your password.').isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    dana = (await page.evaluate(() => window.LoginWidget.user.wallet.address)) as string;
    expect(dana).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await page.evaluate(() => window.LoginWidget.user.wallet.recoveryMethod)).toBe('user-passcode');
    await waitForNoDialog(page, 6000);
    expect(await pageNeverHeld(page, PASSWORD)).toEqual([]);
    // The recorder works: it has the email typed on the page, and the login code typed there.
    const typed = await typedInPage(page);
    expect(typed.values).toContain(DANA);
    expect(typed.keys).toMatch(/\d{6}/);
  });

  it('gets no signature from posting to the frame itself, however it asks', async () => {
    const message = ethers.hexlify(ethers.toUtf8Bytes(EVIL));
    const transaction = {
      to: ethers.Wallet.createRandom().address,
      value: '0xde0b6b3a7640000',
      chainId: chain.chainId,
    };
    // Asked silently, or quietly (no surface to show), the frame refuses.
    await postToWalletFrame(page, [
      {
        id: 'evil-silent',
        type: 'wallet:rpc',
        data: { address: dana, silent: true, request: { method: 'personal_sign', params: [message, dana] } },
      },
      {
        id: 'evil-quiet',
        type: 'wallet:rpc',
        quiet: true,
        data: { address: dana, request: { method: 'eth_signTransaction', params: [transaction] } },
      },
    ]);
    await expect.poll(() => scriptReplies(page).then((r) => r.length), { timeout: 10_000 }).toBe(2);
    // Asked plainly, it waits for the user in a surface: the script frames that surface itself
    // and presses on it from outside (clicks, keys, focus, messages).
    await postToWalletFrame(page, [
      {
        id: 'evil-sign',
        type: 'wallet:rpc',
        data: { address: dana, request: { method: 'personal_sign', params: [message, dana] } },
      },
    ]);
    const framed = page.frameLocator('iframe[data-surface="script"]');
    await framed.getByRole('button', { name: 'Sign', exact: true }).waitFor({ timeout: 20_000 });
    expect(await framed.locator('pre').textContent()).toBe(EVIL);
    await page.waitForTimeout(SURFACE_MIN_VISIBLE_MS);
    expect(await clickEverything(page, 1500)).toBeGreaterThan(0);
    await page.waitForTimeout(1000);
    // It gives up; the request ends as rejected, and the export it asks next ends the same way.
    await postToWalletFrame(page, [
      { id: 'evil-cancel', type: 'wallet:cancel', data: { request: 'evil-sign' } },
    ]);
    await postToWalletFrame(page, [{ id: 'evil-export', type: 'wallet:export', data: { address: dana } }]);
    await expect
      .poll(() => page.locator('iframe[data-surface="script"]').count(), { timeout: 20_000 })
      .toBe(2);
    await clickEverything(page, 1500);
    await postToWalletFrame(page, [
      { id: 'evil-cancel-2', type: 'wallet:cancel', data: { request: 'evil-export' } },
    ]);
    await expect.poll(() => scriptReplies(page).then((r) => r.length), { timeout: 10_000 }).toBe(6);
    const replies = await scriptReplies(page);
    expect(
      replies.map((reply) => [reply.id, (reply.error as { type?: string })?.type ?? reply.data]),
    ).toEqual([
      ['evil-silent', 'invalid_request_arguments'],
      ['evil-quiet', 'user_action_required'],
      ['evil-cancel', { cancelled: true }],
      ['evil-sign', 'user_rejected'],
      ['evil-cancel-2', { cancelled: true }],
      ['evil-export', 'user_rejected'],
    ]);
    await page.evaluate(() => {
      for (const framedSurface of document.querySelectorAll('iframe[data-surface="script"]'))
        framedSurface.remove();
    });
    const posts = (await framePosts(page, world.appId)).map((post) => post.message).join('\n');
    expect(posts).not.toMatch(/"response"|privateKey|0x[0-9a-f]{130}/i);
  });

  it('gets no signature and no transaction by clicking every control of the modal', async () => {
    await chain.fund(dana, ethers.parseEther('1'));
    const nonce = () => chain.rpc<string>('eth_getTransactionCount', [dana, 'latest']);
    const signing = page.evaluate(
      ([text, address]) =>
        window.LoginWidget.getEthereumProvider()
          .then((provider: { request(args: unknown): Promise<string> }) =>
            provider.request({ method: 'personal_sign', params: [text, address] }),
          )
          .then(
            (signature: string) => signature,
            (error: { code?: number }) => `rejected ${error.code}`,
          ),
      [EVIL, dana] as const,
    );
    await waitForDialog(page, 'Sign message');
    await surfaceOf(page).locator('pre').waitFor({ timeout: 20_000 });
    expect(await clickEverything(page, 2000)).toBeGreaterThan(10);
    // The request still waits on the user; the script's last resort, Close, only rejects it.
    expect(await Promise.race([signing, page.waitForTimeout(500).then(() => 'waiting')])).toBe('waiting');
    await clickEverything(page, 200, true);
    expect(await signing).toBe('rejected 4001');

    const sending = page.evaluate(
      (to) =>
        window.LoginWidget.getEthereumProvider()
          .then((provider: { request(args: unknown): Promise<string> }) =>
            provider.request({ method: 'eth_sendTransaction', params: [{ to, value: '0x6f05b59d3b20000' }] }),
          )
          .then(
            (hash: string) => hash,
            (error: { code?: number }) => `rejected ${error.code}`,
          ),
      ethers.Wallet.createRandom().address,
    );
    await waitForDialog(page, 'Send ETH');
    await surfaceOf(page).getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 20_000 });
    await clickEverything(page, 2000);
    expect(await Promise.race([sending, page.waitForTimeout(500).then(() => 'waiting')])).toBe('waiting');
    await clickEverything(page, 200, true);
    expect(await sending).toBe('rejected 4001');
    expect(await nonce()).toBe('0x0');
    expect(await balanceOf(dana)).toBe(ethers.parseEther('1'));
    await waitForNoDialog(page);
  });

  it('signs and sends after a click of the user in the surface', async () => {
    const message = 'Order 42: one blue mug';
    expect(ethers.verifyMessage(message, await signOnPage(page, message))).toBe(dana);

    const recipient = ethers.Wallet.createRandom().address;
    const sent = page.evaluate(
      (to) => window.LoginWidget.sendTransaction({ to, value: 10n ** 17n }),
      recipient,
    );
    const done = await approveOnReview(page, '0.1 ETH');
    expect((await sent).status).toBe('success');
    expect(await balanceOf(recipient)).toBe(10n ** 17n);
    await done.getByRole('button', { name: 'All done' }).click();
    await waitForNoDialog(page);
  });

  it('adds an authenticator in the surface; the page never holds its secret or code', async () => {
    const enrolled = page.evaluate(() => window.LoginWidget.showMfaEnrollment());
    const dialog = await waitForDialog(page, 'Two-step verification');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: /Authenticator app/ }).click();
    // A change of the account: a code mailed to her signup email approves it, in the surface.
    await verifyByEmail(page, world.mailbox, DANA);
    const surface = surfaceOf(page);
    const secretText = surface.locator('code.mono');
    await secretText.waitFor({ timeout: 20_000 });
    const secret = (await secretText.textContent()) as string;
    authenticator = new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')) });
    const code = authenticator.generate();
    await typeCodeInSurface(page, code);
    await waitForDialog(page, 'Two-step verification is on', 20_000);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await enrolled;
    expect(await pageNeverHeld(page, code)).toEqual([]);
    expect(await pageNeverHeld(page, secret)).toEqual([]);
  });

  it("recovers in a new browser after the old email's code, the authenticator's and the password, typed in the surface", async () => {
    const { page: other } = await openRecordedPage('/script-new.html');
    await logInByEmail(world, other, DANA);
    await expect
      .poll(() => other.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(true);
    const signed = other.evaluate(
      () => window.LoginWidget.signMessage('Back on a new laptop') as Promise<string>,
    );
    const since = world.mailbox.messages.length;
    await clickInSurface(other, `Email a code to ${'d•••@example.com'}`);
    const code = await world.mailbox.codeFor(DANA, since);
    await typeCodeInSurface(other, code);
    // Two-step verification is on: the authenticator's code too, in the surface (the next period's
    // code: the enrolment used this one's, and a used period is refused).
    const surface = surfaceOf(other);
    await surface.getByText('Enter the code from your authenticator app').waitFor({ timeout: 20_000 });
    const mfaCode = authenticator.generate({ timestamp: Date.now() + 30_000 });
    await typeCodeInSurface(other, mfaCode);
    await surface.getByLabel('Recovery password').waitFor({ timeout: 20_000 });
    // Typed key by key, as a person does: the keys go to the surface's document, not the page's.
    await surface.getByLabel('Recovery password').pressSequentially(PASSWORD);
    await clickInSurface(other, 'Continue');
    await surface.locator('pre').waitFor({ timeout: 20_000 });
    await clickInSurface(other, 'Sign');
    expect(ethers.verifyMessage('Back on a new laptop', await signed)).toBe(dana);
    expect(await pageNeverHeld(other, code)).toEqual([]);
    expect(await pageNeverHeld(other, PASSWORD)).toEqual([]);
    expect(await pageNeverHeld(other, mfaCode)).toEqual([]);
    expect(contexts.length).toBe(2);
  });
});

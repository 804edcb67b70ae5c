/**
 * An app's webhooks in the console, in Chromium against the built provider: an operator points
 * the app's webhooks at a local receiver that answers 500, chooses one event and makes a signing
 * secret (shown once); a user logs in on the host page; the log shows the failed delivery with
 * its status code; with the receiver answering 200, Replay delivers it, signed with that secret,
 * and the log (read again by itself after a replay) says so. axe-core finds nothing, light and
 * dark; screenshots console-webhooks-*.png at 1280×800 and 390×844.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyStandardWebhook, WebhookReceiver } from '../support/webhook-receiver.js';
import { checkPage } from './console-steps.js';
import { logInByEmail, openHostPage } from './steps.js';
import { startWorld, type World } from './world.js';

let world: World;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = new WebhookReceiver();
  await receiver.start();
  world = await startWorld({
    appName: 'Acme Shop',
    // The receiver is on loopback: allowed for development and tests only.
    env: { GATEHOUSE_CONSOLE: 'true', GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE: 'true' },
  });
}, 60_000);
afterAll(async () => {
  await world?.stop();
  await receiver?.stop();
});

const deliveryRow = (page: Page) => page.getByRole('row').filter({ hasText: 'user.authenticated' });

/** The log's row, read again with Refresh until it says `text`. */
async function refreshUntil(page: Page, text: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        return deliveryRow(page).innerText();
      },
      { timeout: 10_000, interval: 500 },
    )
    .toContain(text);
}

describe('the console webhooks part', () => {
  it('shows a failed delivery with its code, replays it to a receiver that now answers 200', async () => {
    const page = await world.browser.newPage();
    await page.goto((await world.provider.cli('console', 'link')).trim());
    await page.getByRole('button', { name: 'Manage Acme Shop' }).click();
    await page.getByRole('heading', { level: 3, name: 'Webhooks' }).waitFor();
    await page.getByText('No deliveries yet.').waitFor();

    // The URL and one event, saved; the URL's origin only is shown from then on.
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    for (const event of ['user.created', 'user.linked_account', 'user.unlinked_account', 'user.deleted'])
      await page.getByLabel(event, { exact: true }).uncheck();
    for (const event of ['wallet.created', 'mfa.enrolled'])
      await page.getByLabel(event, { exact: true }).uncheck();
    await page.getByRole('button', { name: 'Save webhook settings' }).click();
    await page.getByText('Webhook settings saved.').waitFor();
    await page.getByText(`Events go to ${new URL(receiver.url).origin}/…`).waitFor();

    // A signing secret, shown once with its note, focused for copying.
    await page.getByRole('button', { name: 'Make a new signing secret' }).click();
    const field = page.getByLabel('New signing secret');
    await field.waitFor();
    const secret = await field.inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByText('Shown only now').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('webhook-secret');

    // The receiver fails until told otherwise; a user logs in on the host page.
    receiver.answers.push(500, 500, 500, 500, 500);
    const host = await openHostPage(world, '/');
    await logInByEmail(world, host.page, 'hooked@example.com');
    const failed = await receiver.received.waitFor(() => true, 0, 10_000, 'the first attempt');
    expect(failed.event.type).toBe('user.authenticated');
    expect(verifyStandardWebhook(secret, failed)).toBe(true);
    await refreshUntil(page, 'Retrying');
    expect(await deliveryRow(page).innerText()).toContain('500');
    await checkPage(page, 'webhooks');

    // Replay, with the receiver answering 200: the log reads itself again until it is delivered.
    receiver.answers.length = 0;
    // By keyboard: the log's region takes the focus, then Tab reaches Replay and Enter presses it.
    await page.getByRole('region', { name: 'Webhook deliveries' }).focus();
    await page.keyboard.press('Tab');
    const replay = deliveryRow(page).getByRole('button', { name: /^Replay user\.authenticated/ });
    await expect.poll(() => replay.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText('user.authenticated queued again.').waitFor();
    await expect.poll(() => deliveryRow(page).innerText(), { timeout: 10_000 }).toContain('Delivered');
    expect(await deliveryRow(page).innerText()).toContain('200');
    const delivered = receiver.received.items.find((hook) => hook.id === failed.id && hook.status === 200);
    expect(delivered && verifyStandardWebhook(secret, delivered)).toBe(true);
    await checkPage(page, 'webhooks-delivered');
    await host.context.close();
  });
});

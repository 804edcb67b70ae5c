import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInByEmail, openHostPage, seenEvents } from './steps.js';
import { startWorld, type World } from './world.js';

let world: World;

beforeAll(async () => {
  world = await startWorld({
    settings: [
      'require_users_accept_terms=true',
      'terms_and_conditions_url=https://acme.example/terms',
      'privacy_policy_url=https://acme.example/privacy',
    ],
  });
});

afterAll(() => world?.stop());

describe('terms acceptance (§4.2)', () => {
  it("a new user sees 'One last step', accepts, and is logged in; they are not asked again", async () => {
    const { page, context, pageErrors } = await openHostPage(world, '/accept.html');
    // §2.3: no "By logging in I agree" footer when acceptance is required.
    await page.click('#login');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Log in or sign up').isVisible()).toBe(true);
    expect(await dialog.textContent()).not.toContain('By logging in I agree');
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Closed without logging in: the host hears exited_auth_flow (§8); the story below starts afresh.
    await expect
      .poll(() => page.evaluate(() => window.seen.map((e: { detail: { code?: string } }) => e.detail?.code)))
      .toEqual(['exited_auth_flow']);
    await page.evaluate(() => {
      window.seen.length = 0;
    });

    await logInByEmail(world, page, 'alice@example.com');
    const consent = page.getByRole('dialog', { name: 'One last step' });
    await expect.poll(() => consent.isVisible(), { timeout: 10_000 }).toBe(true);
    const terms = consent.getByRole('link', { name: 'View terms' });
    expect(await terms.getAttribute('href')).toBe('https://acme.example/terms');
    expect(await terms.getAttribute('target')).toBe('_blank');
    expect(await terms.getAttribute('rel')).toContain('noopener');
    expect(await consent.getByRole('link', { name: 'View privacy policy' }).getAttribute('href')).toBe(
      'https://acme.example/privacy',
    );
    // The host hears of the login only once the terms are accepted.
    expect(await seenEvents(page)).toEqual([]);

    await consent.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await seenEvents(page)).toEqual(['login:success']);
    expect(await page.evaluate(() => window.LoginWidget.user?.hasAcceptedTerms)).toBe(true);

    // Logged out and in again: straight in, no consent screen.
    await page.click('#logout');
    await expect.poll(() => page.evaluate(() => window.LoginWidget.authenticated)).toBe(false);
    await logInByEmail(world, page, 'alice@example.com');
    await expect
      .poll(() => seenEvents(page), { timeout: 10_000 })
      .toEqual(['login:success', 'logout', 'login:success']);
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 5000 }).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("'No thanks' logs the user out, and they stay out after a reload", async () => {
    const { page, context } = await openHostPage(world, '/decline.html');
    await logInByEmail(world, page, 'bob@example.com');
    const consent = page.getByRole('dialog', { name: 'One last step' });
    await expect.poll(() => consent.isVisible(), { timeout: 10_000 }).toBe(true);
    await consent.getByRole('button', { name: 'No thanks' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect.poll(() => seenEvents(page)).toEqual(['logout']);
    expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(false);
    expect(await page.evaluate(() => window.LoginWidget.getAccessToken())).toBeNull();
    await page.reload();
    await page.evaluate(() => window.LoginWidget.ready);
    expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(false);
    await context.close();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInByEmail, openHostPage, seenEvents } from './steps.js';
import { startWorld, type World } from './world.js';

let world: World;

beforeAll(async () => {
  world = await startWorld({
    settings: [
      'allowlist.enabled=true',
      'allowlist.emails=alice@example.com',
      'allowlist.email_domains=team.example',
    ],
  });
});

afterAll(() => world?.stop());

describe('allowlist (§6)', () => {
  it("an address not on the list sees 'You don't have access to this app'; 'Try another account' leads back, a listed one gets in", async () => {
    const { page, context, pageErrors } = await openHostPage(world, '/allowlist.html');
    await logInByEmail(world, page, 'mallory@example.com');
    const rejection = page.getByRole('dialog', { name: "You don't have access to this app" });
    await expect.poll(() => rejection.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await rejection.getByText('Have you been invited?').isVisible()).toBe(true);
    expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(false);
    const error = await page.evaluate(() =>
      window.seen.find((e: { name: string }) => e.name === 'login:error'),
    );
    expect(error?.detail.code).toBe('allowlist_rejected');

    await rejection.getByRole('button', { name: 'Try another account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await logInByEmail(world, page, 'carol@team.example');
    await expect
      .poll(() => page.evaluate(() => window.LoginWidget.authenticated), { timeout: 10_000 })
      .toBe(true);
    // The rejection, then closing LANDING without logging in (exited_auth_flow, §8), then the login.
    expect(await seenEvents(page)).toEqual(['login:error', 'login:error', 'login:success']);
    const codes = await page.evaluate(() =>
      window.seen.map((e: { detail: { code?: string } }) => e.detail?.code),
    );
    expect(codes.slice(0, 2)).toEqual(['allowlist_rejected', 'exited_auth_flow']);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("shows the app's own texts, and its button links to the configured page", async () => {
    await world.provider.cli(
      'apps',
      'set',
      world.appId,
      'allowlist_config.error_title=Invite only',
      'allowlist_config.error_detail=Acme Shop is in private beta.',
      'allowlist_config.cta_text=Join the waitlist',
      'allowlist_config.cta_link=https://acme.example/waitlist',
    );
    const { page, context } = await openHostPage(world, '/allowlist-texts.html');
    await logInByEmail(world, page, 'eve@example.com');
    const rejection = page.getByRole('dialog', { name: 'Invite only' });
    await expect.poll(() => rejection.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await rejection.getByText('Acme Shop is in private beta.').isVisible()).toBe(true);
    const cta = rejection.getByRole('link', { name: 'Join the waitlist' });
    expect(await cta.getAttribute('href')).toBe('https://acme.example/waitlist');
    expect(await cta.getAttribute('target')).toBe('_blank');
    await context.close();
  });
});

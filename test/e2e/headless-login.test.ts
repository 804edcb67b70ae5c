/**
 * Headless login (docs/guide/headless.md) from a plain host page on another origin: the page has
 * its own email field and code field and logs the visitor in through LoginWidget.sendCode and
 * loginWithCode; the widget's modal never opens, and the page hears login:success.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openHostPage, seenEvents } from './steps.js';
import { startWorld, type World } from './world.js';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(() => world?.stop());

/** A site owner's own login form over the headless methods; `window.dialogSeen` notes any modal. */
function formPage(loaderUrl: string, appId: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Own form</title>
<script src="${loaderUrl}" data-app-id="${appId}" async></script>
<script>
  window.seen = [];
  window.dialogSeen = false;
  for (const name of ['login:success', 'login:error', 'modal:close']) {
    window.addEventListener(name, (e) => window.seen.push({ name, detail: e.detail }));
  }
  const say = (text) => (document.getElementById('status').textContent = text);
  const failed = (error) => say(error.code + ': ' + error.message);
  window.addEventListener('gatehouse:ready', () => {
    const root = document.getElementById('gatehouse-root').shadowRoot;
    const look = () => (window.dialogSeen ||= !!root.querySelector('[role="dialog"]'));
    new MutationObserver(look).observe(root, { subtree: true, childList: true, attributes: true });
  });
  document.addEventListener('DOMContentLoaded', () => {
    document.getElementById('email-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const email = document.getElementById('email').value;
      LoginWidget.sendCode({ email }).then(() => say('Code sent to ' + email), failed);
    });
    document.getElementById('code-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const code = document.getElementById('code').value;
      LoginWidget.loginWithCode({ code }).then((user) => say('Signed in as ' + user.email.address), failed);
    });
  });
</script>
</head>
<body>
<h1>Sign in to Acme</h1>
<form id="email-form" novalidate><label>Your email <input id="email" type="email"></label><button>Send code</button></form>
<form id="code-form"><label>Code <input id="code" inputmode="numeric"></label><button>Log in</button></form>
<p id="status" role="status"></p>
</body>
</html>`;
}

it("logs in through the page's own email and code fields, without the modal", async () => {
  const html = formPage(`${world.provider.url}/loader.js`, world.appId);
  const { page, context, pageErrors } = await openHostPage(world, '/own-form.html', html);
  const status = page.getByRole('status');

  // A mistyped address: the widget's own validation, as the host API's {code, message}.
  await page.getByLabel('Your email').fill('grace@');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect.poll(() => status.textContent()).toBe('invalid_data: Please enter a valid email address.');

  const since = world.mailbox.messages.length;
  await page.getByLabel('Your email').fill('grace@example.com');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect.poll(() => status.textContent()).toBe('Code sent to grace@example.com');
  const code = await world.mailbox.codeFor('grace@example.com', since);

  // A wrong code first: refused, and login:error says what the code screen would.
  await page.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => status.textContent()).toMatch(/^invalid_credentials: /);

  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('Signed in as grace@example.com');
  expect(await seenEvents(page)).toEqual(['login:error', 'login:success']);
  expect(await page.evaluate(() => window.LoginWidget.authenticated)).toBe(true);
  expect(await page.evaluate(() => window.LoginWidget.user?.email?.address)).toBe('grace@example.com');
  expect(await page.evaluate(() => (window as unknown as { dialogSeen: boolean }).dialogSeen)).toBe(false);
  expect(await page.getByRole('dialog').count()).toBe(0);
  await page.screenshot({ path: 'test-results/screenshots/headless-login.png' });
  expect(pageErrors).toEqual([]);
  await context.close();
});

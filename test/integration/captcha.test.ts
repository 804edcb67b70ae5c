import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../src/protocol/api-errors.js';
import { HEADERS } from '../../src/protocol/constants.js';
import { freePort } from '../support/provider.js';
import { TurnstileStandIn } from '../support/turnstile.js';
import { type Harness, ORIGIN, runCliCaptured, startHarness, tempDir } from './harness.js';

const EMAIL = 'alice@example.com';

describe('captcha on POST /api/v1/passwordless/init (Turnstile siteverify)', () => {
  const turnstile = new TurnstileStandIn();
  let h: Harness;

  beforeAll(() => turnstile.start());
  afterAll(() => turnstile.stop());

  async function enableCaptcha(harness: Harness, verifyUrl: string | null = turnstile.verifyUrl) {
    const { apps, captcha } = harness.server.gatehouse;
    await apps.update(harness.appId, [
      { field: 'captcha_enabled', value: true },
      { field: 'captcha_site_key', value: turnstile.gatehouseSiteKey },
    ]);
    await captcha.set(harness.appId, 'captcha_secret_key', turnstile.secretKey);
    if (verifyUrl) await captcha.set(harness.appId, 'captcha_verify_url', verifyUrl);
  }

  const init = (body: object) => h.post('/api/v1/passwordless/init', { email: EMAIL, ...body });

  describe('with the app pointing at the local siteverify', () => {
    beforeEach(async () => {
      h = await startHarness();
      await enableCaptcha(h);
    });
    afterEach(() => h.close());

    it('refuses an init without a token: invalid_captcha, and no code is mailed', async () => {
      const response = await init({});
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'invalid_captcha', message: 'Please try again.' });
      await h.server.gatehouse.mailer.settled();
      expect(h.mailbox.messages).toHaveLength(0);
      expect(turnstile.verifyCalls.length).toBe(0);
    });

    it('refuses a token Turnstile did not issue: captcha_failure', async () => {
      const response = await init({ token: 'XXXX.DUMMY.made-up' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'captcha_failure',
        message: 'You did not pass CAPTCHA. Please try again.',
      });
      await h.server.gatehouse.mailer.settled();
      expect(h.mailbox.messages).toHaveLength(0);
    });

    it('accepts a solved challenge, checks it with the secret and the caller IP, and mails the code', async () => {
      const token = turnstile.issue();
      const response = await init({ token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });
      expect(turnstile.verifyCalls.at(-1)).toEqual({
        secret: turnstile.secretKey,
        response: token,
        remoteip: '127.0.0.1',
      });
      const code = await h.mailbox.codeFor(EMAIL);
      const login = await h.post('/api/v1/passwordless/authenticate', { email: EMAIL, code });
      expect(login.statusCode).toBe(200);
    });

    it('refuses a token used twice with invalid_captcha, so the widget gets a fresh one', async () => {
      const token = turnstile.issue();
      expect((await init({ token })).statusCode).toBe(200);
      const again = await init({ token });
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('invalid_captcha');
    });

    it('never answers the secret or the verify URL in the public configuration', async () => {
      const response = await h.inject({
        method: 'GET',
        url: `/api/v1/apps/${h.appId}`,
        headers: { origin: ORIGIN },
      });
      expect(response.json()).toMatchObject({
        captcha_enabled: true,
        captcha_site_key: turnstile.gatehouseSiteKey,
        captcha_script_url: null,
      });
      expect(response.body).not.toContain(turnstile.secretKey);
      expect(response.body).not.toContain(turnstile.verifyUrl);
    });

    it('keeps the secret encrypted at rest', async () => {
      const rows = await h.server.gatehouse.db.selectFrom('app_secrets').selectAll().execute();
      expect(rows.map((row) => row.name).sort()).toEqual(['captcha_secret_key', 'captcha_verify_url']);
      for (const row of rows) expect(row.value).not.toContain(turnstile.secretKey);
      expect(await h.server.gatehouse.captcha.configured(h.appId)).toEqual([
        'captcha_secret_key',
        'captcha_verify_url',
      ]);
    });

    it('answers a clear 503 when the secret is wrong, without a 500 or the secret in the answer', async () => {
      await h.server.gatehouse.captcha.set(h.appId, 'captcha_secret_key', 'wrong-secret');
      const response = await init({ token: turnstile.issue() });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 'captcha_unavailable',
        message: API_ERRORS.captcha_unavailable.message,
      });
    });

    it('refuses a token that is not a string before any check', async () => {
      const response = await init({ token: 123 });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_data');
    });

    it('does not check tokens once captcha is switched off', async () => {
      await h.server.gatehouse.apps.update(h.appId, [{ field: 'captcha_enabled', value: false }]);
      const before = turnstile.verifyCalls.length;
      expect((await init({})).statusCode).toBe(200);
      expect(turnstile.verifyCalls.length).toBe(before);
    });
  });

  it('answers captcha_unavailable (503, not 500) when siteverify cannot be reached', async () => {
    // A port nothing listens on.
    const closed = await freePort();
    h = await startHarness();
    try {
      await enableCaptcha(h, `http://127.0.0.1:${closed}/turnstile/v0/siteverify`);
      const response = await init({ token: turnstile.issue() });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        code: 'captcha_unavailable',
        message: 'The captcha could not be checked. Please try again later.',
      });
      await h.server.gatehouse.mailer.settled();
      expect(h.mailbox.messages).toHaveLength(0);
    } finally {
      await h.close();
    }
  });

  it('answers captcha_unavailable when siteverify answers something other than its JSON', async () => {
    h = await startHarness();
    try {
      await enableCaptcha(h, `${turnstile.origin}/not-siteverify`);
      const response = await init({ token: turnstile.issue() });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe('captcha_unavailable');
    } finally {
      await h.close();
    }
  });

  it('uses GATEHOUSE_TURNSTILE_VERIFY_URL for apps without their own verify URL', async () => {
    h = await startHarness({
      turnstileVerifyUrl: turnstile.verifyUrl,
      turnstileScriptUrl: turnstile.scriptUrl,
    });
    try {
      await enableCaptcha(h, null);
      expect((await init({ token: turnstile.issue() })).statusCode).toBe(200);
      expect((await init({ token: 'XXXX.DUMMY.forged' })).json().code).toBe('captcha_failure');
      const config = await h.inject({
        method: 'GET',
        url: `/api/v1/apps/${h.appId}`,
        headers: { origin: ORIGIN, [HEADERS.appId]: h.appId },
      });
      expect(config.json().captcha_script_url).toBe(turnstile.scriptUrl);
    } finally {
      await h.close();
    }
  });
});

describe('gatehouse apps set: captcha settings', () => {
  let dir: ReturnType<typeof tempDir>;
  let env: Record<string, string>;
  beforeEach(() => {
    dir = tempDir();
    env = { GATEHOUSE_DATABASE_URL: `file:${join(dir.path, 'gh.db')}` };
  });
  afterEach(() => dir.remove());

  const cli = (...argv: string[]) => runCliCaptured(env, argv);

  it('keeps the secret off the printed configuration and says which server-only settings are set', async () => {
    const created = await cli('apps', 'create', '--name', 'Shop', '--origin', ORIGIN);
    const id = created.stdout.trim().split('\n').pop() as string;
    const run = await cli(
      'apps',
      'set',
      id,
      'captcha_enabled=true',
      'captcha_site_key=t:0x4AAAAAAAsitekey',
      'captcha_secret_key=0x4AAAAAAAsecretkey',
      'captcha_verify_url=http://127.0.0.1:9/siteverify',
    );
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      captcha_enabled: true,
      captcha_site_key: 't:0x4AAAAAAAsitekey',
    });
    expect(run.stdout).not.toContain('0x4AAAAAAAsecretkey');
    expect(run.stdout).not.toContain('siteverify');
    expect(run.stderr).toBe('Server-only settings set: captcha_secret_key, captcha_verify_url\n');
    const cleared = await cli('apps', 'set', id, 'captcha_secret_key=null', 'captcha_verify_url=null');
    expect(cleared.stderr).toBe('');
  });

  it.each([
    ['captcha_site_key=0x4AAAAAAAsitekey', 'expected a Turnstile site key written t:<site key>, or null'],
    ['captcha_verify_url=ftp://x', 'Invalid value for captcha_verify_url: expected an http(s) URL, or null.'],
    [
      'captcha_secret_key=has spaces',
      'Invalid value for captcha_secret_key: expected a Turnstile secret key',
    ],
  ])('refuses %s with exit code 2', async (assignment, message) => {
    const created = await cli('apps', 'create', '--name', 'Shop', '--origin', ORIGIN);
    const id = created.stdout.trim().split('\n').pop() as string;
    const run = await cli('apps', 'set', id, assignment);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '../../src/protocol/constants.js';
import { PASSKEY_API_PATHS, PASSKEY_CHALLENGE_TTL_MS } from '../../src/protocol/passkey.js';
import { TurnstileStandIn } from '../support/turnstile.js';
import { ORIGIN } from './harness.js';
import { expectCode, framePost, optionsOf, usePasskeys } from './passkey-support.js';
import { rawRequest } from './wallet-support.js';

/**
 * The captcha in front of a passkey login or sign-up is solved once per visit: a Turnstile token is
 * single use, so the visitor's next try (a passkey the provider refused, 'Create a passkey' after a
 * login's options) names the previous try's challenge instead, while the captcha is less than
 * PASSKEY_CHALLENGE_TTL_MS old. Checked against a local siteverify that refuses a spent token.
 */
const w = usePasskeys();
const turnstile = new TurnstileStandIn();
beforeAll(() => turnstile.start());
afterAll(() => turnstile.stop());

async function captchaOn(appId = w.h.appId): Promise<void> {
  const { apps, captcha } = w.h.server.gatehouse;
  await apps.update(appId, [
    { field: 'captcha_enabled', value: true },
    { field: 'captcha_site_key', value: turnstile.gatehouseSiteKey },
  ]);
  await captcha.set(appId, 'captcha_secret_key', turnstile.secretKey);
  await captcha.set(appId, 'captcha_verify_url', turnstile.verifyUrl);
}

const init = (path: string, body: object) => framePost(w.h, path, undefined, body);

describe('the captcha of a passkey login, once per visit', () => {
  it("a refused try and 'Create a passkey' name the previous challenge; the spent token is refused", async () => {
    await captchaOn();
    const token = turnstile.issue();
    const first = optionsOf(await init(PASSKEY_API_PATHS.loginInit, { token }));
    const calls = turnstile.verifyCalls.length;
    expectCode(await init(PASSKEY_API_PATHS.loginInit, { token }), 400, 'invalid_captcha');

    const again = optionsOf(await init(PASSKEY_API_PATHS.loginInit, { after: first.challenge }));
    expect(again.challenge).not.toBe(first.challenge);
    const signUp = await init(PASSKEY_API_PATHS.registerInit, { after: again.challenge });
    expect(signUp.statusCode, signUp.body).toBe(200);
    // One siteverify call for the spent token; the tries that named a challenge made none.
    expect(turnstile.verifyCalls.length).toBe(calls + 1);
  });

  it('stands for the captcha only while it is younger than the challenge lifetime', async () => {
    await captchaOn();
    const first = optionsOf(await init(PASSKEY_API_PATHS.loginInit, { token: turnstile.issue() }));
    w.h.clock.advance(PASSKEY_CHALLENGE_TTL_MS / 2);
    const second = optionsOf(await init(PASSKEY_API_PATHS.loginInit, { after: first.challenge }));
    w.h.clock.advance(PASSKEY_CHALLENGE_TTL_MS / 2 + 1);
    // The second try's challenge carries the first captcha's time: a chain cannot outlive it.
    expectCode(await init(PASSKEY_API_PATHS.loginInit, { after: second.challenge }), 400, 'invalid_captcha');
  });

  it("refuses a made-up challenge, another app's, and a link's challenge", async () => {
    const { token } = await w.signUp();
    const link = optionsOf(await framePost(w.h, PASSKEY_API_PATHS.registerInit, token));
    const other = await w.h.server.gatehouse.apps.create('Other', [ORIGIN]);
    await w.h.server.gatehouse.apps.update(other.id, [{ field: 'passkey_auth', value: true }]);
    await captchaOn(other.id);
    const headers = { origin: w.h.publicUrl, [HEADERS.appId]: other.id };
    const body = { token: turnstile.issue() };
    const elsewhere = await rawRequest(w.h, 'POST', PASSKEY_API_PATHS.loginInit, undefined, body, headers);
    await captchaOn();

    for (const after of ['made-up', link.challenge, optionsOf(elsewhere).challenge]) {
      expectCode(await init(PASSKEY_API_PATHS.loginInit, { after }), 400, 'invalid_captcha');
    }
  });
});

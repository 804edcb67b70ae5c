import { describe, expect, it } from 'vitest';
import type { AuthResult, UserWire } from '../../src/protocol/api.js';
import { PASSKEY_API_PATHS, PASSKEY_CHALLENGE_TTL_MS } from '../../src/protocol/passkey.js';
import { SoftwareAuthenticator } from '../support/software-authenticator.js';
import { ORIGIN, runCliCaptured } from './harness.js';
import {
  ceremonies,
  expectCode,
  framePost,
  optionsOf,
  passkeysOf,
  unlinkPasskey,
  usePasskeys,
} from './passkey-support.js';
import { rawRequest } from './wallet-support.js';

/**
 * Passkeys at the provider (protocol/passkey.ts): sign up, log in, link and unlink, each checked
 * by @simplewebauthn/server against a software authenticator's real answers; and every refusal a
 * `{code, message}` 400, never a 500.
 */
const w = usePasskeys();

describe('signing up and logging in with a passkey', () => {
  it('signs up a new user whose linked account is the passkey, and logs the same user in again', async () => {
    const options = optionsOf(await framePost(w.h, PASSKEY_API_PATHS.registerInit, undefined));
    expect(options).toMatchObject({
      rp: { name: 'Demo', id: 'gatehouse.test' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      extensions: { credProps: true },
    });
    const signup = await w.signUp();
    expect(signup.is_new_user).toBe(true);
    const [account] = passkeysOf(signup.user);
    expect(account).toMatchObject({
      type: 'passkey',
      credential_id: signup.credentialId,
      authenticator_name: null,
      backed_up: true,
    });

    w.h.clock.advance(60_000);
    const loginOptions = optionsOf(await framePost(w.h, PASSKEY_API_PATHS.loginInit, undefined));
    expect(loginOptions).toMatchObject({ rpId: 'gatehouse.test', userVerification: 'required' });
    expect(loginOptions.allowCredentials ?? []).toEqual([]);
    const login = await w.login();
    expect(login.statusCode, login.body).toBe(200);
    const result = login.json<AuthResult>();
    expect(result.is_new_user).toBe(false);
    expect(result.user.id).toBe(signup.user.id);
    const after = passkeysOf(result.user)[0];
    expect(after?.latest_verified_at).toBe((account?.latest_verified_at ?? 0) + 60);
    const stored = await w.h.server.gatehouse.passkeys.find(w.h.appId, signup.credentialId);
    expect(Number(stored?.counter)).toBe(1);
    expect(Number(stored?.last_used_at)).toBe(w.h.clock.now());
    expect(JSON.parse(stored?.transports ?? '[]')).toEqual(['hybrid', 'internal']);
  });

  it('names a known authenticator by its AAGUID, and a device-bound one is not backed up', async () => {
    const named = new SoftwareAuthenticator({
      origin: w.h.publicUrl,
      aaguid: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4',
      synced: false,
    });
    const { signUp } = ceremonies(w.h, named);
    const [account] = passkeysOf((await signUp()).user);
    expect(account).toMatchObject({ authenticator_name: 'Google Password Manager', backed_up: false });
  });

  it('refuses a login and a sign-up once `gatehouse apps set` turns passkey_auth off', async () => {
    const signup = await w.signUp();
    const config = await w.h.inject({ method: 'GET', url: `/api/v1/apps/${w.h.appId}` });
    expect(config.json<{ passkey_auth: boolean }>().passkey_auth).toBe(true);
    const set = await runCliCaptured(w.h.database.env, ['apps', 'set', w.h.appId, 'passkey_auth=false']);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({ passkey_auth: false });
    for (const path of [PASSKEY_API_PATHS.loginInit, PASSKEY_API_PATHS.registerInit]) {
      expectCode(await framePost(w.h, path, undefined), 403, 'disallowed_login_method');
    }
    const credential = w.authenticator.get({ challenge: 'x', rpId: 'gatehouse.test' }, signup.credentialId);
    expectCode(
      await framePost(w.h, PASSKEY_API_PATHS.login, undefined, { response: credential }),
      403,
      'disallowed_login_method',
    );
    // A link needs no setting.
    const linked = await w.link(signup.token, await w.linkCredential(signup.token));
    expect(linked.statusCode, linked.body).toBe(200);
  });

  it('asks for the captcha before a login or a sign-up (not a link) when the app enables it', async () => {
    const { token } = await w.signUp();
    await w.h.server.gatehouse.apps.update(w.h.appId, [{ field: 'captcha_enabled', value: true }]);
    for (const path of [PASSKEY_API_PATHS.loginInit, PASSKEY_API_PATHS.registerInit]) {
      expectCode(await framePost(w.h, path, undefined), 400, 'invalid_captcha');
    }
    expect((await framePost(w.h, PASSKEY_API_PATHS.registerInit, token)).statusCode).toBe(200);
  });

  it('answers only the wallet frame: a host page origin is refused', async () => {
    const response = await rawRequest(
      w.h,
      'POST',
      PASSKEY_API_PATHS.loginInit,
      undefined,
      {},
      { origin: ORIGIN },
    );
    expectCode(response, 403, 'invalid_origin');
  });
});

describe('refusals, never a 500', () => {
  it('refuses a counter that goes back', async () => {
    const { credentialId } = await w.signUp();
    expect((await w.login(credentialId, { counter: 5 })).statusCode).toBe(200);
    expectCode(await w.login(credentialId, { counter: 5 }), 400, 'passkey_verification_failed');
    expectCode(await w.login(credentialId, { counter: 3 }), 400, 'passkey_verification_failed');
    expect((await w.login(credentialId, { counter: 6 })).statusCode).toBe(200);
  });

  it('refuses a passkey of another app', async () => {
    const { credentialId } = await w.signUp();
    const other = await w.h.server.gatehouse.apps.create('Other', [ORIGIN]);
    await w.h.server.gatehouse.apps.update(other.id, [{ field: 'passkey_auth', value: true }]);
    const headers = { origin: w.h.publicUrl, 'gatehouse-app-id': other.id };
    const init = await rawRequest(w.h, 'POST', PASSKEY_API_PATHS.loginInit, undefined, {}, headers);
    const credential = w.authenticator.get(optionsOf(init), credentialId);
    const login = await rawRequest(
      w.h,
      'POST',
      PASSKEY_API_PATHS.login,
      undefined,
      { response: credential },
      headers,
    );
    expectCode(login, 400, 'passkey_not_found');
  });

  it('refuses another origin, another RP ID, a foreign top page, a wrong type and no user verification', async () => {
    await w.signUp();
    const cases = [
      { origin: 'https://evil.example' },
      { rpId: 'evil.example' },
      { topOrigin: 'https://evil.example' },
      { type: 'payment.get' },
      { uv: false },
    ];
    for (const changes of cases) {
      expectCode(await w.login(undefined, changes), 400, 'passkey_verification_failed');
    }
    // Framed by the app's own page: fine.
    expect((await w.login(undefined, { topOrigin: ORIGIN })).statusCode).toBe(200);
    for (const changes of cases) {
      const credential = await w.signupCredential(changes);
      const response = await framePost(w.h, PASSKEY_API_PATHS.signup, undefined, { response: credential });
      expectCode(response, 400, 'passkey_verification_failed');
    }
  });

  it('refuses a used, an unknown and an expired challenge', async () => {
    const { credentialId } = await w.signUp();
    const credential = await w.loginCredential(credentialId);
    const body = { response: credential };
    expect((await framePost(w.h, PASSKEY_API_PATHS.login, undefined, body)).statusCode).toBe(200);
    expectCode(
      await framePost(w.h, PASSKEY_API_PATHS.login, undefined, body),
      400,
      'invalid_passkey_challenge',
    );

    const options = optionsOf(await framePost(w.h, PASSKEY_API_PATHS.loginInit, undefined));
    const unknown = w.authenticator.get(options, credentialId, {
      challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expectCode(
      await framePost(w.h, PASSKEY_API_PATHS.login, undefined, { response: unknown }),
      400,
      'invalid_passkey_challenge',
    );

    const late = await w.loginCredential(credentialId);
    w.h.clock.advance(PASSKEY_CHALLENGE_TTL_MS + 1);
    expectCode(
      await framePost(w.h, PASSKEY_API_PATHS.login, undefined, { response: late }),
      400,
      'invalid_passkey_challenge',
    );

    // A sign-up's challenge does not serve a login, nor a login's a sign-up.
    const signupOptions = optionsOf(await framePost(w.h, PASSKEY_API_PATHS.registerInit, undefined));
    const crossed = w.authenticator.get({ ...signupOptions, rpId: 'gatehouse.test' }, credentialId);
    expectCode(
      await framePost(w.h, PASSKEY_API_PATHS.login, undefined, { response: crossed }),
      400,
      'invalid_passkey_challenge',
    );
  });

  it('refuses malformed bodies with 400', async () => {
    const { credentialId } = await w.signUp();
    const good = await w.loginCredential(credentialId);
    const bodies: unknown[] = [
      {},
      { response: 'x' },
      { response: { ...good, type: 'other' } },
      { response: { ...good, id: 5 } },
      { response: { ...good, rawId: 'different' } },
      { response: { ...good, response: { ...good.response, clientDataJSON: '!!not base64!!' } } },
      {
        response: {
          ...good,
          response: { ...good.response, clientDataJSON: Buffer.from('not json').toString('base64url') },
        },
      },
      { response: { ...good, response: { ...good.response, signature: 42 } } },
      { response: { ...good, response: { ...good.response, authenticatorData: 'AAAA' } } },
      { response: { ...good, clientExtensionResults: null } },
    ];
    for (const body of bodies) {
      for (const path of [PASSKEY_API_PATHS.login, PASSKEY_API_PATHS.signup]) {
        const response = await framePost(w.h, path, undefined, body);
        expect(response.statusCode, `${path} ${JSON.stringify(body).slice(0, 80)}: ${response.body}`).toBe(
          400,
        );
        expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
      }
    }
    const garbage = await rawRequest(w.h, 'POST', PASSKEY_API_PATHS.login, undefined, '{"response":');
    expect(garbage.statusCode).toBe(400);
    const registration = await w.signupCredential();
    const broken = { ...registration, response: { ...registration.response, attestationObject: 'AAAA' } };
    expectCode(
      await framePost(w.h, PASSKEY_API_PATHS.signup, undefined, { response: broken }),
      400,
      'passkey_verification_failed',
    );
  });
});

describe('linking and unlinking a passkey', () => {
  it('links a second passkey (the first excluded), logs in with either, and unlinks one', async () => {
    const first = await w.signUp();
    const options = optionsOf(await framePost(w.h, PASSKEY_API_PATHS.registerInit, first.token));
    expect((options.excludeCredentials as { id: string }[]).map((c) => c.id)).toEqual([first.credentialId]);
    const second = w.authenticator.create(options);
    const linked = await w.link(first.token, second);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(passkeysOf(linked.json<UserWire>()).map((p) => p.credential_id)).toEqual([
      first.credentialId,
      second.id,
    ]);
    const login = await w.login(second.id);
    expect(login.json<AuthResult>().user.id).toBe(first.user.id);

    // The same credential again: already linked.
    expectCode(await w.link(first.token, w.authenticator.create(options)), 400, 'invalid_passkey_challenge');
    const unlinked = await unlinkPasskey(w.h, first.token, second.id);
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(passkeysOf(unlinked.json<UserWire>()).map((p) => p.credential_id)).toEqual([first.credentialId]);
    expect(await w.h.server.gatehouse.passkeys.find(w.h.appId, second.id)).toBeUndefined();
    expectCode(await w.login(second.id), 400, 'passkey_not_found');
    // The last way in stays.
    expectCode(await unlinkPasskey(w.h, first.token, first.credentialId), 400, 'cannot_unlink_last_account');
  });

  it("refuses another user's passkey: unlinking it, asserting it, or her registration sent as his", async () => {
    const alice = await w.signUp();
    const bob = await w.h.login('bob@example.com');
    expectCode(await unlinkPasskey(w.h, bob.token, alice.credentialId), 400, 'passkey_not_found');
    expectCode(await framePost(w.h, PASSKEY_API_PATHS.verifyInit, bob.token), 400, 'passkey_not_found');
    // Bob's link options answered with a credential that is Alice's.
    const options = optionsOf(await framePost(w.h, PASSKEY_API_PATHS.registerInit, bob.token));
    const replay = await w.linkCredential(alice.token);
    const forBob = { ...replay, response: { ...replay.response } };
    expectCode(await w.link(bob.token, forBob), 400, 'invalid_passkey_challenge');
    expect(options.challenge).toEqual(expect.any(String));
  });

  it('needs a bearer for a link and for verifyInit', async () => {
    const credential = await w.signupCredential();
    expectCode(await w.link('', credential), 401, 'missing_or_invalid_token');
    expectCode(
      await framePost(w.h, PASSKEY_API_PATHS.verifyInit, undefined),
      401,
      'missing_or_invalid_token',
    );
  });
});

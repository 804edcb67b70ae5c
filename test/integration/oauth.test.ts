import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResult, UserWire } from '../../src/protocol/api.js';
import { OAUTH_CODE_TTL_MS, OAUTH_PROVIDERS, type OAuthProvider } from '../../src/protocol/constants.js';
import type { IdpAccount, LocalIdentityProviders } from '../support/idp.js';
import { type Harness, ORIGIN } from './harness.js';
import { HOST_PAGE, OAuthWorld, redeemBody, type Started, s256 } from './oauth-harness.js';

let world: OAuthWorld;
let h: Harness;
let idp: LocalIdentityProviders;
let publicUrl: string;

async function useWorld(options: Parameters<typeof OAuthWorld.start>[0] = {}): Promise<void> {
  world = await OAuthWorld.start(options);
  ({ h, idp, publicUrl } = world);
}

beforeEach(async () => {
  await useWorld();
});

afterEach(async () => {
  await world.close();
});

const configure = (provider: OAuthProvider, enabled = true) => world.configure(provider, enabled);
const init = (provider: string, redirectTo = HOST_PAGE) => world.init(provider, redirectTo);
const visitProvider = (started: Started, options: { login?: string; deny?: boolean } = {}) =>
  world.visitProvider(started, options);
const redeem = (path: 'authenticate' | 'link', body: Record<string, string>, token?: string) =>
  world.redeem(path, body, token);

/** The §3 linked-account fields each provider maps its user to. */
function expectedFields(provider: OAuthProvider, a: IdpAccount): Record<string, string | undefined> {
  switch (provider) {
    case 'google':
    case 'spotify':
      return { subject: a.sub, email: a.email, name: a.name };
    case 'twitter':
      return { subject: a.sub, username: a.username, name: a.name, profilePictureUrl: a.picture };
    case 'discord':
      return { subject: a.sub, username: a.username, email: a.email };
    case 'github':
      return { subject: a.sub, username: a.username, name: a.name, email: a.email };
    case 'tiktok':
      return { subject: a.sub, username: a.username, name: a.name };
    case 'linkedin':
      return { subject: a.sub, name: a.name, email: a.email };
    case 'apple':
      return { subject: a.sub, email: a.email };
  }
}

describe('OAuth login through each identity provider (§4.4, §7)', () => {
  it.each(OAUTH_PROVIDERS)(
    '%s: init, the provider, the callback, back on the host page, authenticate',
    async (provider) => {
      const started = await init(provider);
      const authorization = new URL(started.url);
      // The provider is sent our own callback, never the host page.
      expect(authorization.searchParams.get('redirect_uri')).toBe(`${publicUrl}/api/v1/oauth/callback`);
      expect(authorization.searchParams.get('state')).not.toBe(started.state);

      const back = await visitProvider(started);
      expect(back.origin + back.pathname).toBe(`${ORIGIN}/shop/checkout`);
      expect(back.searchParams.get('step')).toBe('2');
      expect(back.searchParams.get('gatehouse_oauth_state')).toBe(started.state);
      expect(back.searchParams.get('gatehouse_oauth_provider')).toBe(provider);
      expect(back.searchParams.get('gatehouse_oauth_code')).toMatch(/^[\w-]{20,}$/);

      const response = await redeem('authenticate', redeemBody(back, started));
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<AuthResult>();
      expect(result.is_new_user).toBe(true);
      expect(result.token).toBeTruthy();
      expect(result.refresh_token).toBeTruthy();
      const [account, ...others] = result.user.linked_accounts;
      expect(others).toEqual([]);
      const { type, verified_at, first_verified_at, latest_verified_at, ...fields } = account as Record<
        string,
        unknown
      >;
      expect(type).toBe(`${provider}_oauth`);
      expect(typeof verified_at).toBe('number');
      expect(fields).toEqual(expectedFields(provider, idp.accountFor(provider)));

      // The same account logs the same user in again.
      const next = await init(provider);
      const second = await redeem('authenticate', redeemBody(await visitProvider(next), next));
      expect(second.json<AuthResult>()).toMatchObject({ is_new_user: false, user: { id: result.user.id } });
    },
  );

  it('talks to each provider the way it expects: Basic or form client authentication, PKCE where supported, Apple’s ES256 client secret', async () => {
    for (const provider of ['twitter', 'spotify', 'github', 'tiktok', 'apple'] as const) {
      const started = await init(provider);
      const response = await redeem('authenticate', redeemBody(await visitProvider(started), started));
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(idp.received).toEqual([
      { provider: 'twitter', path: '/2/oauth2/token', clientAuth: 'basic', pkce: true },
      { provider: 'spotify', path: '/api/token', clientAuth: 'basic', pkce: true },
      { provider: 'github', path: '/login/oauth/access_token', clientAuth: 'post', pkce: false },
      { provider: 'tiktok', path: '/v2/oauth/token/', clientAuth: 'post', pkce: false },
      { provider: 'apple', path: '/auth/token', clientAuth: 'es256-jwt' },
    ]);
  });
});

describe('what oauth/init refuses', () => {
  it('a redirect_to outside the app’s origins, an unknown provider, a provider the app has not enabled or configured', async () => {
    const body = { code_challenge: s256('v'.repeat(43)), state_code: 'state' };
    for (const redirect of [
      'https://evil.example/shop',
      'https://host.example.evil.example/',
      'not a url',
      'javascript:alert(1)',
    ]) {
      const response = await h.post('/api/v1/oauth/init', {
        ...body,
        provider: 'google',
        redirect_to: redirect,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_data' });
    }
    const unknown = await h.post('/api/v1/oauth/init', {
      ...body,
      provider: 'myspace',
      redirect_to: HOST_PAGE,
    });
    expect(unknown.json()).toMatchObject({ code: 'invalid_data' });

    await configure('discord', false);
    const disabled = await h.post('/api/v1/oauth/init', {
      ...body,
      provider: 'discord',
      redirect_to: HOST_PAGE,
    });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toMatchObject({ code: 'disallowed_login_method' });

    await h.server.gatehouse.oauth.set(h.appId, 'oauth.github.client_secret', null);
    const unconfigured = await h.post('/api/v1/oauth/init', {
      ...body,
      provider: 'github',
      redirect_to: HOST_PAGE,
    });
    expect(unconfigured.json()).toMatchObject({
      code: 'disallowed_login_method',
      message: 'github login is not configured for this app (missing oauth.github.client_secret).',
    });

    const badChallenge = await h.post('/api/v1/oauth/init', {
      provider: 'google',
      redirect_to: HOST_PAGE,
      code_challenge: 'plain-verifier',
      state_code: 'state',
    });
    expect(badChallenge.json()).toMatchObject({ code: 'invalid_data' });
  });

  it('keeps client secrets on the server: the public configuration shows only the enabled flags', async () => {
    const response = await h.inject({
      method: 'GET',
      url: `/api/v1/apps/${h.appId}`,
      headers: { origin: ORIGIN },
    });
    const config = response.json<Record<string, unknown>>();
    for (const provider of OAUTH_PROVIDERS) expect(config[`${provider}_oauth`]).toBe(true);
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('-client');
    expect(response.body).not.toContain('PRIVATE KEY');
  });

  it('rate-limits init per client IP', async () => {
    await world.close();
    await useWorld({ rateLimits: { oauthInitPerIp: { max: 2, windowMs: 60_000 } } });
    await init('google');
    await init('google');
    const third = await h.post('/api/v1/oauth/init', {
      provider: 'google',
      redirect_to: HOST_PAGE,
      code_challenge: s256('v'.repeat(43)),
      state_code: 's',
    });
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'too_many_requests' });
  });
});

describe('what oauth/authenticate refuses', () => {
  it('a wrong state, and the code is spent by the attempt', async () => {
    const started = await init('google');
    const back = await visitProvider(started);
    const wrong = await redeem('authenticate', { ...redeemBody(back, started), state_code: 'another-state' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });
    const retry = await redeem('authenticate', redeemBody(back, started));
    expect(retry.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('a verifier whose S256 is not the challenge', async () => {
    const started = await init('twitter');
    const back = await visitProvider(started);
    const wrong = await redeem('authenticate', {
      ...redeemBody(back, started),
      code_verifier: 'x'.repeat(48),
    });
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('a code used twice, an expired code, and a code of another app', async () => {
    const started = await init('spotify');
    const back = await visitProvider(started);
    expect((await redeem('authenticate', redeemBody(back, started))).statusCode).toBe(200);
    const reuse = await redeem('authenticate', redeemBody(back, started));
    expect(reuse.json()).toMatchObject({ code: 'invalid_credentials' });

    const late = await init('spotify');
    const lateBack = await visitProvider(late);
    h.clock.advance(OAUTH_CODE_TTL_MS + 1);
    expect((await redeem('authenticate', redeemBody(lateBack, late))).json()).toMatchObject({
      code: 'invalid_credentials',
    });

    const other = await h.server.gatehouse.apps.create('Other', [ORIGIN]);
    const mine = await init('spotify');
    const mineBack = await visitProvider(mine);
    const foreign = await h.post('/api/v1/oauth/authenticate', redeemBody(mineBack, mine), {
      'gatehouse-app-id': other.id,
    });
    expect(foreign.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('the callback refuses a state it did not issue, or one already used', async () => {
    const unknown = await fetch(`${publicUrl}/api/v1/oauth/callback?code=abc&state=forged`, {
      redirect: 'manual',
    });
    expect(unknown.status).toBe(400);
    const started = await init('discord');
    const callback = await idp.authorize(started.url);
    expect((await fetch(callback.url, { redirect: 'manual' })).status).toBe(303);
    expect((await fetch(callback.url, { redirect: 'manual' })).status).toBe(400);
  });
});

describe('denial and suspension (§8)', () => {
  it('a user who says no at the provider comes back with the code "undefined" and no code is issued', async () => {
    idp.denyNext.add('twitter');
    const started = await init('twitter');
    const back = await visitProvider(started);
    expect(back.searchParams.get('gatehouse_oauth_code')).toBe('undefined');
    expect(back.searchParams.get('gatehouse_oauth_state')).toBe(started.state);
    expect(back.searchParams.get('gatehouse_oauth_provider')).toBe('twitter');
    expect((await redeem('authenticate', redeemBody(back, started))).json()).toMatchObject({
      code: 'invalid_credentials',
    });

    const google = await init('google');
    const googleBack = await visitProvider(google, { deny: true });
    expect(googleBack.searchParams.get('gatehouse_oauth_code')).toBe('undefined');
  });

  it('an account the provider reports as suspended is refused with oauth_account_suspended', async () => {
    idp.suspended.add('github');
    const started = await init('github');
    const response = await redeem('authenticate', redeemBody(await visitProvider(started), started));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'oauth_account_suspended' });
  });
});

describe('linking and unlinking (§5)', () => {
  async function linkThrough(provider: OAuthProvider, token: string | undefined, login?: string) {
    const started = await init(provider);
    const back = await visitProvider(started, login ? { login } : {});
    return { response: await redeem('link', redeemBody(back, started), token), back, started };
  }

  it('links a provider account to the logged-in user, once per type, never one of another user', async () => {
    const alice = await h.login('alice@example.com');
    const { response } = await linkThrough('google', alice.token);
    expect(response.statusCode, response.body).toBe(200);
    const user = response.json<UserWire>();
    expect(user.id).toBe(alice.user.id);
    expect(user.linked_accounts.map((a) => a.type)).toEqual(['email', 'google_oauth']);

    // A second google account for alice: one per type.
    const second = await linkThrough('google', alice.token, 'alice2');
    expect(second.response.json()).toMatchObject({
      code: 'cannot_link_more_of_type',
      message: 'User already has an account of type google_oauth linked.',
    });

    // Bob cannot take alice's google account.
    const bob = await h.login('bob@example.com');
    const taken = await linkThrough('google', bob.token);
    expect(taken.response.json()).toMatchObject({
      code: 'linked_to_another_user',
      message: 'This account has already been linked to another user.',
    });

    // And logging in with it is alice.
    const started = await init('google');
    const login = await redeem('authenticate', redeemBody(await visitProvider(started), started));
    expect(login.json<AuthResult>().user.id).toBe(alice.user.id);
  });

  it('needs a session to link, without spending the code', async () => {
    const { response, back, started } = await linkThrough('discord', undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'missing_or_invalid_token' });
    const carol = await h.login('carol@example.com');
    const linked = await redeem('link', redeemBody(back, started), carol.token);
    expect(linked.statusCode, linked.body).toBe(200);
  });

  it('unlinks by provider and subject, but never the last way to log in', async () => {
    const dave = await h.login('dave@example.com');
    await linkThrough('github', dave.token);
    const subject = idp.accountFor('github').sub;
    const wrong = await h.post(
      '/api/v1/oauth/unlink',
      { provider: 'github', subject: 'someone-else' },
      { authorization: `Bearer ${dave.token}` },
    );
    expect(wrong.json()).toMatchObject({ code: 'account_not_found' });
    const done = await h.post(
      '/api/v1/oauth/unlink',
      { provider: 'github', subject },
      { authorization: `Bearer ${dave.token}` },
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<UserWire>().linked_accounts.map((a) => a.type)).toEqual(['email']);

    // A user who only has an apple account keeps it.
    const started = await init('apple');
    const erin = (
      await redeem('authenticate', redeemBody(await visitProvider(started), started))
    ).json<AuthResult>();
    const last = await h.post(
      '/api/v1/oauth/unlink',
      { provider: 'apple', subject: idp.accountFor('apple').sub },
      { authorization: `Bearer ${erin.token}` },
    );
    expect(last.json()).toMatchObject({ code: 'cannot_unlink_last_account' });
    const anonymous = await h.post('/api/v1/oauth/unlink', { provider: 'apple', subject: 'x' });
    expect(anonymous.statusCode).toBe(401);
  });
});

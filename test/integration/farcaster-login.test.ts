import { getAddress, Wallet } from 'ethers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResult, LinkedAccountWire, UserWire } from '../../src/protocol/api.js';
import { FARCASTER_API_PATHS, type FarcasterStatusResponse } from '../../src/protocol/farcaster.js';
import { installContractWallet } from '../support/farcaster/registry.js';
import { completeChannel, parseConnectUri, signIn } from '../support/farcaster/wallet.js';
import { TurnstileStandIn } from '../support/turnstile.js';
import {
  type FarcasterPeers,
  type FarcasterWorld,
  farcasterSuite,
  farcasterUser,
} from './farcaster-world.js';
import { ORIGIN } from './harness.js';

const suite = farcasterSuite();
let w: FarcasterWorld;
let peers: FarcasterPeers;
beforeEach(() => {
  ({ w, peers } = suite);
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const farcasterOf = (user: UserWire) =>
  user.linked_accounts.filter(
    (a): a is LinkedAccountWire & Record<string, unknown> => a.type === 'farcaster',
  );

describe('Sign In With Farcaster', () => {
  it('opens a channel for the page, shows it pending, then completed, and logs alice in', async () => {
    const { connect_uri, channel_token } = await w.init();
    const request = parseConnectUri(connect_uri);
    expect(request.channelToken).toBe(channel_token);
    expect(peers.relay.created.at(-1)).toMatchObject({
      domain: 'host.example',
      siweUri: ORIGIN,
      nonce: request.nonce,
    });
    const pending = await w.status(channel_token);
    expect(pending.json<FarcasterStatusResponse>()).toEqual({
      state: 'pending',
      message: null,
      signature: null,
      fid: null,
      username: null,
      display_name: null,
      bio: null,
      pfp_url: null,
    });

    const signed = await completeChannel(peers.relay.url, peers.relay.authKey, w.alice, connect_uri);
    const completed = { ...(await w.status(channel_token)).json<FarcasterStatusResponse>() };
    expect(completed).toEqual({
      state: 'completed',
      message: signed.message,
      signature: signed.signature,
      fid: w.alice.fid,
      username: 'alice',
      display_name: 'Alice',
      bio: 'alice casts here',
      pfp_url: 'https://images.example/alice.png',
    });
    // The relay forgets a channel once it answered it completed; the provider kept the answer.
    expect((await w.status(channel_token)).json()).toEqual(completed);

    const login = await w.authenticate(signed);
    expect(login.statusCode, login.body).toBe(200);
    const result = login.json<AuthResult>();
    expect(result.is_new_user).toBe(true);
    expect(farcasterOf(result.user)).toEqual([
      expect.objectContaining({
        type: 'farcaster',
        fid: w.alice.fid,
        owner_address: getAddress(w.alice.custody.address),
        username: 'alice',
        display_name: 'Alice',
        bio: 'alice casts here',
        pfp: 'https://images.example/alice.png',
        url: 'https://farcaster.xyz/alice',
        signer_public_key: null,
      }),
    ]);

    const again = await w.login();
    expect(again.is_new_user).toBe(false);
    expect(again.user.id).toBe(result.user.id);
  });
});

describe('Sign In With Farcaster: what is refused', () => {
  it('refuses a message for another domain', async () => {
    const refused = await w.authenticate(await w.signIn(w.alice, { domain: 'evil.example' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'invalid_farcaster_message',
      message: "Invalid Sign In With Farcaster message: the domain is not the app's.",
    });
  });

  it('refuses a message for another URI', async () => {
    const refused = await w.authenticate(await w.signIn(w.alice, { uri: 'https://evil.example' }));
    expect(refused.json()).toMatchObject({ code: 'invalid_farcaster_message' });
  });

  it('accepts a channel once: the nonce is spent', async () => {
    const signed = await w.signIn();
    expect((await w.authenticate(signed)).statusCode).toBe(200);
    const reused = await w.authenticate(signed);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'invalid_farcaster_nonce' });
  });

  it("refuses another channel's nonce", async () => {
    const first = parseConnectUri((await w.init()).connect_uri);
    const { connect_uri } = await w.init();
    const signed = await signIn(w.alice, connect_uri, { nonce: first.nonce });
    const refused = await w.authenticate(signed);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'invalid_farcaster_nonce' });
  });

  it('refuses a signature by a key that is not the custody of the fid', async () => {
    const stranger = Wallet.createRandom();
    for (const overrides of [{ signer: stranger }, { signature: await stranger.signMessage('x') }]) {
      const refused = await w.authenticate(await w.signIn(w.alice, overrides));
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ code: 'invalid_farcaster_signature' });
    }
    const unregistered = farcasterUser(w.alice.fid + 1_000_000, 'nobody');
    const refused = await w.authenticate(await w.signIn(unregistered));
    expect(refused.json()).toEqual({
      code: 'invalid_farcaster_signature',
      message: `Farcaster account ${unregistered.fid} is not registered.`,
    });
  });
});

describe('Sign In With Farcaster: times, contract accounts, settings', () => {
  it('refuses a message once it expired', async () => {
    const signed = await w.signIn();
    w.h.clock.advance(11 * 60_000);
    const refused = await w.authenticate(signed);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_farcaster_message' });
    expect(refused.json<{ message: string }>().message).toMatch(/expired|too old/);
  });

  it('accepts a contract custody account through ERC-1271', async () => {
    const contract = await installContractWallet(peers.chain.rpc, Wallet.createRandom().address);
    const smart = { ...farcasterUser(w.alice.fid + 2_000_000, 'smart') };
    await peers.registry.setCustody(smart.fid, contract.address);
    const overrides = { address: contract.address, signature: '0x1234' };
    const unapproved = await w.authenticate(await w.signIn(smart, overrides));
    expect(unapproved.json()).toMatchObject({ code: 'invalid_farcaster_signature' });
    const signed = await w.signIn(smart, overrides);
    await contract.approve(signed.message);
    const login = await w.authenticate(signed);
    expect(login.statusCode, login.body).toBe(200);
    expect(farcasterOf(login.json<AuthResult>().user)[0]?.owner_address).toBe(getAddress(contract.address));
  });

  it('is refused while Farcaster login is off for the app, and the status needs its channel', async () => {
    const missing = await w.h.inject({
      method: 'GET',
      url: FARCASTER_API_PATHS.status,
      headers: { 'gatehouse-app-id': w.h.appId },
    });
    expect(missing.json()).toMatchObject({ code: 'invalid_data' });
    expect((await w.status('unknown-channel')).json()).toMatchObject({ code: 'farcaster_channel_not_found' });
    await w.h.server.gatehouse.apps.update(w.h.appId, [{ field: 'farcaster_auth', value: false }]);
    const off = await w.h.post(FARCASTER_API_PATHS.init, {});
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'disallowed_login_method' });
  });
});

describe('farcaster/init with captcha', () => {
  const turnstile = new TurnstileStandIn();
  beforeAll(() => turnstile.start());
  afterAll(() => turnstile.stop());

  it('asks for a solved captcha when the app enables it', async () => {
    const { apps, captcha } = w.h.server.gatehouse;
    await apps.update(w.h.appId, [
      { field: 'captcha_enabled', value: true },
      { field: 'captcha_site_key', value: turnstile.gatehouseSiteKey },
    ]);
    await captcha.set(w.h.appId, 'captcha_secret_key', turnstile.secretKey);
    await captcha.set(w.h.appId, 'captcha_verify_url', turnstile.verifyUrl);
    const without = await w.h.post(FARCASTER_API_PATHS.init, {});
    expect(without.json()).toEqual({ code: 'invalid_captcha', message: 'Please try again.' });
    const solved = await w.h.post(FARCASTER_API_PATHS.init, { token: turnstile.issue() });
    expect(solved.statusCode, solved.body).toBe(200);
  });
});

describe('linking a Farcaster account', () => {
  it('links to a logged-in user, refuses a second one and an account of another user, and unlinks', async () => {
    const bob = await w.h.login('bob@example.com');
    const link = (signed: Awaited<ReturnType<FarcasterWorld['signIn']>>, token: string) =>
      w.h.post(
        FARCASTER_API_PATHS.link,
        {
          channel_token: signed.channelToken,
          message: signed.message,
          signature: signed.signature,
          fid: signed.fid,
        },
        bearer(token),
      );
    const linked = await link(await w.signIn(), bob.token);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(farcasterOf(linked.json<UserWire>())).toEqual([
      expect.objectContaining({ fid: w.alice.fid, username: 'alice' }),
    ]);

    const carol = farcasterUser(w.alice.fid + 3_000_000, 'carol');
    await w.register(carol);
    const second = await link(await w.signIn(carol), bob.token);
    expect(second.json()).toEqual({
      code: 'cannot_link_more_of_type',
      message: 'User already has an account of type farcaster linked.',
    });
    const dave = await w.h.login('dave@example.com');
    const taken = await link(await w.signIn(), dave.token);
    expect(taken.json()).toMatchObject({ code: 'linked_to_another_user' });

    const unlinked = await w.h.post(FARCASTER_API_PATHS.unlink, { fid: w.alice.fid }, bearer(bob.token));
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(farcasterOf(unlinked.json<UserWire>())).toEqual([]);
    const login = await w.login();
    expect(login.is_new_user).toBe(true);
    const last = await w.h.post(FARCASTER_API_PATHS.unlink, { fid: w.alice.fid }, bearer(login.token));
    expect(last.json()).toMatchObject({ code: 'cannot_unlink_last_account' });
  });

  it('lets a listed custody address through the allowlist and keeps others out', async () => {
    const { allowlist } = w.h.server.gatehouse;
    await allowlist.set(w.h.appId, 'allowlist.enabled', 'true');
    const refused = await w.authenticate(await w.signIn());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'allowlist_rejected' });
    await allowlist.set(w.h.appId, 'allowlist.wallet_addresses', w.alice.custody.address.toLowerCase());
    expect((await w.authenticate(await w.signIn())).statusCode).toBe(200);
  });
});

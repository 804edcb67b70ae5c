import { type BaseWallet, getAddress, getCreateAddress, hashMessage, Wallet } from 'ethers';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResult, LinkedAccountWire, UserWire } from '../../src/protocol/api.js';
import { HEADERS } from '../../src/protocol/constants.js';
import { SIWE_API_PATHS, SIWE_NONCE_TTL_MS, type SiweInitResponse } from '../../src/protocol/siwe-api.js';
import { SIWE_INIT_RATE_LIMITS } from '../../src/server/routes/siwe.js';
import { formatSiweMessage } from '../../src/server/services/siwe-message.js';
import { type Chain, FAUCET_ACCOUNT, startChain } from '../support/chain.js';
import { TurnstileStandIn } from '../support/turnstile.js';
import { type Harness, ORIGIN, runCliCaptured, startHarness } from './harness.js';

const OTHER_ORIGIN = 'https://other.example';
const STATEMENT =
  'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.';

let h: Harness;

beforeEach(async () => {
  h = await startHarness();
  await h.server.gatehouse.apps.update(h.appId, [{ field: 'wallet_auth', value: true }]);
});
afterEach(async () => {
  await h.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const wallets = (user: UserWire) =>
  user.linked_accounts.filter((a): a is LinkedAccountWire & { address: string } => a.type === 'wallet');

async function nonceFor(address: string): Promise<SiweInitResponse> {
  const response = await h.post(SIWE_API_PATHS.init, { address });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SiweInitResponse>();
}

interface MessageOptions {
  domain?: string;
  uri?: string;
  chainId?: number;
  nonce?: string;
  issuedAt?: Date;
  expirationTime?: Date | null;
  notBefore?: Date | null;
  address?: string;
}

/** The message a page of ORIGIN has the wallet sign, with a fresh nonce unless one is given. */
async function signedMessage(wallet: BaseWallet, options: MessageOptions = {}) {
  const address = options.address ?? wallet.address;
  const nonce = options.nonce ?? (await nonceFor(address)).nonce;
  const chainId = options.chainId ?? 1;
  const message = formatSiweMessage({
    scheme: null,
    domain: options.domain ?? new URL(ORIGIN).host,
    address,
    statement: STATEMENT,
    uri: options.uri ?? `${ORIGIN}/`,
    chainId,
    nonce,
    issuedAt: options.issuedAt ?? new Date(h.clock.now()),
    expirationTime: options.expirationTime ?? null,
    notBefore: options.notBefore ?? null,
    requestId: null,
    resources: [],
  });
  return {
    message,
    signature: await wallet.signMessage(message),
    chainId,
    walletClientType: 'metamask',
    connectorType: 'injected',
  };
}

describe('POST /api/v1/siwe/init', () => {
  it('answers a single-use alphanumeric nonce for the checksummed address, expiring with the TTL', async () => {
    const wallet = Wallet.createRandom();
    const init = await nonceFor(wallet.address.toLowerCase());
    expect(init.address).toBe(wallet.address);
    expect(init.nonce).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect(Date.parse(init.expires_at)).toBe(h.clock.now() + SIWE_NONCE_TTL_MS);
    expect((await nonceFor(wallet.address)).nonce).not.toBe(init.nonce);
  });

  it('refuses a value that is not an address, and any request while wallet login is off', async () => {
    const bad = await h.post(SIWE_API_PATHS.init, { address: '0x1234' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_data' });
    await h.server.gatehouse.apps.update(h.appId, [{ field: 'wallet_auth', value: false }]);
    const off = await h.post(SIWE_API_PATHS.init, { address: Wallet.createRandom().address });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'disallowed_login_method' });
  });
});

describe('siwe/init with captcha and rate limits', () => {
  const turnstile = new TurnstileStandIn();
  beforeAll(() => turnstile.start());
  afterAll(() => turnstile.stop());

  it('asks for a solved captcha when the app enables it', async () => {
    const { apps, captcha } = h.server.gatehouse;
    await apps.update(h.appId, [
      { field: 'captcha_enabled', value: true },
      { field: 'captcha_site_key', value: turnstile.gatehouseSiteKey },
    ]);
    await captcha.set(h.appId, 'captcha_secret_key', turnstile.secretKey);
    await captcha.set(h.appId, 'captcha_verify_url', turnstile.verifyUrl);
    const address = Wallet.createRandom().address;
    const without = await h.post(SIWE_API_PATHS.init, { address });
    expect(without.json()).toEqual({ code: 'invalid_captcha', message: 'Please try again.' });
    const solved = await h.post(SIWE_API_PATHS.init, { address, token: turnstile.issue() });
    expect(solved.statusCode, solved.body).toBe(200);
  });

  it('limits the nonces one address can ask for', async () => {
    const address = Wallet.createRandom().address;
    for (let i = 0; i < SIWE_INIT_RATE_LIMITS.perAddress.max; i += 1) await nonceFor(address);
    const over = await h.post(SIWE_API_PATHS.init, { address: address.toLowerCase() });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'too_many_requests' });
    expect((await h.post(SIWE_API_PATHS.init, { address: Wallet.createRandom().address })).statusCode).toBe(
      200,
    );
  });
});

describe('gatehouse apps set: SIWE settings', () => {
  const set = (...assignments: string[]) =>
    runCliCaptured(h.database.env, ['apps', 'set', h.appId, ...assignments]);

  it('refuses chain ids and RPC settings that are not, and keeps RPC URLs out of the public configuration', async () => {
    expect(await set('siwe.chain_ids=1,base')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Invalid value for siwe.chain_ids'),
    });
    expect(await set('rpc_url.base=https://rpc.example')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Invalid setting rpc_url.base'),
    });
    expect(await set('rpc_url.1=ftp://rpc.example')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Invalid value for rpc_url.1'),
    });
    const ok = await set('siwe.chain_ids=8453, 1,1', 'rpc_url.1=https://rpc.example/key');
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toContain('rpc_url.1, siwe.chain_ids');
    expect(ok.stdout).not.toContain('rpc.example');
    const cleared = await set('siwe.chain_ids=null', 'rpc_url.1=');
    expect(cleared.stderr).not.toContain('siwe');
  });
});

describe('POST /api/v1/siwe/authenticate', () => {
  it('logs a wallet in with a real signature: a new user with the wallet account, then the same user', async () => {
    const wallet = Wallet.createRandom();
    const response = await h.post(SIWE_API_PATHS.authenticate, await signedMessage(wallet));
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<AuthResult>();
    expect(result.is_new_user).toBe(true);
    expect(result.token).toBeTruthy();
    expect(result.refresh_token).toBeTruthy();
    expect(wallets(result.user)).toEqual([
      expect.objectContaining({
        type: 'wallet',
        address: wallet.address,
        chain_type: 'ethereum',
        chain_id: 'eip155:1',
        wallet_client: 'unknown',
        wallet_client_type: 'metamask',
        connector_type: 'injected',
        verified_at: Math.floor(h.clock.now() / 1000),
      }),
    ]);

    const again = await h.post(SIWE_API_PATHS.authenticate, await signedMessage(wallet, { chainId: 8453 }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<AuthResult>()).toMatchObject({ is_new_user: false, user: { id: result.user.id } });
    expect(wallets(again.json<AuthResult>().user)[0]).toMatchObject({ chain_id: 'eip155:8453' });
  });

  it('accepts a message whose address is all lowercase, and one with Not Before in the past', async () => {
    const wallet = Wallet.createRandom();
    const body = await signedMessage(wallet, {
      address: wallet.address.toLowerCase(),
      notBefore: new Date(h.clock.now() - 1000),
      expirationTime: new Date(h.clock.now() + 60_000),
    });
    const response = await h.post(SIWE_API_PATHS.authenticate, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(wallets(response.json<AuthResult>().user)[0]).toMatchObject({ address: wallet.address });
  });

  async function expectRefused(
    body: unknown,
    status: number,
    code: string,
    message?: RegExp,
    headers?: Record<string, string>,
  ) {
    const response = await h.post(SIWE_API_PATHS.authenticate, body, headers);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ code });
    if (message) expect(response.json<{ message: string }>().message).toMatch(message);
  }

  it('refuses a domain that is not the requesting page’s', async () => {
    const wallet = Wallet.createRandom();
    await expectRefused(
      await signedMessage(wallet, { domain: 'evil.example' }),
      400,
      'invalid_siwe_message',
      /domain/,
    );
  });

  it('refuses a URI outside the app’s origins', async () => {
    const wallet = Wallet.createRandom();
    const body = await signedMessage(wallet, { uri: 'https://evil.example/' });
    await expectRefused(body, 400, 'invalid_siwe_message', /URI/);
  });

  it('refuses a request from another Origin, and a message for another origin of the app', async () => {
    const wallet = Wallet.createRandom();
    const body = await signedMessage(wallet);
    await expectRefused(body, 403, 'invalid_origin', undefined, { origin: OTHER_ORIGIN });
    // The app allows both origins: the message names the first, the page is the second.
    await h.server.gatehouse.apps.update(h.appId, [
      { field: 'allowed_origins', value: [ORIGIN, OTHER_ORIGIN] },
    ]);
    await expectRefused(body, 400, 'invalid_siwe_message', /domain/, { origin: OTHER_ORIGIN });
    // Sign-in comes from a page: a request without Origin is refused.
    const noOrigin = await h.inject({
      method: 'POST',
      url: SIWE_API_PATHS.authenticate,
      headers: { [HEADERS.appId]: h.appId, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(noOrigin.json()).toMatchObject({
      code: 'invalid_siwe_message',
      message: expect.stringMatching(/Origin/),
    });
    // The refusals did not spend the nonce.
    expect((await h.post(SIWE_API_PATHS.authenticate, body)).statusCode).toBe(200);
  });

  it('refuses a nonce used already', async () => {
    const wallet = Wallet.createRandom();
    const body = await signedMessage(wallet);
    expect((await h.post(SIWE_API_PATHS.authenticate, body)).statusCode).toBe(200);
    await expectRefused(body, 422, 'invalid_siwe_nonce');
  });

  it('refuses the nonce issued for another address, and one never issued', async () => {
    const wallet = Wallet.createRandom();
    const other = await nonceFor(Wallet.createRandom().address);
    await expectRefused(await signedMessage(wallet, { nonce: other.nonce }), 422, 'invalid_siwe_nonce');
    await expectRefused(
      await signedMessage(wallet, { nonce: 'abcdefgh12345678' }),
      422,
      'invalid_siwe_nonce',
    );
  });

  it('refuses an expired message and an expired nonce', async () => {
    const wallet = Wallet.createRandom();
    const expired = await signedMessage(wallet, { expirationTime: new Date(h.clock.now() + 30_000) });
    h.clock.advance(31_000);
    await expectRefused(expired, 400, 'invalid_siwe_message', /expired/);

    const late = await signedMessage(wallet);
    h.clock.advance(SIWE_NONCE_TTL_MS + 1000);
    await expectRefused(late, 400, 'invalid_siwe_message', /too old/);
    // Re-signed with a fresh Issued At, the expired nonce is still refused.
    const lateNonce = /^Nonce: (\w+)$/m.exec(late.message)?.[1];
    const stale = await signedMessage(wallet, { issuedAt: new Date(h.clock.now()), nonce: lateNonce });
    await expectRefused(stale, 422, 'invalid_siwe_nonce');
  });

  it('refuses an Issued At in the future and a Not Before not reached', async () => {
    const wallet = Wallet.createRandom();
    await expectRefused(
      await signedMessage(wallet, { issuedAt: new Date(h.clock.now() + 5 * 60_000) }),
      400,
      'invalid_siwe_message',
      /future/,
    );
    await expectRefused(
      await signedMessage(wallet, { notBefore: new Date(h.clock.now() + 5 * 60_000) }),
      400,
      'invalid_siwe_message',
      /Not Before/,
    );
  });

  it('refuses a chain the app does not support, and a chainId other than the message’s', async () => {
    const wallet = Wallet.createRandom();
    const cli = await runCliCaptured(h.database.env, ['apps', 'set', h.appId, 'siwe.chain_ids=1,8453']);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stderr).toContain('siwe.chain_ids');
    await expectRefused(
      await signedMessage(wallet, { chainId: 10 }),
      400,
      'siwe_chain_not_supported',
      /Chain ID 10/,
    );
    const mismatch = { ...(await signedMessage(wallet, { chainId: 8453 })), chainId: 1 };
    await expectRefused(mismatch, 400, 'invalid_siwe_message', /Chain ID/);
    expect(
      (await h.post(SIWE_API_PATHS.authenticate, await signedMessage(wallet, { chainId: 8453 }))).statusCode,
    ).toBe(200);
  });

  it('refuses a signature by another wallet, and a signature that is not one', async () => {
    const wallet = Wallet.createRandom();
    const body = await signedMessage(wallet);
    const forged = { ...body, signature: await Wallet.createRandom().signMessage(body.message) };
    await expectRefused(forged, 422, 'invalid_siwe_signature');
    await expectRefused({ ...body, signature: '0xdeadbeef' }, 422, 'invalid_siwe_signature');
    // The refusals did not spend the nonce: the genuine signature still logs in.
    expect((await h.post(SIWE_API_PATHS.authenticate, body)).statusCode).toBe(200);
  });

  it('refuses a malformed message, saying what is wrong', async () => {
    const wallet = Wallet.createRandom();
    const body = await signedMessage(wallet);
    const message = body.message.replace('Version: 1', 'Version: 2');
    await expectRefused(
      { ...body, message, signature: await wallet.signMessage(message) },
      400,
      'invalid_siwe_message',
      /Version/,
    );
    const garbage = 'please let me in';
    await expectRefused(
      { ...body, message: garbage, signature: await wallet.signMessage(garbage) },
      400,
      'invalid_siwe_message',
      /header/,
    );
  });

  it('applies the allowlist to wallet addresses', async () => {
    const listed = Wallet.createRandom();
    const cli = await runCliCaptured(h.database.env, [
      'apps',
      'set',
      h.appId,
      'allowlist.enabled=true',
      `allowlist.wallet_addresses=${listed.address}`,
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    await expectRefused(await signedMessage(Wallet.createRandom()), 403, 'allowlist_rejected');
    expect((await h.post(SIWE_API_PATHS.authenticate, await signedMessage(listed))).statusCode).toBe(200);
  });

  it('refuses the address of an embedded wallet', async () => {
    const embedded = Wallet.createRandom();
    const { user } = await h.login('owner@example.com');
    await insertEmbeddedWallet(user.id, embedded.address);
    await expectRefused(await signedMessage(embedded), 400, 'embedded_wallet_not_linkable');
  });
});

/** The embedded wallet's linked account as services/wallets.ts stores it. */
async function insertEmbeddedWallet(userId: string, address: string) {
  const now = h.clock.now();
  await h.server.gatehouse.db
    .insertInto('linked_accounts')
    .values({
      id: `emb${Math.random().toString(36).slice(2, 12)}`,
      user_id: userId,
      app_id: h.appId,
      type: 'wallet',
      subject: address.toLowerCase(),
      data: JSON.stringify({
        address,
        chain_type: 'ethereum',
        chain_id: null,
        wallet_client: 'gatehouse',
        wallet_client_type: 'gatehouse',
        connector_type: 'embedded',
        recovery_method: 'gatehouse',
      }),
      first_verified_at: now,
      latest_verified_at: now,
    })
    .execute();
}

describe('POST /api/v1/siwe/link and /unlink', () => {
  it('links two wallets to an email user, refuses another user’s, and unlinks down to the last login method', async () => {
    const { user, token } = await h.login('dana@example.com');
    const first = Wallet.createRandom();
    const second = Wallet.createRandom();

    const anonymous = await h.post(SIWE_API_PATHS.link, await signedMessage(first));
    expect(anonymous.statusCode).toBe(401);

    const linked = await h.post(SIWE_API_PATHS.link, await signedMessage(first), bearer(token));
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<UserWire>().id).toBe(user.id);
    const both = await h.post(SIWE_API_PATHS.link, await signedMessage(second), bearer(token));
    expect(both.statusCode, both.body).toBe(200);
    expect(wallets(both.json()).map((a) => a.address)).toEqual([first.address, second.address]);

    // The wallet now logs the same user in.
    const login = await h.post(SIWE_API_PATHS.authenticate, await signedMessage(second));
    expect(login.json<AuthResult>()).toMatchObject({ is_new_user: false, user: { id: user.id } });

    // Another user cannot link it.
    const other = await h.login('eve@example.com');
    const taken = await h.post(SIWE_API_PATHS.link, await signedMessage(first), bearer(other.token));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({ code: 'linked_to_another_user' });

    const unlinked = await h.post(
      SIWE_API_PATHS.unlink,
      { address: first.address.toLowerCase() },
      bearer(token),
    );
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    expect(wallets(unlinked.json()).map((a) => a.address)).toEqual([second.address]);
    const missing = await h.post(SIWE_API_PATHS.unlink, { address: first.address }, bearer(token));
    expect(missing.json()).toMatchObject({ code: 'account_not_found' });
  });

  it('refuses to unlink a wallet that is the last login method, or an embedded wallet, and to link an embedded wallet', async () => {
    const wallet = Wallet.createRandom();
    const login = (await h.post(SIWE_API_PATHS.authenticate, await signedMessage(wallet))).json<AuthResult>();
    const last = await h.post(SIWE_API_PATHS.unlink, { address: wallet.address }, bearer(login.token));
    expect(last.statusCode).toBe(400);
    expect(last.json()).toMatchObject({ code: 'cannot_unlink_last_account' });

    const embedded = Wallet.createRandom();
    await insertEmbeddedWallet(login.user.id, embedded.address);
    const unlinkEmbedded = await h.post(
      SIWE_API_PATHS.unlink,
      { address: embedded.address },
      bearer(login.token),
    );
    expect(unlinkEmbedded.json()).toMatchObject({
      code: 'cannot_unlink_embedded_wallet',
      message: 'Cannot unlink an embedded wallet',
    });
    const linkEmbedded = await h.post(
      SIWE_API_PATHS.link,
      await signedMessage(embedded),
      bearer(login.token),
    );
    expect(linkEmbedded.json()).toMatchObject({ code: 'embedded_wallet_not_linkable' });
  });
});

/**
 * Creation code of a hand-assembled contract whose code is `runtime`: CODECOPY the runtime that
 * follows this 11-byte prefix to memory and return it.
 */
const creationCode = (runtime: string) =>
  `0x60${(runtime.length / 2).toString(16).padStart(2, '0')}80600b6000396000f3${runtime}`;
/** Answers 0x1626ba7e (ERC-1271 valid) left-aligned in 32 bytes, whatever it is called with. */
const ACCEPTING_ACCOUNT = '631626ba7e60e01b60005260206000f3';
/**
 * Answers 0x1626ba7e only when called with `hash` as first argument (CALLDATALOAD 4 == hash),
 * else 32 zero bytes: proves the server asks about the EIP-191 hash of the message itself.
 */
const accountAcceptingHash = (hash: string) =>
  `6004357f${hash.slice(2)}14602d5760206000f35b${ACCEPTING_ACCOUNT}`;
/** Answers 32 zero bytes to anything: never a valid signature. */
const REFUSING_ACCOUNT = '60206000f3';

describe('contract accounts (ERC-1271) on the dev chain', () => {
  let chain: Chain;
  beforeAll(async () => {
    chain = await startChain();
  }, 60_000);
  afterAll(async () => {
    await chain?.close();
  });

  async function deploy(runtime: string): Promise<string> {
    const hash = await chain.rpc<string>('eth_sendTransaction', [
      { from: FAUCET_ACCOUNT, data: creationCode(runtime), gas: '0x30000' },
    ]);
    const receipt = await chain.rpc<{ contractAddress: string }>('eth_getTransactionReceipt', [hash]);
    return getAddress(receipt.contractAddress);
  }

  async function contractLogin(account: string) {
    const signer = Wallet.createRandom();
    const body = await signedMessage(signer, { address: account, chainId: chain.chainId });
    return h.post(SIWE_API_PATHS.authenticate, body);
  }

  it('logs in a contract account whose isValidSignature accepts, only through the app’s RPC for that chain', async () => {
    const accepting = await deploy(ACCEPTING_ACCOUNT);
    const refusing = await deploy(REFUSING_ACCOUNT);

    const withoutRpc = await contractLogin(accepting);
    expect(withoutRpc.json()).toMatchObject({ code: 'invalid_siwe_signature' });

    const cli = await runCliCaptured(h.database.env, [
      'apps',
      'set',
      h.appId,
      `rpc_url.${chain.chainId}=${chain.rpcUrl}`,
    ]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stderr).toContain(`rpc_url.${chain.chainId}`);
    expect(cli.stdout).not.toContain(chain.rpcUrl);

    const accepted = await contractLogin(accepting);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(wallets(accepted.json<AuthResult>().user)[0]).toMatchObject({
      address: accepting,
      chain_id: `eip155:${chain.chainId}`,
    });
    const refused = await contractLogin(refusing);
    expect(refused.json()).toMatchObject({ code: 'invalid_siwe_signature' });
  });

  it('asks isValidSignature about the EIP-191 hash of the signed message', async () => {
    await h.server.gatehouse.siwe.set(h.appId, `rpc_url.${chain.chainId}`, chain.rpcUrl);
    const deployer = await chain.rpc<string>('eth_getTransactionCount', [FAUCET_ACCOUNT, 'latest']);
    const account = getCreateAddress({ from: FAUCET_ACCOUNT, nonce: BigInt(deployer) });
    const body = await signedMessage(Wallet.createRandom(), { address: account, chainId: chain.chainId });
    expect(await deploy(accountAcceptingHash(hashMessage(body.message)))).toBe(account);

    // The same message but for one word: a valid message whose hash the account does not accept.
    const other = body.message.replace('logging in', 'signing in');
    expect(other).not.toBe(body.message);
    const tampered = await h.post(SIWE_API_PATHS.authenticate, { ...body, message: other });
    expect(tampered.json()).toMatchObject({ code: 'invalid_siwe_signature' });
    const response = await h.post(SIWE_API_PATHS.authenticate, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(wallets(response.json<AuthResult>().user)[0]).toMatchObject({ address: account });
  });
});

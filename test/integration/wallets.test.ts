import { getAddress, HDNodeWallet, Mnemonic } from 'ethers';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { combine, split } from 'shamir-secret-sharing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DeviceKey, newDeviceKey } from '../../src/frame/device-key.js';
import type { ApiErrorBody, UserWire } from '../../src/protocol/api.js';
import { ACCESS_TOKEN_TTL_SECONDS, HEADERS } from '../../src/protocol/constants.js';
import {
  generateSealKeyPair,
  openSealed,
  type Sealed,
  seal,
  toB64url,
} from '../../src/protocol/sealed-box.js';
import {
  type AuthShareResponse,
  type EmbeddedWalletAccountWire,
  type EmbeddedWalletUserResponse,
  type PasswordBox,
  type RecoveryResponse,
  type TransportKeyResponse,
  WALLET_API_PATHS,
} from '../../src/protocol/wallet-api.js';
import { addressProofMessage } from '../../src/protocol/wallet-device.js';
import { ApiError } from '../../src/server/errors.js';
import { WALLET_RELEASE_LIMITS } from '../../src/server/routes/embedded-wallets.js';
import { type Harness, ORIGIN, PUBLIC_URL, startHarness } from './harness.js';
import { signedRequest } from './wallet-support.js';

const DERIVATION_PATH = "m/44'/60'/0'/0/0";

/** What the frame makes: entropy → BIP-39 → the first account, and a 2-of-3 split of the entropy. */
async function newKey() {
  const entropy = globalThis.crypto.getRandomValues(new Uint8Array(16));
  const mnemonic = Mnemonic.fromEntropy(entropy);
  const wallet = HDNodeWallet.fromMnemonic(mnemonic, DERIVATION_PATH);
  const [device, auth, recovery] = (await split(entropy, 3, 2)) as [Uint8Array, Uint8Array, Uint8Array];
  return {
    wallet,
    entropy,
    mnemonic: mnemonic.phrase,
    privateKey: wallet.privateKey,
    address: wallet.address,
    device,
    auth,
    recovery,
  };
}
type Key = Awaited<ReturnType<typeof newKey>>;

/** The address two shares rebuild, as the frame checks it. */
async function addressFrom(a: Uint8Array, b: Uint8Array): Promise<string> {
  const entropy = await combine([a, b]);
  return HDNodeWallet.fromMnemonic(Mnemonic.fromEntropy(entropy), DERIVATION_PATH).address;
}

let h: Harness;
let alice: { token: string; user: UserWire };
let bob: { token: string; user: UserWire };

/** A request as the wallet frame makes it: same-origin with the provider, app id header, bearer. */
function frame(
  method: 'GET' | 'POST',
  url: string,
  token: string | undefined,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return h.inject({
    method,
    url,
    headers: {
      [HEADERS.appId]: h.appId,
      origin: PUBLIC_URL,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function transportKey(token: string): Promise<JsonWebKey> {
  const response = await frame('GET', WALLET_API_PATHS.transportKey, token);
  expect(response.statusCode).toBe(200);
  return response.json<TransportKeyResponse>().publicKey;
}

/** This test's browser: the device key each user's wallet was created with. */
const devices = new Map<string, DeviceKey>();

/** The key's signature of the proof of address over `challenge`. */
const signAddress = (key: Key, action: 'create' | 'reshare', challenge: string) =>
  key.wallet.signMessage(
    addressProofMessage({ action, address: getAddress(key.address), appId: h.appId, challenge }),
  );

async function createBody(token: string, key: Key, challenge: string, address = key.address) {
  const publicKey = await transportKey(token);
  return {
    address,
    recoveryMethod: 'gatehouse',
    authShare: await seal(publicKey, key.auth),
    recovery: await seal(publicKey, key.recovery),
    addressSignature: await signAddress(key, 'create', challenge),
  };
}

/** A creation as the frame makes it: proofs of device and address; `change` alters the body. */
async function create(
  token: string,
  key: Key,
  change: (body: Record<string, unknown>) => unknown = (b) => b,
) {
  const device = await newDeviceKey();
  const response = await signedRequest(
    h,
    token,
    WALLET_API_PATHS.create,
    device,
    async (challenge) => change(await createBody(token, key, challenge)),
    { register: true },
  );
  if (response.statusCode === 200) devices.set(token, device);
  return response;
}

async function createWallet(token: string, key: Key): Promise<UserWire> {
  const response = await create(token, key);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EmbeddedWalletUserResponse>().user;
}

/** Asks for the auth share with a fresh reply key, signed by the token's device; the opened share, or the refusal. */
async function fetchAuthShare(
  token: string,
  address: string,
  headers: Record<string, string> = {},
  device = devices.get(token) ?? devices.values().next().value,
) {
  const reply = await generateSealKeyPair();
  const response = await signedRequest(
    h,
    token,
    WALLET_API_PATHS.authShare(address),
    device as DeviceKey,
    () => ({ replyKey: reply.publicJwk }),
    { headers },
  );
  if (response.statusCode !== 200) return { response, share: undefined };
  const { authShare } = response.json<AuthShareResponse>();
  return { response, share: await openSealed(reply.privateKey, authShare) };
}

/** The recovery as a new browser asks for it (registering a key of its own). */
async function fetchRecovery(token: string, address: string) {
  const reply = await generateSealKeyPair();
  const response = await signedRequest(
    h,
    token,
    WALLET_API_PATHS.recovery(address),
    await newDeviceKey(),
    () => ({ replyKey: reply.publicJwk }),
    { register: true },
  );
  return { response, reply };
}

/** A reshare signed by the token's device and the key. */
function reshare(token: string, key: Key, body: Record<string, unknown>) {
  return signedRequest(
    h,
    token,
    WALLET_API_PATHS.reshare(key.address),
    devices.get(token) as DeviceKey,
    async (challenge) => ({
      ...body,
      addressSignature: await signAddress(key, 'reshare', challenge),
    }),
  );
}

function expectRefused(response: LightMyRequestResponse, status: number, code: string): void {
  expect(response.statusCode).toBe(status);
  expect(response.json<ApiErrorBody>().code).toBe(code);
  expect(response.body).not.toContain('"ct"');
}

beforeEach(async () => {
  h = await startHarness({ metrics: { enabled: true } });
  alice = await h.login('alice@example.com');
  bob = await h.login('bob@example.com');
});

afterEach(async () => {
  await h.close();
});

describe('embedded wallet provider endpoints', () => {
  it('stores a new wallet, adds the wallet account, and releases both shares sealed to a reply key', async () => {
    const key = await newKey();
    const user = await createWallet(alice.token, { ...key, address: key.address.toLowerCase() } as Key);
    const account = user.linked_accounts.find((a) => a.type === 'wallet');
    expect(account).toMatchObject({
      type: 'wallet',
      address: key.address,
      chain_type: 'ethereum',
      wallet_client: 'gatehouse',
      wallet_client_type: 'gatehouse',
      connector_type: 'embedded',
      recovery_method: 'gatehouse',
    });
    expect(account?.verified_at).toBeTypeOf('number');

    const { response, share } = await fetchAuthShare(alice.token, key.address);
    expect(response.statusCode).toBe(200);
    expect(share).toEqual(key.auth);

    const { response: recovery, reply } = await fetchRecovery(alice.token, key.address);
    expect(recovery.statusCode).toBe(200);
    const body = recovery.json<RecoveryResponse>();
    expect(body.recoveryMethod).toBe('gatehouse');
    const recoveryShare = await openSealed(reply.privateKey, body.recovery as Sealed);
    expect(recoveryShare).toEqual(key.recovery);
    // Silent recovery on a fresh device: the two released shares rebuild the same wallet.
    expect(await addressFrom(share as Uint8Array, recoveryShare)).toBe(key.address);
    // Sealed to the reply key only: another key does not open it.
    const stranger = await generateSealKeyPair();
    await expect(openSealed(stranger.privateKey, body.recovery as Sealed)).rejects.toThrow();
    const metrics = (await h.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('gatehouse_wallet_shares_released_total{share="auth"} 1\n');
    expect(metrics).toContain('gatehouse_wallet_shares_released_total{share="recovery"} 1\n');
  });

  it('refuses a second wallet with the spec text', async () => {
    await createWallet(alice.token, await newKey());
    const second = await newKey();
    const response = await create(alice.token, second);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'embedded_wallet_already_exists',
      message: 'Only one wallet per user is currently allowed',
    });
    expect((await fetchAuthShare(alice.token, second.address)).response.statusCode).toBe(404);
  });

  it('refuses the auth share for an expired token', async () => {
    const key = await newKey();
    await createWallet(alice.token, key);
    h.clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000);
    const { response, share } = await fetchAuthShare(alice.token, key.address);
    expect(share).toBeUndefined();
    expectRefused(response, 401, 'missing_or_invalid_token');
  });

  it("refuses the auth share for another user's token", async () => {
    const key = await newKey();
    await createWallet(alice.token, key);
    const { response, share } = await fetchAuthShare(bob.token, key.address);
    expect(share).toBeUndefined();
    expectRefused(response, 404, 'embedded_wallet_not_found');
    // Bob's own wallet does not open Alice's either.
    await createWallet(bob.token, await newKey());
    expectRefused((await fetchAuthShare(bob.token, key.address)).response, 404, 'embedded_wallet_not_found');
  });

  it('refuses the auth share for a token of another app (another audience)', async () => {
    const key = await newKey();
    await createWallet(alice.token, key);
    const other = await h.server.gatehouse.apps.create('Other', [ORIGIN]);
    const otherHeaders = { [HEADERS.appId]: other.id };
    const code = await h.requestCode('alice@example.com', otherHeaders);
    const login = await h.post(
      '/api/v1/passwordless/authenticate',
      { email: 'alice@example.com', code },
      otherHeaders,
    );
    const otherToken = login.json<{ token: string }>().token;
    const { response, share } = await fetchAuthShare(otherToken, key.address);
    expect(share).toBeUndefined();
    expectRefused(response, 401, 'missing_or_invalid_token');
    // Under its own app the token names another user, who has no wallet there.
    const own = await fetchAuthShare(otherToken, key.address, otherHeaders);
    expectRefused(own.response, 404, 'embedded_wallet_not_found');
  });

  it('refuses the auth share for an unsigned token (alg: none)', async () => {
    const key = await newKey();
    await createWallet(alice.token, key);
    const [, payload] = alice.token.split('.');
    const header = toB64url(new TextEncoder().encode(JSON.stringify({ alg: 'none', typ: 'JWT' })));
    for (const forged of [`${header}.${payload}.`, `${header}.${payload}`]) {
      const { response, share } = await fetchAuthShare(forged, key.address);
      expect(share).toBeUndefined();
      expectRefused(response, 401, 'missing_or_invalid_token');
    }
  });

  it('answers no host page: a browser request from the app origin is refused', async () => {
    const key = await newKey();
    await createWallet(alice.token, key);
    const { response, share } = await fetchAuthShare(alice.token, key.address, { origin: ORIGIN });
    expect(share).toBeUndefined();
    expectRefused(response, 403, 'invalid_origin');
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps no share, entropy, mnemonic or private key in clear in any row of any table', async () => {
    const key = await newKey();
    await createWallet(alice.token, key);
    await fetchAuthShare(alice.token, key.address);
    const next = await split(key.entropy, 3, 2);
    const publicKey = await transportKey(alice.token);
    const box: PasswordBox = {
      kdf: 'argon2id',
      salt: toB64url(new Uint8Array(16).fill(7)),
      t: 3,
      m: 65536,
      p: 1,
      iv: toB64url(new Uint8Array(12).fill(9)),
      ct: toB64url(new Uint8Array(33).fill(5)),
    };
    const reshared = await reshare(alice.token, key, {
      recoveryMethod: 'user-passcode',
      authShare: await seal(publicKey, next[1] as Uint8Array),
      recovery: box,
    });
    expect(reshared.statusCode, reshared.body).toBe(200);

    const secrets = [
      key.auth,
      key.recovery,
      key.device,
      key.entropy,
      next[0],
      next[1],
      next[2],
    ] as Uint8Array[];
    const needles = secrets.flatMap((bytes) => {
      const buffer = Buffer.from(bytes);
      return [
        buffer.toString('hex'),
        buffer.toString('hex').toUpperCase(),
        buffer.toString('base64'),
        buffer.toString('base64').replace(/=+$/, ''),
        buffer.toString('base64url'),
        Array.from(bytes).join(','),
      ];
    });
    needles.push(key.mnemonic, key.privateKey, key.privateKey.slice(2));

    // Kysely's introspection: the tables of SQLite and of PostgreSQL alike.
    const tables = await h.server.gatehouse.db.introspection.getTables();
    let cells = 0;
    for (const { name } of tables) {
      const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
        h.server.gatehouse.db,
      );
      for (const row of rows.rows) {
        for (const value of Object.values(row)) {
          const text =
            value instanceof Uint8Array || value instanceof ArrayBuffer
              ? Buffer.from(value as Uint8Array).toString('hex')
              : String(value);
          cells += 1;
          for (const needle of needles) expect(text.includes(needle), `${name} holds a secret`).toBe(false);
        }
      }
    }
    expect(tables.map((t) => t.name)).toContain('embedded_wallets');
    expect(cells).toBeGreaterThan(20);
  });

  it('reshare replaces the auth and recovery shares: the old auth share is gone', async () => {
    const key = await newKey();
    await createWallet(alice.token, key);
    const next = (await split(key.entropy, 3, 2)) as [Uint8Array, Uint8Array, Uint8Array];
    const publicKey = await transportKey(alice.token);
    const box: PasswordBox = {
      kdf: 'argon2id',
      salt: toB64url(new Uint8Array(16).fill(1)),
      t: 3,
      m: 65536,
      p: 1,
      iv: toB64url(new Uint8Array(12).fill(2)),
      ct: toB64url(new Uint8Array(33).fill(3)),
    };
    const response = await reshare(alice.token, key, {
      recoveryMethod: 'user-passcode',
      authShare: await seal(publicKey, next[1]),
      recovery: box,
    });
    expect(response.statusCode, response.body).toBe(200);
    const account = response
      .json<EmbeddedWalletUserResponse>()
      .user.linked_accounts.find((a) => a.type === 'wallet') as EmbeddedWalletAccountWire | undefined;
    expect(account?.recovery_method).toBe('user-passcode');

    const { share } = await fetchAuthShare(alice.token, key.address);
    expect(share).toEqual(next[1]);
    expect(share).not.toEqual(key.auth);
    // The old device share no longer combines with what the server releases.
    expect(await addressFrom(key.device, share as Uint8Array).catch(() => 'refused')).not.toBe(key.address);
    expect(await addressFrom(next[0], share as Uint8Array)).toBe(key.address);

    // The password box comes back exactly as given, and no server-held recovery share is left.
    const { response: recovery } = await fetchRecovery(alice.token, key.address);
    expect(recovery.json()).toEqual({ recoveryMethod: 'user-passcode', recovery: box });
  });

  it('refuses shares sealed to another key and malformed input, storing nothing', async () => {
    const key = await newKey();
    const stranger = await generateSealKeyPair();
    const wrongKey = await create(alice.token, key, async (body) => ({
      ...body,
      authShare: await seal(stranger.publicJwk, key.auth),
    }));
    expectRefused(wrongKey, 400, 'invalid_wallet_share');
    const badAddress = await create(alice.token, key, (body) => ({
      ...body,
      address: `0x${'g'.repeat(40)}`,
    }));
    expectRefused(badAddress, 400, 'invalid_data');
    const noBox = await create(alice.token, key, (body) => ({ ...body, recoveryMethod: 'user-passcode' }));
    expectRefused(noBox, 400, 'invalid_data');
    const complete = {
      address: key.address,
      recoveryMethod: 'gatehouse',
      authShare: {},
      recovery: {},
      addressSignature: '0x',
    };
    const noToken = await frame('POST', WALLET_API_PATHS.create, undefined, complete);
    expectRefused(noToken, 401, 'missing_or_invalid_token');
    const rows = await h.server.gatehouse.db.selectFrom('embedded_wallets').selectAll().execute();
    expect(rows).toEqual([]);
    expect(await h.server.gatehouse.db.selectFrom('wallet_devices').selectAll().execute()).toEqual([]);
    // A private JWK as reply key is taken for its public part only; junk is refused.
    await createWallet(alice.token, key);
    const junk = await signedRequest(
      h,
      alice.token,
      WALLET_API_PATHS.authShare(key.address),
      devices.get(alice.token) as DeviceKey,
      () => ({ replyKey: { kty: 'oct' } }),
    );
    expectRefused(junk, 400, 'invalid_data');
  });

  it('the embedded wallet cannot be unlinked or used to log in', async () => {
    const key = await newKey();
    await createWallet(alice.token, key);
    const { users } = h.server.gatehouse;
    const unlink = users.unlinkAccount(h.appId, alice.user.id, 'wallet', key.address.toLowerCase());
    await expect(unlink).rejects.toThrow(new ApiError('cannot_unlink_embedded_wallet'));
    await expect(unlink).rejects.toThrow('Cannot unlink an embedded wallet');
    const walletAccount = {
      type: 'wallet',
      subject: key.address.toLowerCase(),
      data: { address: key.address },
    };
    await expect(users.loginWithAccount(h.appId, walletAccount)).rejects.toMatchObject({
      code: 'embedded_wallet_not_linkable',
    });
    await expect(users.linkAccount(h.appId, bob.user.id, walletAccount)).rejects.toMatchObject({
      code: 'embedded_wallet_not_linkable',
    });
    // Alice's email is still her only way in: it cannot be unlinked with the wallet beside it.
    await expect(
      users.unlinkAccount(h.appId, alice.user.id, 'email', 'alice@example.com'),
    ).rejects.toMatchObject({
      code: 'cannot_unlink_last_account',
    });
  });

  it('rate-limits share releases per user', async () => {
    const key = await newKey();
    await createWallet(alice.token, key);
    const statuses: number[] = [];
    for (let i = 0; i <= WALLET_RELEASE_LIMITS.perUser.max; i += 1) {
      statuses.push((await fetchAuthShare(alice.token, key.address)).response.statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

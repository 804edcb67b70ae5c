import { getAddress, HDNodeWallet, Mnemonic } from 'ethers';
import { combine, split } from 'shamir-secret-sharing';
import { afterEach, beforeEach, expect } from 'vitest';
import { type DeviceKey, newDeviceKey } from '../../src/frame/device-key.js';
import type { UserWire } from '../../src/protocol/api.js';
import { generateSealKeyPair, openSealed, seal, toB64url } from '../../src/protocol/sealed-box.js';
import {
  type AuthShareResponse,
  type EmbeddedWalletUserResponse,
  type PasswordBox,
  type TransportKeyResponse,
  WALLET_API_PATHS,
} from '../../src/protocol/wallet-api.js';
import { addressProofMessage } from '../../src/protocol/wallet-device.js';
import { type Harness, startHarness } from './harness.js';
import { rawRequest, signedRequest } from './wallet-support.js';

const DERIVATION_PATH = "m/44'/60'/0'/0/0";

/** What the frame makes: entropy → BIP-39 → the first account, and a 2-of-3 split of the entropy. */
export async function newKey() {
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
export type Key = Awaited<ReturnType<typeof newKey>>;

/** The address two shares rebuild, as the frame checks it. */
export async function addressFrom(a: Uint8Array, b: Uint8Array): Promise<string> {
  const entropy = await combine([a, b]);
  return HDNodeWallet.fromMnemonic(Mnemonic.fromEntropy(entropy), DERIVATION_PATH).address;
}

/** A password box of the given filler bytes (salt, iv, ciphertext), as the frame stores it. */
export const passwordBox = (salt: number, iv: number, ct: number): PasswordBox => ({
  kdf: 'argon2id',
  salt: toB64url(new Uint8Array(16).fill(salt)),
  t: 3,
  m: 65536,
  p: 1,
  iv: toB64url(new Uint8Array(12).fill(iv)),
  ct: toB64url(new Uint8Array(33).fill(ct)),
});

export type WalletsWorld = Awaited<ReturnType<typeof startWallets>>;

/** A fresh WalletsWorld for each test of the file (the object is refilled before each). */
export function useWallets(): WalletsWorld {
  const w = {} as WalletsWorld;
  beforeEach(async () => {
    Object.assign(w, await startWallets());
  });
  afterEach(async () => {
    await w.h.close();
  });
  return w;
}

/**
 * A provider with metrics on, Alice and Bob logged in, and the wallet frame's calls as this test's
 * browser makes them (it remembers the device key each user's wallet was created with).
 */
async function startWallets() {
  const h = await startHarness({ metrics: { enabled: true } });
  const alice = await h.login('alice@example.com');
  const bob = await h.login('bob@example.com');
  /** This test's browser: the device key each user's wallet was created with. */
  const devices = new Map<string, DeviceKey>();
  return { h, alice, bob, devices, ...creating(h, devices), ...releasing(h, devices) };
}

/** The key's signature of the proof of address over `challenge`. */
const signAddress = (h: Harness, key: Key, action: 'create' | 'reshare', challenge: string) =>
  key.wallet.signMessage(
    addressProofMessage({ action, address: getAddress(key.address), appId: h.appId, challenge }),
  );

/** The frame's calls that make a wallet. */
export function creating(h: Harness, devices: Map<string, DeviceKey> = new Map()) {
  async function transportKey(token: string): Promise<JsonWebKey> {
    const response = await rawRequest(h, 'GET', WALLET_API_PATHS.transportKey, token);
    expect(response.statusCode).toBe(200);
    return response.json<TransportKeyResponse>().publicKey;
  }

  async function createBody(token: string, key: Key, challenge: string, address = key.address) {
    const publicKey = await transportKey(token);
    return {
      address,
      recoveryMethod: 'gatehouse',
      authShare: await seal(publicKey, key.auth),
      recovery: await seal(publicKey, key.recovery),
      addressSignature: await signAddress(h, key, 'create', challenge),
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

  return { transportKey, create, createWallet };
}

/** The frame's calls that release and replace the shares. */
function releasing(h: Harness, devices: Map<string, DeviceKey>) {
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

  /** A reshare signed by the token's device and the key. */
  function reshare(token: string, key: Key, body: Record<string, unknown>) {
    return signedRequest(
      h,
      token,
      WALLET_API_PATHS.reshare(key.address),
      devices.get(token) as DeviceKey,
      async (challenge) => ({
        ...body,
        addressSignature: await signAddress(h, key, 'reshare', challenge),
      }),
    );
  }

  return { fetchAuthShare, reshare };
}

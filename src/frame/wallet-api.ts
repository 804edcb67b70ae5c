/**
 * The frame's client of the provider's embedded-wallet endpoints (src/protocol/wallet-api.ts,
 * wallet-device.ts), called from the provider origin. Shares go out sealed to the server's
 * transport key and come back sealed to a one-time reply key made here; no share, password or key
 * travels in clear. Every share request, creation, reshare and device change is signed by the
 * frame's device key over a fresh challenge (device-key.ts); creation and reshares also carry the
 * wallet key's signature of the same challenge (the proof of address).
 */
import type { PasskeyBox } from '../protocol/passkey.js';
import { generateSealKeyPair, isSealed, openSealed, type Sealed, seal } from '../protocol/sealed-box.js';
import {
  type AuthShareResponse,
  type CreateEmbeddedWalletBody,
  type PasswordBox,
  RECOVERY_METHODS,
  type RecoveryMethod,
  type RecoveryResponse,
  type ReshareBody,
  type TransportKeyResponse,
  WALLET_API_PATHS,
} from '../protocol/wallet-api.js';
import {
  type AddressProofAction,
  addressProofMessage,
  WALLET_DEVICE_PATHS,
  type WalletChallengeResponse,
  type WalletDevicesResponse,
  type WalletDeviceWire,
} from '../protocol/wallet-device.js';
import { type DeviceKey, deviceProof } from './device-key.js';
import { isPasskeyBox } from './passkey-shared.js';
import { isPasswordBox } from './password-box.js';
import { bodyText, type ProviderCall, type ProviderCallOptions, providerCall } from './provider-call.js';

export { WalletApiError } from './provider-call.js';

/** The recovery as fetched: a share already opened (`gatehouse`), or the password or passkey box. */
export type FetchedRecovery =
  | { recoveryMethod: 'gatehouse'; share: Uint8Array }
  | { recoveryMethod: 'user-passcode'; box: PasswordBox }
  | { recoveryMethod: 'passkey'; box: PasskeyBox };

/** What the frame stores on the server: the auth share and the recovery, each sealed or boxed. */
export interface StoredShares {
  recoveryMethod: RecoveryMethod;
  authShare: Uint8Array;
  /** The recovery share for `gatehouse` (sealed here), or its password or passkey box. */
  recovery: Uint8Array | PasswordBox | PasskeyBox;
}

/** The proofs of a request: this browser's device key, and the MFA proof when the user has MFA (§6). */
export interface DeviceProofs {
  device: DeviceKey;
  mfaProof?: string | undefined;
}

/** Creation and reshares: also the wallet key's signature (EIP-191) of the given message. */
export interface AddressProofs extends DeviceProofs {
  signAddress: (message: string) => Promise<string>;
}

export interface WalletApi {
  /** Registers `proofs.device` with the new wallet. */
  create(accessToken: string, address: string, shares: StoredShares, proofs: AddressProofs): Promise<void>;
  reshare(accessToken: string, address: string, shares: StoredShares, proofs: AddressProofs): Promise<void>;
  authShare(accessToken: string, address: string, proofs: DeviceProofs): Promise<Uint8Array>;
  /** Registers `proofs.device` (a new device): needs a recent login. */
  recovery(accessToken: string, address: string, proofs: DeviceProofs): Promise<FetchedRecovery>;
  devices(accessToken: string, address: string): Promise<WalletDeviceWire[]>;
  revokeDevice(
    accessToken: string,
    address: string,
    id: string,
    proofs: DeviceProofs,
  ): Promise<WalletDeviceWire[]>;
}

export type WalletApiOptions = ProviderCallOptions;

interface Signed {
  path: string;
  accessToken: string;
  proofs: DeviceProofs;
  /** The key is registered by this request. */
  register?: boolean;
  /** The body, given the challenge (creation and reshares sign it). */
  body: (challenge: string) => Promise<unknown>;
}

/** What the requests below share: the provider calls, the app, and the transport key. */
interface Client {
  call: ProviderCall;
  appId: string;
  transportKey(accessToken: string): Promise<JsonWebKey>;
}

/** The server's transport key, fetched once per frame (the endpoint wants the access token too). */
function transportKeyOf(call: ProviderCall): (accessToken: string) => Promise<JsonWebKey> {
  let transportKey: Promise<JsonWebKey> | undefined;
  return (accessToken) => {
    transportKey ??= call<TransportKeyResponse>(WALLET_API_PATHS.transportKey, accessToken).then(
      (answer) => answer.publicKey,
      (error: unknown) => {
        transportKey = undefined;
        throw error;
      },
    );
    return transportKey;
  };
}

async function sealShares(client: Client, accessToken: string, shares: StoredShares) {
  const key = await client.transportKey(accessToken);
  const authShare = await seal(key, shares.authShare);
  const recovery: Sealed | PasswordBox | PasskeyBox =
    shares.recovery instanceof Uint8Array ? await seal(key, shares.recovery) : shares.recovery;
  return { recoveryMethod: shares.recoveryMethod, authShare, recovery };
}

/** A POST signed by the device key over a fresh challenge, method, path and body. */
async function signed<A>(client: Client, request: Signed): Promise<A> {
  const { challenge } = await client.call<WalletChallengeResponse>(
    WALLET_DEVICE_PATHS.challenge,
    request.accessToken,
    {},
  );
  const body = await request.body(challenge);
  const device = await deviceProof(request.proofs.device, {
    challenge,
    method: 'POST',
    path: request.path,
    body: bodyText(body),
    register: request.register,
  });
  return client.call<A>(request.path, request.accessToken, body, { mfa: request.proofs.mfaProof, device });
}

/** The body of a creation or reshare, given the challenge: the sealed shares and the wallet key's signature. */
function provenShares(
  client: Client,
  action: AddressProofAction,
  target: { accessToken: string; address: string },
  shares: StoredShares,
  proofs: AddressProofs,
) {
  return async (challenge: string): Promise<ReshareBody> => {
    const message = addressProofMessage({ action, address: target.address, appId: client.appId, challenge });
    const addressSignature = await proofs.signAddress(message);
    return { ...(await sealShares(client, target.accessToken, shares)), addressSignature };
  };
}

/** A signed POST with a fresh one-time reply key; `read` opens the answer with its private half. */
async function release<A, R>(
  client: Client,
  request: Omit<Signed, 'body'>,
  read: (answer: A, open: (sealed: unknown) => Promise<Uint8Array>) => Promise<R>,
): Promise<R> {
  const replyKey = await generateSealKeyPair();
  const answer = await signed<A>(client, {
    ...request,
    body: async () => ({ replyKey: replyKey.publicJwk }),
  });
  return read(answer, async (sealed) => {
    if (!isSealed(sealed)) throw new Error('The server answered no sealed share.');
    return openSealed(replyKey.privateKey, sealed);
  });
}

async function readRecovery(
  answer: RecoveryResponse,
  open: (sealed: unknown) => Promise<Uint8Array>,
): Promise<FetchedRecovery> {
  if (!RECOVERY_METHODS.includes(answer.recoveryMethod)) throw new Error('Unknown recovery method.');
  if (answer.recoveryMethod === 'user-passcode') {
    if (!isPasswordBox(answer.recovery)) throw new Error('The server answered no password box.');
    return { recoveryMethod: 'user-passcode', box: answer.recovery };
  }
  if (answer.recoveryMethod === 'passkey') {
    if (!isPasskeyBox(answer.recovery)) throw new Error('The server answered no passkey box.');
    return { recoveryMethod: 'passkey', box: answer.recovery };
  }
  return { recoveryMethod: 'gatehouse', share: await open(answer.recovery) };
}

export function walletApi(options: WalletApiOptions): WalletApi {
  const call = providerCall(options);
  const client: Client = { call, appId: options.appId, transportKey: transportKeyOf(call) };
  return {
    async create(accessToken, address, shares, proofs) {
      const body = provenShares(client, 'create', { accessToken, address }, shares, proofs);
      await signed(client, {
        path: WALLET_API_PATHS.create,
        accessToken,
        proofs,
        register: true,
        body: async (challenge): Promise<CreateEmbeddedWalletBody> => ({
          address,
          ...(await body(challenge)),
        }),
      });
    },
    async reshare(accessToken, address, shares, proofs) {
      const body = provenShares(client, 'reshare', { accessToken, address }, shares, proofs);
      await signed(client, { path: WALLET_API_PATHS.reshare(address), accessToken, proofs, body });
    },
    authShare(accessToken, address, proofs) {
      const path = WALLET_API_PATHS.authShare(address);
      return release<AuthShareResponse, Uint8Array>(client, { path, accessToken, proofs }, (answer, open) =>
        open(answer.authShare),
      );
    },
    recovery(accessToken, address, proofs) {
      const request = { path: WALLET_API_PATHS.recovery(address), accessToken, proofs, register: true };
      return release<RecoveryResponse, FetchedRecovery>(client, request, readRecovery);
    },
    async devices(accessToken, address) {
      return (await call<WalletDevicesResponse>(WALLET_DEVICE_PATHS.devices(address), accessToken)).devices;
    },
    async revokeDevice(accessToken, address, id, proofs) {
      const path = WALLET_DEVICE_PATHS.revokeDevice(address, id);
      const answer = await signed<WalletDevicesResponse>(client, {
        path,
        accessToken,
        proofs,
        body: async () => ({}),
      });
      return answer.devices;
    },
  };
}

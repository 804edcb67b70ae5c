/**
 * The frame's client of the provider's embedded-wallet endpoints (src/protocol/wallet-api.ts),
 * called from the provider origin. Shares go out sealed to the server's transport key and come
 * back sealed to a one-time reply key made here; no share, password or key travels in clear.
 */
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
import { isPasswordBox } from './password-box.js';
import { type ProviderCallOptions, providerCall } from './provider-call.js';

export { WalletApiError } from './provider-call.js';

/** The recovery as fetched: a share already opened (`gatehouse`) or the password box (`user-passcode`). */
export type FetchedRecovery =
  | { recoveryMethod: 'gatehouse'; share: Uint8Array }
  | { recoveryMethod: 'user-passcode'; box: PasswordBox };

/** What the frame stores on the server: the auth share and the recovery, each sealed or boxed. */
export interface StoredShares {
  recoveryMethod: RecoveryMethod;
  authShare: Uint8Array;
  /** The recovery share for `gatehouse` (sealed here), or its password box for `user-passcode`. */
  recovery: Uint8Array | PasswordBox;
}

/** `mfaProof`: the frame's MFA proof, which the provider wants when the user has MFA (§6). */
export interface WalletApi {
  create(accessToken: string, address: string, shares: StoredShares): Promise<void>;
  reshare(accessToken: string, address: string, shares: StoredShares, mfaProof?: string): Promise<void>;
  authShare(accessToken: string, address: string, mfaProof?: string): Promise<Uint8Array>;
  recovery(accessToken: string, address: string, mfaProof?: string): Promise<FetchedRecovery>;
}

export type WalletApiOptions = ProviderCallOptions;

export function walletApi(options: WalletApiOptions): WalletApi {
  const call = providerCall(options);
  let transportKey: Promise<JsonWebKey> | undefined;

  /** The server's transport key, fetched once per frame (the endpoint wants the access token too). */
  function sealTo(accessToken: string): Promise<JsonWebKey> {
    transportKey ??= call<TransportKeyResponse>(WALLET_API_PATHS.transportKey, accessToken).then(
      (answer) => answer.publicKey,
      (error: unknown) => {
        transportKey = undefined;
        throw error;
      },
    );
    return transportKey;
  }

  async function sealShares(accessToken: string, shares: StoredShares): Promise<ReshareBody> {
    const key = await sealTo(accessToken);
    const authShare = await seal(key, shares.authShare);
    const recovery: Sealed | PasswordBox =
      shares.recovery instanceof Uint8Array ? await seal(key, shares.recovery) : shares.recovery;
    return { recoveryMethod: shares.recoveryMethod, authShare, recovery };
  }

  /** POSTs a fresh one-time reply key; `read` opens the answer with its private half. */
  async function release<A, R>(
    path: string,
    accessToken: string,
    mfaProof: string | undefined,
    read: (answer: A, open: (sealed: unknown) => Promise<Uint8Array>) => Promise<R>,
  ): Promise<R> {
    const replyKey = await generateSealKeyPair();
    const answer = await call<A>(path, accessToken, { replyKey: replyKey.publicJwk }, mfaProof);
    return read(answer, async (sealed) => {
      if (!isSealed(sealed)) throw new Error('The server answered no sealed share.');
      return openSealed(replyKey.privateKey, sealed);
    });
  }

  return {
    async create(accessToken, address, shares) {
      const body: CreateEmbeddedWalletBody = { address, ...(await sealShares(accessToken, shares)) };
      await call(WALLET_API_PATHS.create, accessToken, body);
    },
    async reshare(accessToken, address, shares, mfaProof) {
      const body = await sealShares(accessToken, shares);
      await call(WALLET_API_PATHS.reshare(address), accessToken, body, mfaProof);
    },
    authShare(accessToken, address, mfaProof) {
      return release<AuthShareResponse, Uint8Array>(
        WALLET_API_PATHS.authShare(address),
        accessToken,
        mfaProof,
        (answer, open) => open(answer.authShare),
      );
    },
    recovery(accessToken, address, mfaProof) {
      return release<RecoveryResponse, FetchedRecovery>(
        WALLET_API_PATHS.recovery(address),
        accessToken,
        mfaProof,
        async (answer, open) => {
          if (!RECOVERY_METHODS.includes(answer.recoveryMethod)) throw new Error('Unknown recovery method.');
          if (answer.recoveryMethod === 'user-passcode') {
            if (!isPasswordBox(answer.recovery)) throw new Error('The server answered no password box.');
            return { recoveryMethod: 'user-passcode', box: answer.recovery };
          }
          return { recoveryMethod: 'gatehouse', share: await open(answer.recovery) };
        },
      );
    },
  };
}

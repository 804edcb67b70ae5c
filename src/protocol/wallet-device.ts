/**
 * Device-bound shares and proofs of address (DESIGN.md, "Embedded wallet security model"): the
 * wire contract between the wallet frame and the provider.
 *
 * - Every share request carries a device proof (DEVICE_PROOF_HEADER): a compact JWS (ES256) by the
 *   frame's non-extractable P-256 device key over a fresh, single-use server challenge, the method,
 *   the path and the SHA-256 of the exact body (DPoP-style). `kid` names a registered device key
 *   (its RFC 7638 thumbprint); a request that registers a new key (wallet creation, recovery on a
 *   new device) carries the public key itself as `jwk` instead.
 * - Creating a wallet and every reshare carry `addressSignature`: an EIP-191 signature by the
 *   wallet's key of `addressProofMessage(…)` over the same challenge; the provider recovers it to
 *   the address.
 * - Recovery on a new device registers its key only with a step-up approved for that very key
 *   (step-up.ts): a login, however recent, is not enough.
 */

/** Request header of the device proof. */
export const DEVICE_PROOF_HEADER = 'gatehouse-device-proof';
/** `typ` of the device proof's protected header. */
export const DEVICE_PROOF_TYPE = 'gatehouse-device+jwt';
/** A challenge lives this long, and is spent by the first request that uses it. */
export const WALLET_CHALLENGE_TTL_SECONDS = 60;

const walletPath = (address: string): string => `/api/v1/embedded_wallets/${encodeURIComponent(address)}`;

export const WALLET_DEVICE_PATHS = {
  /** POST {} → WalletChallengeResponse (bearer). */
  challenge: '/api/v1/embedded_wallets/challenge',
  /** GET → WalletDevicesResponse (bearer): the wallet's registered device keys. */
  devices: (address: string) => `${walletPath(address)}/devices`,
  /** POST {} with a device proof → WalletDevicesResponse: revokes one device key. */
  revokeDevice: (address: string, id: string) =>
    `${walletPath(address)}/devices/${encodeURIComponent(id)}/revoke`,
} as const;

export interface WalletChallengeResponse {
  /** 32 random bytes, base64url; single use. */
  challenge: string;
  /** Unix seconds. */
  expires_at: number;
}

/** The protected header of a device proof: `kid` of a registered key, or `jwk` of one to register. */
export interface DeviceProofHeader {
  typ: typeof DEVICE_PROOF_TYPE;
  alg: 'ES256';
  kid?: string;
  jwk?: JsonWebKey;
}

/**
 * The payload of a device proof. No time of its own: the server's challenge (single use, short
 * expiry) bounds its life, so a browser with a wrong clock is not refused.
 */
export interface DeviceProofPayload {
  /** The challenge, as answered. */
  chl: string;
  /** The request's method, upper case. */
  htm: string;
  /** The request's path, without query. */
  htu: string;
  /** SHA-256 of the exact request body (empty for none), base64url. */
  bh: string;
}

/** One registered device key of a wallet. Times are unix seconds. */
export interface WalletDeviceWire {
  /** The key's RFC 7638 thumbprint. */
  id: string;
  created_at: number;
  last_used_at: number | null;
}

export interface WalletDevicesResponse {
  devices: WalletDeviceWire[];
}

/** What proving the address is for. */
export type AddressProofAction = 'create' | 'reshare';

/** The text the wallet's key signs (EIP-191 personal_sign) to prove it owns `address`. */
export function addressProofMessage(fields: {
  action: AddressProofAction;
  address: string;
  appId: string;
  challenge: string;
}): string {
  return [
    'Gatehouse embedded wallet: proof of address',
    `Action: ${fields.action}`,
    `Address: ${fields.address}`,
    `App: ${fields.appId}`,
    `Challenge: ${fields.challenge}`,
  ].join('\n');
}

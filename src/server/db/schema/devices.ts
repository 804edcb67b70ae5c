/** Tables of the embedded wallets' device keys (migration 0013, services/wallets/wallet-devices.ts). */
import type { Millis, NullableMillis } from './columns.js';

/** A device key registered for a user's embedded wallet. */
export interface WalletDevicesTable {
  /** RFC 7638 thumbprint of the public key. */
  id: string;
  app_id: string;
  user_id: string;
  address: string;
  /** The P-256 public JWK (public: no secret in it). */
  public_jwk: string;
  created_at: Millis;
  last_used_at: NullableMillis;
  revoked_at: NullableMillis;
}

/** A challenge for one device proof: single use, short-lived, bound to its session. */
export interface WalletChallengesTable {
  /** Keyed hash of the challenge. */
  challenge_hash: string;
  app_id: string;
  user_id: string;
  session_id: string;
  expires_at: Millis;
  used_at: NullableMillis;
}

export interface DeviceTables {
  wallet_devices: WalletDevicesTable;
  wallet_challenges: WalletChallengesTable;
}

/** The server's keys: the token signing keys and the wallets' transport key. */
import type { Millis } from './columns.js';

export interface SigningKeysTable {
  kid: string;
  /** Private JWK, AES-256-GCM encrypted under a key derived from the server secret. */
  private_jwk: string;
  public_jwk: string;
  created_at: Millis;
  /** When it starts to sign: the newest key past this time signs (services/sessions/signing-keys.ts). */
  signs_from: Millis;
}

/** The server's P-256 key the frame seals wallet shares to (sealed-box.ts); one, made on first start. */
export interface WalletTransportKeysTable {
  /** RFC 7638 thumbprint of the public key. */
  kid: string;
  /** Private JWK, AES-256-GCM under the server secret (Secrets.encrypt). */
  private_jwk: string;
  public_jwk: string;
  created_at: Millis;
}

export interface KeyTables {
  signing_keys: SigningKeysTable;
  wallet_transport_keys: WalletTransportKeysTable;
}

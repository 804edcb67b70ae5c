/** The embedded wallets and the card purchases that fund them. */
import type { Flag, Millis } from './columns.js';

/**
 * A user's embedded wallet (one per user): the provider's shares, never in clear. `auth_share`
 * is AES-256-GCM under the server's wallet-share key; `recovery` is AES-256-GCM under the
 * distinct recovery key for `gatehouse` recovery, or the frame's PasswordBox JSON (Argon2id of
 * the user's password) for `user-passcode`. See services/wallets/wallets.ts.
 */
export interface EmbeddedWalletsTable {
  user_id: string;
  app_id: string;
  /** EIP-55 checksummed. */
  address: string;
  /** 'gatehouse' or 'user-passcode'. */
  recovery_method: string;
  auth_share: string;
  recovery: string;
  created_at: Millis;
  updated_at: Millis;
}

/**
 * A card purchase the provider signed a buy-widget URL for (services/funding/on-ramp.ts): the random
 * external transaction id the on-ramp provider knows it by, with the user and the wallet funded.
 */
export interface FiatOnRampPurchasesTable {
  external_transaction_id: string;
  app_id: string;
  user_id: string;
  /** 'moonpay'. */
  provider: string;
  /** The wallet funded, EIP-55 as linked. */
  address: string;
  use_sandbox: Flag;
  created_at: Millis;
}

export interface WalletTables {
  embedded_wallets: EmbeddedWalletsTable;
  fiat_on_ramp_purchases: FiatOnRampPurchasesTable;
}

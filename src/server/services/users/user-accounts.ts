/**
 * The rows of users' linked accounts as UserService writes them: which accounts log in, the
 * embedded wallet's account, a new account's columns and what a new verification refreshes.
 */
import type { Transaction } from 'kysely';
import { EMBEDDED_WALLET_CLIENT_TYPE, WALLET_ACCOUNT_TYPE } from '../../../protocol/wallet-api.js';
import type { Database } from '../../db/schema/index.js';
import { insertLater } from '../../db/write-behind.js';
import { randomId } from '../crypto.js';

export const USER_ID_LENGTH = 25;

/** A verified account: `subject` is its normalized unique key within its type (lowercased email, E.164 number, provider subject). */
export interface AccountIdentity {
  type: string;
  subject: string;
  /** Wire fields of the linked account (§3), e.g. `{address}` or `{subject, email, name}`. */
  data: Record<string, unknown>;
  /**
   * A social account's email that its provider vouches for (lowercased), the only one the
   * allowlist trusts; an unverified one (Spotify's, or any with email_verified false) stays in
   * `data` for display only. Not needed for `email` accounts, whose subject is the address.
   */
  verifiedEmail?: string | null;
}

/** Account types that exist on a user but cannot be used to log in (the embedded wallet). */
export const NON_LOGIN_ACCOUNT_TYPES = new Set<string>(['embedded_wallet']);

/**
 * The embedded wallet's `wallet` account (walletClientType 'gatehouse', services/wallets/wallets.ts):
 * it cannot be unlinked, linked or used to log in (§5).
 */
export function isEmbeddedWallet(row: { type: string; data: string }): boolean {
  if (row.type !== WALLET_ACCOUNT_TYPE) return false;
  const data = JSON.parse(row.data) as Record<string, unknown>;
  return data.wallet_client_type === EMBEDDED_WALLET_CLIENT_TYPE;
}

/**
 * A user with an embedded wallet changes accounts only under a step-up (http/step-up-gate.ts): what
 * they link then is trusted at once (`stepped_up`), as the account they signed up with is; what a
 * user without one links waits the cooldown.
 */
export async function hasWallet(trx: Transaction<Database>, userId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('embedded_wallets')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertAccount(
  trx: Transaction<Database>,
  appId: string,
  userId: string,
  account: AccountIdentity,
  now: number,
  steppedUp = false,
): Promise<void> {
  await insertLater(
    trx,
    trx.insertInto('linked_accounts').values({
      id: randomId(USER_ID_LENGTH),
      user_id: userId,
      app_id: appId,
      type: account.type,
      subject: account.subject,
      data: JSON.stringify(account.data),
      verified_email: account.verifiedEmail ?? null,
      first_verified_at: now,
      latest_verified_at: now,
      stepped_up: steppedUp ? 1 : 0,
    }),
  );
}

/** What a new verification of an existing account refreshes: its profile and what it proves. */
export function refreshedFields(account: AccountIdentity, now: number) {
  return {
    latest_verified_at: now,
    data: JSON.stringify(account.data),
    verified_email: account.verifiedEmail ?? null,
  };
}

/** Decides whether an account may log in to an app; throws the ApiError to answer (allowlist_rejected). */
export interface LoginGate {
  /** `read`: the app's settings, when the caller has read them already. */
  admit(appId: string, account: AccountIdentity, read?: Record<string, string>): Promise<void>;
}

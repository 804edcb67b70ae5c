import type { LinkedAccountWire, UserWire } from '../protocol/api.js';
import type {
  CustomAuthAccount,
  EmailAccount,
  LinkedAccount,
  OAuthAccount,
  PhoneAccount,
  User,
  WalletAccount,
} from '../protocol/client.js';
import { OAUTH_PROVIDER_RECORD, OAUTH_PROVIDERS } from '../protocol/constants.js';
import { FARCASTER_ACCOUNT_TYPE, type FarcasterAccount } from '../protocol/farcaster-account.js';
import { MESSAGES } from './errors/messages.js';
import { farcasterShortcut, toFarcasterAccount } from './farcaster/account.js';
import { isOAuthProvider } from './login/oauth-return.js';
import { toPasskeyAccount } from './passkey/account.js';

const fromSeconds = (seconds: number): Date => new Date(seconds * 1000);
const maybeDate = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? fromSeconds(seconds) : null;

function toLinkedAccount(wire: LinkedAccountWire): LinkedAccount | null {
  if (wire.type === 'email' && typeof wire.address === 'string') {
    const account: EmailAccount = {
      type: 'email',
      address: wire.address,
      verifiedAt: fromSeconds(wire.verified_at),
      firstVerifiedAt: maybeDate(wire.first_verified_at),
      latestVerifiedAt: maybeDate(wire.latest_verified_at),
    };
    return account;
  }
  if (wire.type === 'custom_auth' && typeof wire.custom_user_id === 'string') {
    const account: CustomAuthAccount = {
      type: 'custom_auth',
      customUserId: wire.custom_user_id,
      verifiedAt: fromSeconds(wire.verified_at),
      firstVerifiedAt: maybeDate(wire.first_verified_at),
      latestVerifiedAt: maybeDate(wire.latest_verified_at),
    };
    return account;
  }
  if (wire.type === 'phone' && typeof wire.number === 'string') {
    const account: PhoneAccount = {
      type: 'phone',
      number: wire.number,
      verifiedAt: fromSeconds(wire.verified_at),
      firstVerifiedAt: maybeDate(wire.first_verified_at),
      latestVerifiedAt: maybeDate(wire.latest_verified_at),
    };
    return account;
  }
  if (wire.type === 'wallet' && typeof wire.address === 'string') return toWalletAccount(wire);
  if (wire.type === FARCASTER_ACCOUNT_TYPE) return toFarcasterAccount(wire);
  if (wire.type === 'passkey') return toPasskeyAccount(wire);
  const oauth = toOAuthAccount(wire);
  if (oauth) return oauth;
  console.warn(MESSAGES.unknownLinkedAccount(wire.type));
  return null;
}

/** A `wallet` account (§3); the embedded wallet has walletClientType 'gatehouse' and a recoveryMethod. */
function toWalletAccount(wire: LinkedAccountWire): WalletAccount {
  const f = wire as Record<string, string | undefined>;
  return {
    type: 'wallet',
    address: String(f.address),
    chainType: 'ethereum',
    chainId: f.chain_id ?? null,
    walletClient: f.wallet_client ?? 'unknown',
    walletClientType: f.wallet_client_type ?? 'unknown',
    connectorType: f.connector_type ?? 'unknown',
    recoveryMethod: (f.recovery_method as WalletAccount['recoveryMethod']) ?? null,
    verifiedAt: fromSeconds(wire.verified_at),
    firstVerifiedAt: maybeDate(wire.first_verified_at),
    latestVerifiedAt: maybeDate(wire.latest_verified_at),
  };
}

const OAUTH_SUFFIX = '_oauth';

/** `google_oauth` … `apple_oauth`: the subject and the provider's fields, strings or null. */
function toOAuthAccount(wire: LinkedAccountWire): OAuthAccount | null {
  const fields = wire as Record<string, unknown>;
  const provider = wire.type.endsWith(OAUTH_SUFFIX) ? wire.type.slice(0, -OAUTH_SUFFIX.length) : '';
  if (!isOAuthProvider(provider) || typeof fields.subject !== 'string') return null;
  const account: Record<string, unknown> = {
    type: wire.type,
    subject: fields.subject,
    verifiedAt: fromSeconds(wire.verified_at),
    firstVerifiedAt: maybeDate(wire.first_verified_at),
    latestVerifiedAt: maybeDate(wire.latest_verified_at),
  };
  for (const field of OAUTH_PROVIDER_RECORD[provider].fields) {
    const value = fields[field];
    account[field] = typeof value === 'string' ? value : null;
  }
  return account as OAuthAccount;
}

const lastVerified = (account: LinkedAccount): number =>
  (account.latestVerifiedAt ?? account.verifiedAt).getTime();

/** The server's user (§3 "server fields read") as the client User; shortcuts use the most recently verified account. */
export function toUser(wire: UserWire): User {
  const linkedAccounts = wire.linked_accounts
    .map(toLinkedAccount)
    .filter((account): account is LinkedAccount => account !== null);
  const emails = linkedAccounts
    .filter((account) => account.type === 'email')
    .sort((a, b) => lastVerified(b) - lastVerified(a));
  const user: User = {
    id: wire.id,
    createdAt: fromSeconds(wire.created_at),
    linkedAccounts,
    mfaMethods: wire.mfa_methods.map((method) => method.type),
    hasAcceptedTerms: wire.has_accepted_terms,
  };
  const email = emails[0];
  if (email) user.email = { address: email.address };
  const phone = linkedAccounts
    .filter((account) => account.type === 'phone')
    .sort((a, b) => lastVerified(b) - lastVerified(a))[0];
  if (phone) user.phone = { number: phone.number };
  // §3: the active wallet is the embedded one when the user has it.
  const wallets = linkedAccounts.filter((account): account is WalletAccount => account.type === 'wallet');
  const wallet =
    wallets.find((account) => account.walletClientType === 'gatehouse') ?? wallets[wallets.length - 1];
  if (wallet) {
    const { type: _type, verifiedAt: _v, firstVerifiedAt: _f, latestVerifiedAt: _l, ...shortcut } = wallet;
    user.wallet = shortcut;
  }
  const farcaster = farcasterShortcut(
    linkedAccounts.filter((account): account is FarcasterAccount => account.type === FARCASTER_ACCOUNT_TYPE),
  );
  if (farcaster) user.farcaster = farcaster;
  for (const provider of OAUTH_PROVIDERS) {
    const latest = linkedAccounts
      .filter((account): account is OAuthAccount => account.type === `${provider}${OAUTH_SUFFIX}`)
      .sort((a, b) => lastVerified(b) - lastVerified(a))[0];
    if (latest) {
      const { type: _type, verifiedAt: _v, firstVerifiedAt: _f, latestVerifiedAt: _l, ...shortcut } = latest;
      Object.assign(user, { [provider]: shortcut });
    }
  }
  return user;
}

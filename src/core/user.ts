import type { LinkedAccountWire, UserWire } from '../protocol/api.js';
import type {
  CustomAuthAccount,
  EmailAccount,
  LinkedAccount,
  PhoneAccount,
  User,
} from '../protocol/client.js';
import { MESSAGES } from './errors/messages.js';

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
  console.warn(MESSAGES.unknownLinkedAccount(wire.type));
  return null;
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
  return user;
}

import { E164_PATTERN, isValidEmail } from '../../../protocol/validation.js';
import type { Db } from '../../db/database.js';
import { ApiError, UserError } from '../../errors.js';
import { linkedAccount } from '../users/user-queries.js';
import type { AccountIdentity } from '../users/users.js';
import { type AppSecrets, serverOnlyAssignment } from './app-secrets.js';

/**
 * Who may log in to an app (§6: "decided server-side"): set with
 * `gatehouse apps set <id> allowlist.enabled=true allowlist.emails=a@x.com,b@y.com
 * allowlist.email_domains=example.com allowlist.phone_numbers=+15550100
 * allowlist.wallet_addresses=0x…`. Kept with the app's server-only settings, never answered by
 * `GET /api/v1/apps/:appId` (which carries only the rejection screen's texts, `allowlist_config`).
 */
export const ALLOWLIST_FIELDS = [
  'allowlist.enabled',
  'allowlist.emails',
  'allowlist.email_domains',
  'allowlist.phone_numbers',
  'allowlist.wallet_addresses',
] as const;
export type AllowlistField = (typeof ALLOWLIST_FIELDS)[number];

type ListField = Exclude<AllowlistField, 'allowlist.enabled'>;

export interface AllowlistRules {
  enabled: boolean;
  emails: Set<string>;
  emailDomains: Set<string>;
  phoneNumbers: Set<string>;
  walletAddresses: Set<string>;
}

const WALLET_ADDRESS = /^0x[0-9a-f]{40}$/;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** One entry of a list, normalized as it is compared; throws saying what was expected. */
const NORMALIZE: Record<ListField, (item: string) => string> = {
  'allowlist.emails': (item) => {
    const email = item.toLowerCase();
    if (isValidEmail(email)) return email;
    throw new Error(`'${item}' is not an email address`);
  },
  'allowlist.email_domains': (item) => {
    const domain = item.toLowerCase().replace(/^@/, '');
    if (DOMAIN.test(domain)) return domain;
    throw new Error(`'${item}' is not a domain such as example.com`);
  },
  'allowlist.phone_numbers': (item) => {
    const number = item.replace(/[\s().-]/g, '');
    if (E164_PATTERN.test(number)) return number;
    throw new Error(`'${item}' is not a phone number in international form such as +15550100`);
  },
  'allowlist.wallet_addresses': (item) => {
    const address = item.toLowerCase();
    if (WALLET_ADDRESS.test(address)) return address;
    throw new Error(`'${item}' is not an Ethereum address (0x and 40 hex digits)`);
  },
};

/** `allowlist.<field>=<value>` from the CLI (null clears); undefined for any other field. */
export function parseAllowlistAssignment(
  argument: string,
): { field: AllowlistField; value: string | null } | undefined {
  const assignment = serverOnlyAssignment(argument, ALLOWLIST_FIELDS);
  if (!assignment) return undefined;
  const { field, value: text } = assignment;
  if (field === 'allowlist.enabled') {
    if (text === 'true' || text === 'false') return { field, value: text };
    throw new UserError('Invalid value for allowlist.enabled: expected true or false.', 2);
  }
  if (text === null) return { field, value: null };
  try {
    const items = [...new Set(text.split(',').map((item) => NORMALIZE[field](item.trim())))];
    return { field, value: items.join(',') };
  } catch (error) {
    throw new UserError(`Invalid value for ${field}: ${(error as Error).message}.`, 2);
  }
}

type Checked = Pick<AccountIdentity, 'type' | 'subject' | 'data' | 'verifiedEmail'>;

/**
 * The identifiers an account proves: its email, phone number or wallet address (a Farcaster
 * account's custody address counts as a wallet address). A social account
 * counts by its email only when the provider verified it (`verifiedEmail`); the address it merely
 * shows (`data.email`, e.g. Spotify's) proves nothing.
 */
function identifiersOf(account: Checked) {
  const { data } = account;
  const emails = [account.type === 'email' ? account.subject : null, account.verifiedEmail]
    .filter((value): value is string => typeof value === 'string' && value.includes('@'))
    .map((value) => value.toLowerCase());
  const phones = [account.type === 'phone' ? account.subject : null, data.number].filter(
    (value): value is string => typeof value === 'string',
  );
  const wallets = [data.address, data.owner_address, account.type === 'wallet' ? account.subject : null]
    .filter((value): value is string => typeof value === 'string')
    .map((value) => value.toLowerCase())
    .filter((value) => WALLET_ADDRESS.test(value));
  return { emails, phones, wallets };
}

function isAllowed(rules: AllowlistRules, account: Checked) {
  const { emails, phones, wallets } = identifiersOf(account);
  return (
    emails.some((email) => rules.emails.has(email) || rules.emailDomains.has(email.split('@')[1] ?? '')) ||
    phones.some((phone) => rules.phoneNumbers.has(phone)) ||
    wallets.some((wallet) => rules.walletAddresses.has(wallet))
  );
}

/**
 * Enforces the allowlist on every login (UserService.loginWithAccount calls `admit`): with the
 * allowlist enabled, the account used to log in, or another account of the user it belongs to,
 * must be listed (by email, email domain, phone number or wallet address); otherwise 403
 * allowlist_rejected. An account with none of these (custom auth alone) is admitted only through
 * another listed account of its user.
 */
export class AllowlistService {
  constructor(
    private readonly db: Db,
    private readonly secrets: AppSecrets,
  ) {}

  async set(appId: string, field: AllowlistField, value: string | null): Promise<void> {
    await this.secrets.set(appId, field, value);
  }

  /** Which allowlist settings the app has (names only). */
  configured(appId: string): Promise<string[]> {
    return this.secrets.configured(appId, ALLOWLIST_FIELDS);
  }

  /** The app's rules, from `read` when the caller has the settings already (a login's one read). */
  async rules(appId: string, read?: Partial<Record<AllowlistField, string>>): Promise<AllowlistRules> {
    const stored = read ?? (await this.secrets.read(appId, ALLOWLIST_FIELDS));
    const list = (field: ListField) => new Set(stored[field] ? stored[field].split(',') : []);
    return {
      enabled: stored['allowlist.enabled'] === 'true',
      emails: list('allowlist.emails'),
      emailDomains: list('allowlist.email_domains'),
      phoneNumbers: list('allowlist.phone_numbers'),
      walletAddresses: list('allowlist.wallet_addresses'),
    };
  }

  /** Throws allowlist_rejected when the app's allowlist is on and lets neither this account nor its user in. */
  async admit(appId: string, account: AccountIdentity, read?: Record<string, string>): Promise<void> {
    const rules = await this.rules(appId, read);
    if (!rules.enabled || isAllowed(rules, account)) return;
    const owner = await linkedAccount(this.db, appId, account);
    if (owner) {
      const others = await this.db
        .selectFrom('linked_accounts')
        .select(['type', 'subject', 'data', 'verified_email'])
        .where('user_id', '=', owner.user_id)
        .execute();
      const parsed = others.map((row) => ({
        ...row,
        data: JSON.parse(row.data) as Record<string, unknown>,
        verifiedEmail: row.verified_email,
      }));
      if (parsed.some((other) => isAllowed(rules, other))) return;
    }
    throw new ApiError('allowlist_rejected');
  }
}

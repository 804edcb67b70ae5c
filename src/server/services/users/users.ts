import type { Selectable } from 'kysely';
import type { LinkedAccountWire, MfaMethodWire, UserWire } from '../../../protocol/api.js';
import { cannotLinkMoreOfTypeMessage } from '../../../protocol/api-errors.js';
import { PASSKEY_ACCOUNT_TYPE } from '../../../protocol/passkey.js';
import { WALLET_ACCOUNT_TYPE } from '../../../protocol/wallet-api.js';
import { type Db, lockedTransaction, toNumber } from '../../db/database.js';
import { lockKeys } from '../../db/lock-keys.js';
import type { LinkedAccountsTable, UsersTable } from '../../db/schema/users.js';
import { insertLater } from '../../db/write-behind.js';
import { ApiError } from '../../errors.js';
import type { AppFound } from '../apps/apps.js';
import { type Clock, unixSeconds } from '../clock.js';
import { randomId } from '../crypto.js';
import { accountEvent, loginEvent, type WebhookOutbox } from '../webhooks/outbox.js';
import {
  type AccountIdentity,
  hasWallet,
  insertAccount,
  isEmbeddedWallet,
  type LoginGate,
  NON_LOGIN_ACCOUNT_TYPES,
  refreshedFields,
  USER_ID_LENGTH,
} from './user-accounts.js';
import { linkedAccount, type UserReadRow, userReads, userRows } from './user-queries.js';

type AccountColumns = Pick<
  Selectable<LinkedAccountsTable>,
  'type' | 'data' | 'first_verified_at' | 'latest_verified_at'
>;

/** What a login or link runs inside its transaction once the account is the user's. */
export type AccountHook = (trx: Db, userId: string, isNew: boolean) => Promise<void>;

/** The account types a user may link more than one of. */
const SEVERAL_OF_TYPE = new Set<string>([WALLET_ACCOUNT_TYPE, PASSKEY_ACCOUNT_TYPE]);

function accountToWire(row: AccountColumns): LinkedAccountWire {
  const data = JSON.parse(row.data) as Record<string, unknown>;
  const first = unixSeconds(row.first_verified_at);
  return {
    ...data,
    type: row.type,
    // When the account was linked; latest_verified_at moves with every login.
    verified_at: first,
    first_verified_at: first,
    latest_verified_at: unixSeconds(row.latest_verified_at),
  };
}

function userToWire(
  user: Pick<Selectable<UsersTable>, 'id' | 'created_at' | 'has_accepted_terms'>,
  accounts: AccountColumns[],
  mfaMethods: MfaMethodWire[],
): UserWire {
  return {
    id: user.id,
    created_at: unixSeconds(user.created_at),
    linked_accounts: accounts.map(accountToWire),
    mfa_methods: mfaMethods,
    has_accepted_terms: toNumber(user.has_accepted_terms) === 1,
  };
}

/** Users of an app and their linked accounts. */
export class UserService {
  /** The reads of `get`, which every authenticated request makes: compiled once. */
  private readonly reads;

  constructor(
    private readonly db: Db,
    private readonly now: Clock,
    /** Asked before every login (the app's allowlist, services/apps/allowlist.ts); without one everyone may log in. */
    private readonly gate?: LoginGate,
    /** Queues the user.* webhook events in the transaction of each change. */
    private readonly webhooks?: WebhookOutbox,
    /** The app's allowlist and webhook settings in one read, which a login hands to both. */
    private readonly loginSettings?: (app: AppFound) => Promise<Record<string, string>>,
  ) {
    this.reads = userReads(db);
  }

  /** The user, read on the database or on `executor` (a transaction of it). */
  async get(userId: string, executor?: Db): Promise<UserWire | undefined> {
    return this.fromRows((await this.reads.user({ id: userId }, executor)).rows);
  }

  /** The user of rows read by a statement of user-queries.ts (undefined when there are none). */
  fromRows(rows: UserReadRow[]): UserWire | undefined {
    const read = userRows(rows);
    return read && userToWire(read.user, read.accounts, read.mfa);
  }

  /**
   * The user, while the session is theirs in the app, live and unexpired (an authenticated
   * request's check and read, in one statement); undefined otherwise.
   */
  async inSession(appId: string, sessionId: string, userId: string): Promise<UserWire | undefined> {
    const params = { id: userId, appId, sessionId, now: this.now() };
    return this.fromRows((await this.reads.inSession(params)).rows);
  }

  /** Records that the user accepted the app's terms (§4.2, `users/me/accept_terms`). */
  async acceptTerms(userId: string): Promise<UserWire> {
    await this.db.updateTable('users').set({ has_accepted_terms: 1 }).where('id', '=', userId).execute();
    return (await this.get(userId)) as UserWire;
  }

  /**
   * The user owning this verified account in `app` (as the request found it: login-settings.ts),
   * made with it when there is none; the account's latest verification moves to now, its profile too.
   */
  async loginWithAccount(
    app: AppFound,
    account: AccountIdentity,
    /** Runs in the same transaction, once the account is the user's (a passkey's row beside its account). */
    within?: AccountHook,
    /** `within` writes nothing the user's read shows (a session): a new user is answered as written. */
    withinKeepsUser = false,
    /** The language the login named (http/message-language.ts), stored for the user's later messages. */
    locale?: string,
  ): Promise<{ user: UserWire; isNew: boolean }> {
    const appId = typeof app === 'string' ? app : app.id;
    const settings = await this.loginSettings?.(app);
    await this.gate?.admit(appId, account, settings);
    const now = this.now();
    // Keyed by the account: two first logins with it (in any processes) make one user, the second
    // reading the first's account once it holds the lock.
    const lock = [lockKeys.account(appId, account.type, account.subject)];
    const { userId, isNew } = await lockedTransaction(this.db, lock, async (trx) => {
      const existing = await linkedAccount(trx, appId, account);
      if (existing && isEmbeddedWallet(existing)) throw new ApiError('embedded_wallet_not_linkable');
      if (existing) {
        await trx
          .updateTable('linked_accounts')
          .set(refreshedFields(account, now))
          .where('id', '=', existing.id)
          .execute();
        // Only a new language costs a statement: a login in the stored one writes nothing more.
        if (locale && locale !== existing.locale)
          await trx.updateTable('users').set({ locale }).where('id', '=', existing.user_id).execute();
        const event = loginEvent(existing.user_id, account, false);
        await this.webhooks?.enqueueAll(trx, appId, [['user.authenticated', event]], settings);
        await within?.(trx, existing.user_id, false);
        return { userId: existing.user_id, isNew: false };
      }
      const id = randomId(USER_ID_LENGTH);
      const user = { id, app_id: appId, created_at: now, has_accepted_terms: 0, locale: locale ?? null };
      await insertLater(trx, trx.insertInto('users').values(user));
      // The account the user signs up with is theirs by definition: a factor at once.
      await insertAccount(trx, appId, id, account, now, true);
      await within?.(trx, id, true);
      await this.webhooks?.enqueueAll(
        trx,
        appId,
        [
          ['user.created', { user_id: id }],
          ['user.authenticated', loginEvent(id, account, true)],
        ],
        settings,
      );
      return { userId: id, isNew: true };
    });
    // A new user is what this transaction wrote: no read back (one round trip fewer per sign-up).
    if (isNew && withinKeepsUser) return { user: this.written(userId, account, now), isNew };
    return { user: (await this.get(userId)) as UserWire, isNew };
  }

  /** A new user with their one account, through the same mapping as a read of the database. */
  private written(id: string, account: AccountIdentity, now: number): UserWire {
    const data = JSON.stringify(account.data);
    const row = { id, created_at: now, has_accepted_terms: 0, type: account.type, data };
    return this.fromRows([{ ...row, first_verified_at: now, latest_verified_at: now }]) as UserWire;
  }

  /**
   * Adds a verified account to a logged-in user (§5): one account per type but wallets
   * (`cannot_link_more_of_type`), and never one that belongs to another user (`linked_to_another_user`).
   * Linking an account the user already has refreshes it.
   */
  async linkAccount(
    appId: string,
    userId: string,
    account: AccountIdentity,
    within?: AccountHook,
  ): Promise<UserWire> {
    const now = this.now();
    // The account (one owner) and the user (one account of a type).
    const lock = [lockKeys.account(appId, account.type, account.subject), lockKeys.user(userId)];
    await lockedTransaction(this.db, lock, async (trx) => {
      const owner = await linkedAccount(trx, appId, account);
      if (owner && isEmbeddedWallet(owner)) throw new ApiError('embedded_wallet_not_linkable');
      if (owner && owner.user_id !== userId) throw new ApiError('linked_to_another_user');
      if (owner) {
        await trx
          .updateTable('linked_accounts')
          .set(refreshedFields(account, now))
          .where('id', '=', owner.id)
          .execute();
        return;
      }
      // A user may link several external wallets (§4.4 "links a second wallet") and passkeys; one of every other type.
      const sameType =
        !SEVERAL_OF_TYPE.has(account.type) &&
        (
          await trx
            .selectFrom('linked_accounts')
            .select(['type', 'data'])
            .where('user_id', '=', userId)
            .where('type', '=', account.type)
            .execute()
        ).some((row) => !isEmbeddedWallet(row));
      if (sameType) throw new ApiError('cannot_link_more_of_type', cannotLinkMoreOfTypeMessage(account.type));
      await insertAccount(trx, appId, userId, account, now, await hasWallet(trx, userId));
      await within?.(trx, userId, false);
      await this.webhooks?.enqueue(trx, appId, 'user.linked_account', accountEvent(userId, account));
    });
    return (await this.get(userId)) as UserWire;
  }

  /**
   * Removes one of the user's accounts; refused when it is not theirs (`account_not_found`) or when it
   * is their last way to log in (`cannot_unlink_last_account`).
   */
  async unlinkAccount(appId: string, userId: string, type: string, subject: string): Promise<UserWire> {
    // Keyed by the user: two unlinks at once cannot both see another login account left.
    await lockedTransaction(this.db, [lockKeys.user(userId)], async (trx) => {
      const accounts = await trx
        .selectFrom('linked_accounts')
        .select(['id', 'type', 'subject', 'data'])
        .where('app_id', '=', appId)
        .where('user_id', '=', userId)
        .execute();
      const target = accounts.find((a) => a.type === type && a.subject === subject);
      if (!target) throw new ApiError('account_not_found');
      if (isEmbeddedWallet(target)) throw new ApiError('cannot_unlink_embedded_wallet');
      const loginCapable = accounts.filter(
        (a) => !NON_LOGIN_ACCOUNT_TYPES.has(a.type) && !isEmbeddedWallet(a),
      );
      if (loginCapable.length <= 1 && !NON_LOGIN_ACCOUNT_TYPES.has(target.type)) {
        throw new ApiError('cannot_unlink_last_account');
      }
      await trx.deleteFrom('linked_accounts').where('id', '=', target.id).execute();
      await this.webhooks?.enqueue(trx, appId, 'user.unlinked_account', {
        user_id: userId,
        account: { type, ...(JSON.parse(target.data) as Record<string, unknown>) },
      });
    });
    return (await this.get(userId)) as UserWire;
  }

  /**
   * Moves one of the user's accounts to a newly verified subject of the same type (updating an
   * email address, §5): refused when the old one is not theirs (`account_not_found`) or the new one
   * belongs to another user (`linked_to_another_user`).
   */
  async replaceAccount(
    appId: string,
    userId: string,
    oldSubject: string,
    account: AccountIdentity,
  ): Promise<UserWire> {
    const now = this.now();
    // Both subjects (a login's refresh of the old one never lands on the moved row; the new one has
    // one owner) and the user.
    const lock = [
      lockKeys.account(appId, account.type, oldSubject),
      lockKeys.account(appId, account.type, account.subject),
      lockKeys.user(userId),
    ];
    await lockedTransaction(this.db, lock, async (trx) => {
      const accounts = await trx
        .selectFrom('linked_accounts')
        .select(['id', 'user_id', 'subject'])
        .where('app_id', '=', appId)
        .where('type', '=', account.type)
        .where('subject', 'in', [oldSubject, account.subject])
        .execute();
      const mine = accounts.find((a) => a.subject === oldSubject && a.user_id === userId);
      if (!mine) throw new ApiError('account_not_found');
      const owner = accounts.find((a) => a.subject === account.subject);
      if (owner && owner.user_id !== userId) throw new ApiError('linked_to_another_user');
      if (owner && owner.id === mine.id) return;
      await trx
        .updateTable('linked_accounts')
        .set({
          subject: account.subject,
          data: JSON.stringify(account.data),
          first_verified_at: now,
          latest_verified_at: now,
          stepped_up: (await hasWallet(trx, userId)) ? 1 : 0,
        })
        .where('id', '=', mine.id)
        .execute();
    });
    return (await this.get(userId)) as UserWire;
  }
}

export type { AccountIdentity, LoginGate } from './user-accounts.js';

import type { Selectable } from 'kysely';
import type { LinkedAccountWire, UserWire } from '../../protocol/api.js';
import type { Db } from '../db/database.js';
import { toNumber } from '../db/database.js';
import type { LinkedAccountsTable, UsersTable } from '../db/schema.js';
import { type Clock, unixSeconds } from './clock.js';
import { randomId } from './crypto.js';

const USER_ID_LENGTH = 25;

function accountToWire(row: Selectable<LinkedAccountsTable>): LinkedAccountWire {
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

function userToWire(user: Selectable<UsersTable>, accounts: Selectable<LinkedAccountsTable>[]): UserWire {
  return {
    id: user.id,
    created_at: unixSeconds(user.created_at),
    linked_accounts: accounts.map(accountToWire),
    mfa_methods: [],
    has_accepted_terms: toNumber(user.has_accepted_terms) === 1,
  };
}

/** Users of an app and their linked accounts. */
export class UserService {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  async get(userId: string): Promise<UserWire | undefined> {
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
    if (!user) return undefined;
    const accounts = await this.db
      .selectFrom('linked_accounts')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('first_verified_at')
      .execute();
    return userToWire(user, accounts);
  }

  /**
   * The user owning this verified email in the app, created with it when there is none;
   * the account's latest verification moves to now.
   */
  async loginWithEmail(appId: string, address: string): Promise<{ user: UserWire; isNew: boolean }> {
    const now = this.now();
    const { userId, isNew } = await this.db.transaction().execute(async (trx) => {
      const account = await trx
        .selectFrom('linked_accounts')
        .select(['id', 'user_id'])
        .where('app_id', '=', appId)
        .where('type', '=', 'email')
        .where('subject', '=', address)
        .executeTakeFirst();
      if (account) {
        await trx
          .updateTable('linked_accounts')
          .set({ latest_verified_at: now })
          .where('id', '=', account.id)
          .execute();
        return { userId: account.user_id, isNew: false };
      }
      const id = randomId(USER_ID_LENGTH);
      await trx
        .insertInto('users')
        .values({ id, app_id: appId, created_at: now, has_accepted_terms: 0 })
        .execute();
      await trx
        .insertInto('linked_accounts')
        .values({
          id: randomId(USER_ID_LENGTH),
          user_id: id,
          app_id: appId,
          type: 'email',
          subject: address,
          data: JSON.stringify({ address }),
          first_verified_at: now,
          latest_verified_at: now,
        })
        .execute();
      return { userId: id, isNew: true };
    });
    return { user: (await this.get(userId)) as UserWire, isNew };
  }
}

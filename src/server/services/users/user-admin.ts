import type { Transaction } from 'kysely';
import type { UserWire } from '../../../protocol/api.js';
import type { UserPageResponse } from '../../../protocol/backend-api.js';
import { type Db, lockedTransaction, toNumber } from '../../db/database.js';
import { lockKeys } from '../../db/lock-keys.js';
import type { Database } from '../../db/schema/index.js';
import { ApiError } from '../../errors.js';
import type { Clock } from '../clock.js';
import type { WebhookOutbox } from '../webhooks/outbox.js';
import { linkedAccount } from './user-queries.js';
import type { UserService } from './users.js';

/** The position after a user in creation order: opaque to callers (base64url of `created_at:id`). */
function encodeCursor(createdAt: number, id: string): string {
  return Buffer.from(`${createdAt}:${id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: number; id: string } {
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const createdAt = Number(time);
  if (!Number.isSafeInteger(createdAt) || !id || !/^[a-z0-9]+$/.test(id)) {
    throw new ApiError('invalid_data', "Invalid field 'cursor': not a cursor of this list.");
  }
  return { createdAt, id };
}

/**
 * The tables holding a user's data besides `users`, children first: deleting a user deletes their
 * rows in each (refresh tokens go with their sessions).
 */
const USER_TABLES = [
  'wallet_challenges',
  'wallet_devices',
  'mfa_proofs',
  'mfa_challenges',
  'mfa_methods',
  'farcaster_signers',
  'fiat_on_ramp_purchases',
  'passkey_challenges',
  'passkeys',
  'embedded_wallets',
  'linked_accounts',
] as const satisfies ReadonlyArray<keyof Database>;

/** What a host's backend may do with its app's users (the server-to-server API). */
export class UserAdmin {
  constructor(
    private readonly db: Db,
    private readonly users: UserService,
    private readonly now: Clock,
    private readonly webhooks?: WebhookOutbox,
  ) {}

  /** The app's user, or 404 user_not_found (also for another app's user). */
  async get(appId: string, userId: string): Promise<UserWire> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .where('app_id', '=', appId)
      .executeTakeFirst();
    const user = row && (await this.users.get(row.id));
    if (!user) throw new ApiError('user_not_found');
    return user;
  }

  /** The app's users oldest first, `limit` at a time, after `cursor`. */
  async list(appId: string, limit: number, cursor?: string): Promise<UserPageResponse> {
    let query = this.db
      .selectFrom('users')
      .select(['id', 'created_at'])
      .where('app_id', '=', appId)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit + 1);
    if (cursor !== undefined) {
      const after = decodeCursor(cursor);
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '>', after.createdAt),
          eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)]),
        ]),
      );
    }
    const rows = await query.execute();
    const page = rows.slice(0, limit);
    const data: UserWire[] = [];
    for (const row of page) data.push(await this.get(appId, row.id));
    const last = page.at(-1);
    const more = rows.length > limit && last !== undefined;
    return { data, next_cursor: more ? encodeCursor(toNumber(last.created_at), last.id) : null };
  }

  /** The app's user owning the linked account of this type and (normalized) subject. */
  async byAccount(appId: string, type: string, subject: string): Promise<UserWire> {
    const row = await linkedAccount(this.db, appId, { type, subject });
    if (!row) throw new ApiError('user_not_found');
    return this.get(appId, row.user_id);
  }

  /** Deletes the user and everything of theirs in one transaction; 404 when the app has no such user. */
  async delete(appId: string, userId: string): Promise<UserWire> {
    const user = await this.get(appId, userId);
    // Keyed by the user: a link or a wallet's creation comes wholly before or after.
    await lockedTransaction(this.db, [lockKeys.user(userId)], (trx) => this.deleteIn(trx, appId, user));
    return user;
  }

  /** What `delete` does in its transaction (the console's, keyed by the user, audits it there too). */
  async deleteIn(trx: Transaction<Database>, appId: string, user: UserWire): Promise<void> {
    await deleteUserRows(trx, user.id);
    await this.webhooks?.enqueue(trx, appId, 'user.deleted', { user_id: user.id, user });
  }

  /** Revokes every live session of the user (their refresh tokens and access tokens stop working). */
  /** `within`: a transaction of the caller's, which has found the user (the console's, which audits it). */
  async revokeSessions(appId: string, userId: string, within?: Db): Promise<number> {
    if (!within) await this.get(appId, userId);
    const now = this.now();
    // No lock: conditional statements; a refresh's claim checks revoked_at.
    const run = async (trx: Db) => {
      const sessions = trx.selectFrom('sessions').select('id').where('user_id', '=', userId);
      await trx.deleteFrom('refresh_tokens').where('session_id', 'in', sessions).execute();
      const result = await trx
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    };
    return within ? run(within) : this.db.transaction().execute(run);
  }
}

async function deleteUserRows(trx: Transaction<Database>, userId: string): Promise<void> {
  const sessions = trx.selectFrom('sessions').select('id').where('user_id', '=', userId);
  await trx.deleteFrom('refresh_tokens').where('session_id', 'in', sessions).execute();
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  for (const table of USER_TABLES) {
    await trx.deleteFrom(table).where('user_id', '=', userId).execute();
  }
  await trx.deleteFrom('users').where('id', '=', userId).execute();
}

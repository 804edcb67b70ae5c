import type { MfaMethodWire } from '../../protocol/api.js';
import type { MfaMethod } from '../../protocol/mfa.js';
import type { Db } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import { unixSeconds } from './clock.js';

/** The user's enrolled MFA methods (services/mfa.ts) as the wire writes them (§3), oldest first. */
export async function enrolledMfaMethods(db: Db, userId: string): Promise<MfaMethodWire[]> {
  return (await enrolledMfaQuery(db, userId).execute()).map(mfaMethodToWire);
}

function enrolledMfaQuery(db: Db, userId: string) {
  return db
    .selectFrom('mfa_methods')
    .select(['type', 'verified_at'])
    .where('user_id', '=', userId)
    .where('verified_at', 'is not', null)
    .orderBy('verified_at')
    .orderBy('type');
}

export function mfaMethodToWire(row: { type: string; verified_at: unknown }): MfaMethodWire {
  return { type: row.type as MfaMethod, verified_at: unixSeconds((row.verified_at as number | null) ?? 0) };
}

/**
 * The two reads of UserService.get, which every authenticated request makes, compiled once
 * (db/prepared.ts): the user with its accounts in one statement (one row per account, or one
 * row of nulls after the user's columns when it has none), then its MFA methods.
 */
export function userReads(db: Db) {
  return {
    userWithAccounts: prepared(db, (db, param) =>
      db
        .selectFrom('users')
        .leftJoin('linked_accounts', 'linked_accounts.user_id', 'users.id')
        .select([
          'users.id',
          'users.created_at',
          'users.has_accepted_terms',
          'linked_accounts.type',
          'linked_accounts.data',
          'linked_accounts.first_verified_at',
          'linked_accounts.latest_verified_at',
        ])
        .where('users.id', '=', param('id'))
        .orderBy('linked_accounts.first_verified_at'),
    ),
    mfa: prepared(db, (db, param) => enrolledMfaQuery(db, param('id'))),
  };
}

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

/** The three reads of UserService.get, which every authenticated request makes: compiled once (db/prepared.ts). */
export function userReads(db: Db) {
  return {
    user: prepared(db, (db, param) =>
      db.selectFrom('users').selectAll().where('id', '=', param('id')).limit(1),
    ),
    accounts: prepared(db, (db, param) =>
      db
        .selectFrom('linked_accounts')
        .selectAll()
        .where('user_id', '=', param('id'))
        .orderBy('first_verified_at'),
    ),
    mfa: prepared(db, (db, param) => enrolledMfaQuery(db, param('id'))),
  };
}

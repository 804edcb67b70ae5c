import type { Expression } from 'kysely';
import type { MfaMethodWire } from '../../../protocol/api.js';
import type { MfaMethod } from '../../../protocol/mfa.js';
import type { Db } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { unixSeconds } from '../clock.js';

/** The user's enrolled MFA methods (services/mfa/mfa.ts) as the wire writes them (§3), oldest first. */
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

function mfaMethodToWire(row: { type: string; verified_at: unknown }): MfaMethodWire {
  return { type: row.type as MfaMethod, verified_at: unixSeconds((row.verified_at as number | null) ?? 0) };
}

/** A row of `userReads().user`: the user's columns are null on the rows of its MFA methods. */
export interface UserReadRow {
  id: string | null;
  created_at: number | string | bigint | null;
  has_accepted_terms: number | string | bigint | null;
  type: string | null;
  data: string | null;
  /** An account's first verification, or an MFA method's verification. */
  first_verified_at: number | string | bigint | null;
  latest_verified_at: number | string | bigint | null;
}

/**
 * The read of UserService.get, which every authenticated request and every refresh makes, compiled
 * once (db/prepared.ts): one statement, whose rows are the user with each of its accounts (one row
 * of nulls after the user's columns when it has none), then its verified MFA methods (type and
 * time only). Unordered: `userRows` sorts the few rows, which spares SQLite two sorts. `inSession`:
 * the user's rows only while the session (`sessionId` of `appId`) is theirs, live and unexpired at
 * `now`, so an authenticated request checks its session and reads its user in one round trip.
 */
export function userReads(db: Db) {
  return {
    user: prepared(db, (db, param) => userQuery(db, param, false)),
    inSession: prepared(db, (db, param) => userQuery(db, param, true)),
  };
}

/**
 * The rows of the user whose id is `id` (a parameter, or an expression of the statement it is
 * joined into: the refresh's, session-queries.ts).
 */
export function userQuery(
  db: Db,
  param: (name: string) => never,
  inSession: boolean,
  id: Expression<string> = param('id'),
) {
  return db
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
    .where('users.id', '=', id)
    .$if(inSession, (query) =>
      query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('sessions')
            .select('sessions.id')
            .where('sessions.id', '=', param('sessionId'))
            .where('sessions.app_id', '=', param('appId'))
            .whereRef('sessions.user_id', '=', 'users.id')
            .where('sessions.revoked_at', 'is', null)
            .where('sessions.expires_at', '>', param('now')),
        ),
      ),
    )
    .$castTo<UserReadRow>()
    .unionAll((eb) =>
      eb
        .selectFrom('mfa_methods')
        .select(({ lit }) => [
          lit(null).as('id'),
          lit(null).as('created_at'),
          lit(null).as('has_accepted_terms'),
          'type',
          lit(null).as('data'),
          'verified_at as first_verified_at',
          lit(null).as('latest_verified_at'),
        ])
        .where('user_id', '=', id)
        .where('verified_at', 'is not', null),
    );
}

type NotNull<Row> = { [Column in keyof Row]: Exclude<Row[Column], null> };

/** Accounts verified at the same time stay in the scan's order (the stable sort), which SQLite's ORDER BY kept too. */
const byTime = (a: UserReadRow, b: UserReadRow) => Number(a.first_verified_at) - Number(b.first_verified_at);

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The user of `userReads().user`'s rows (undefined when there are none: no such user), its accounts
 * by first verification and its MFA methods by verification then type (as enrolledMfaMethods).
 */
export function userRows(rows: UserReadRow[]) {
  // Every column but the left join's and the other branch's is NOT NULL.
  const user = rows.find((row) => row.id !== null) as NotNull<UserReadRow> | undefined;
  if (!user) return undefined;
  const accounts = rows.filter((row) => row.id !== null && row.type !== null).sort(byTime) as Array<
    NotNull<UserReadRow>
  >;
  const mfa = rows
    .filter((row) => row.id === null)
    .sort((a, b) => byTime(a, b) || compareText(a.type as string, b.type as string))
    .map((row) => mfaMethodToWire({ type: row.type as string, verified_at: row.first_verified_at }));
  return { user, accounts, mfa };
}

/** The app's linked account of this type and (normalized) subject, with its owner; undefined when none. */
export function linkedAccount(db: Db, appId: string, identity: { type: string; subject: string }) {
  return (
    db
      .selectFrom('linked_accounts')
      .select(['id', 'user_id', 'type', 'data'])
      // The user's language beside it: a login stores the one it names only when it changed.
      .select((eb) =>
        eb
          .selectFrom('users')
          .select('users.locale')
          .whereRef('users.id', '=', 'linked_accounts.user_id')
          .as('locale'),
      )
      .where('app_id', '=', appId)
      .where('type', '=', identity.type)
      .where('subject', '=', identity.subject)
      .executeTakeFirst()
  );
}

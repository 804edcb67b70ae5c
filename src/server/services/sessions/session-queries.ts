import { type QueryCreator, sql } from 'kysely';
import { type Db, toNumber } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { Database } from '../../db/schema/index.js';
import { userQuery } from '../users/user-queries.js';

/** Tokens a spent refresh token may still mint within REFRESH_REUSE_GRACE_MS: the second tab's. */
const REFRESH_GRACE_MAX_SIBLINGS = 1;

/**
 * The statements of the hot path (a refresh), built and compiled once
 * per process (db/prepared.ts). Parameters by name; each runs on the database or a transaction.
 */
export function sessionQueries(db: Db) {
  return {
    claim: claimQuery(db),
    claimAndNext: claimAndNextQuery(db),
    /** A refresh token with its session. */
    token: prepared(db, (db, param) =>
      db
        .selectFrom('refresh_tokens')
        .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
        .select([
          'refresh_tokens.expires_at as token_expires_at',
          'refresh_tokens.used_at',
          'sessions.id as session_id',
          'sessions.app_id',
          'sessions.user_id',
          'sessions.expires_at as session_expires_at',
          'sessions.revoked_at',
          'sessions.auth_time',
          'sessions.created_at as session_created_at',
        ])
        .where('refresh_tokens.token_hash', '=', param('tokenHash'))
        .limit(1),
    ),
    /** The first spend of a token: only while unspent. */
    spend: prepared(db, (db, param) =>
      db
        .updateTable('refresh_tokens')
        .set({ used_at: param('now'), replaced_by: param('nextHash') })
        .where('token_hash', '=', param('tokenHash'))
        .where('used_at', 'is', null),
    ),
    /** A sibling minted from a spent token within the grace window: only while one is left. */
    sibling: prepared(db, (db, param) =>
      db
        .updateTable('refresh_tokens')
        .set((eb) => ({ grace_siblings: eb('grace_siblings', '+', 1).$castTo<number>() }))
        .where('token_hash', '=', param('tokenHash'))
        .where('grace_siblings', '<', REFRESH_GRACE_MAX_SIBLINGS),
    ),
    insertToken: prepared(db, (db, param) =>
      db.insertInto('refresh_tokens').values({
        token_hash: param('tokenHash'),
        session_id: param('sessionId'),
        created_at: param('now'),
        expires_at: param('expiresAt'),
        used_at: null,
        replaced_by: null,
      }),
    ),
    extend: prepared(db, (db, param) =>
      db
        .updateTable('sessions')
        .set({ expires_at: param('expiresAt') })
        .where('id', '=', param('sessionId')),
    ),
  };
}

/**
 * The common refresh in one statement: spends the token while it is unspent and unexpired and
 * its session is this app's, not revoked and not expired, and returns what the refresh needs of
 * the session (scalar subqueries: SQLite's RETURNING may not name a joined table). No row: the
 * token is spent, unknown or refused, which `token` then tells apart.
 */
function claimQuery(db: Db) {
  return prepared(db, (db, param) => claimOf(db, param));
}

function claimOf(db: QueryCreator<Database>, param: (name: string) => never) {
  return db
    .updateTable('refresh_tokens')
    .set({ used_at: param('now'), replaced_by: param('nextHash') })
    .where('token_hash', '=', param('tokenHash'))
    .where('used_at', 'is', null)
    .where('expires_at', '>', param('now'))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sessions')
          .select('sessions.id')
          .whereRef('sessions.id', '=', 'refresh_tokens.session_id')
          .where('sessions.app_id', '=', param('appId'))
          .where('sessions.revoked_at', 'is', null)
          .where('sessions.expires_at', '>', param('now')),
      ),
    )
    .returning((eb) => {
      const session = () =>
        eb.selectFrom('sessions').whereRef('sessions.id', '=', 'refresh_tokens.session_id');
      return [
        'refresh_tokens.session_id',
        session().select('sessions.user_id').as('user_id'),
        session().select('sessions.expires_at').as('session_expires_at'),
        session()
          .select((eb) => eb.fn.coalesce('sessions.auth_time', 'sessions.created_at').as('auth_time'))
          .as('auth_time'),
      ];
    });
}

/**
 * PostgreSQL only (SQLite has no INSERT in WITH): `claim`, the next token's insert and the read of
 * the session's user (user-queries.ts) in one statement, so the common refresh is one round trip
 * and one commit, atomic by itself. Its rows are the user's, each with the claim's columns (one
 * row whose user columns are null if the user is gone); none when nothing was claimed. The values
 * are cast: in INSERT … SELECT PostgreSQL does not take their types from the columns.
 */
function claimAndNextQuery(db: Db) {
  return prepared(db, (db, param) =>
    db
      .with('claimed', (qc) => claimOf(qc, param))
      .with('next', (qc) =>
        qc
          .insertInto('refresh_tokens')
          .columns(['token_hash', 'session_id', 'created_at', 'expires_at'])
          .expression((eb) =>
            eb
              .selectFrom('claimed')
              .select([
                sql<string>`cast(${param('nextHash')} as text)`.as('token_hash'),
                'claimed.session_id',
                sql<number>`cast(${param('now')} as bigint)`.as('created_at'),
                sql<number>`cast(${param('expiresAt')} as bigint)`.as('expires_at'),
              ]),
          ),
      )
      .selectFrom('claimed')
      .leftJoin(userQuery(db, param, false, sql<string>`(select user_id from claimed)`).as('user'), (join) =>
        join.onTrue(),
      )
      .selectAll('claimed')
      .selectAll('user'),
  );
}

/** A spent token's session, as the refresh needs it. */
export interface Spent {
  sessionId: string;
  userId: string;
  sessionExpiresAt: number;
  authTime: number;
}

/** A claimed token's session (the claim's condition makes it exist: its columns are not null). */
export function spentOf(claimed: {
  session_id: string;
  user_id: unknown;
  session_expires_at: unknown;
  auth_time: unknown;
}): Spent {
  return {
    sessionId: claimed.session_id,
    userId: claimed.user_id as string,
    sessionExpiresAt: toNumber(claimed.session_expires_at as number),
    authTime: toNumber(claimed.auth_time as number),
  };
}

/** Marks the session revoked (its access tokens are refused from now on) and drops its refresh tokens. */
export async function revokeSession(db: Db, sessionId: string, now: number): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  await db.deleteFrom('refresh_tokens').where('session_id', '=', sessionId).execute();
}

import type { AuthResult, UserWire } from '../../../protocol/api.js';
import { REFRESH_REUSE_GRACE_MS, REFRESH_TOKEN_TTL_SECONDS } from '../../../protocol/constants.js';
import type { Db } from '../../db/database.js';
import { isPostgres, toNumber } from '../../db/database.js';
import { insertLater } from '../../db/write-behind.js';
import type { Clock } from '../clock.js';
import { randomId, randomToken, type Secrets } from '../crypto.js';
import type { UserReadRow } from '../users/user-queries.js';
import { revokeSession, type Spent, sessionQueries, spentOf } from './session-queries.js';
import type { TokenService } from './tokens.js';

const SESSION_ID_LENGTH = 32;
const REFRESH_TTL_MS = REFRESH_TOKEN_TTL_SECONDS * 1000;
/**
 * A refresh moves the session's expiry to a full REFRESH_TTL_MS ahead only once it has fallen more
 * than this behind: one write fewer on most refreshes (an app refreshing every few minutes), and a
 * session idle for the TTL still ends within the hour of it.
 */
const SESSION_EXTEND_STEP_MS = 60 * 60 * 1000;

export interface IssuedSession {
  sessionId: string;
  userId: string;
  /** Opaque; only its HMAC is stored. */
  refreshToken: string;
  /** When the user logged in interactively (ms): the login's time, kept by refreshes and forks. */
  authTime: number;
}

export type RefreshOutcome<T = undefined> =
  /** `read`: what RefreshOptions.read returned (undefined without one). */
  | { ok: true; session: IssuedSession; read: T | undefined }
  /** `reused`: a token spent beyond the grace window came back, so the session was revoked. */
  | { ok: false; reason: 'invalid' | 'reused' };

export interface RefreshOptions<T> {
  /** No grace window: a forked session's token, which travels in an address, is good exactly once. */
  singleUse?: boolean;
  /**
   * Run in the refresh's transaction once the token is spent, with the session's user (the route's
   * read of the user): on SQLite it then needs no read transaction of its own.
   */
  read?: (userId: string, trx: Db) => Promise<T>;
  /**
   * PostgreSQL: what `read` gives, from the user's rows (user-queries.ts) the refresh's statement
   * read with the claim; `read` is then not called.
   */
  readRows?: (rows: UserReadRow[]) => T;
}

/**
 * Sessions and their rotating refresh tokens. Each refresh spends the token and issues the
 * next; a spent token is honoured once more within REFRESH_REUSE_GRACE_MS (two tabs refreshing at
 * once: REFRESH_GRACE_MAX_SIBLINGS), further tries in the window are refused, and presenting it
 * after the window is taken as theft: the whole session is revoked.
 */
export class SessionService {
  /** The statements of every refresh, compiled once. */
  private readonly queries;

  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly now: Clock,
    private readonly tokens: TokenService,
  ) {
    this.queries = sessionQueries(db);
  }

  /**
   * The auth result of a login (§3): the new session (`session`, made in the login's transaction;
   * one is made here without it) and its tokens.
   */
  async login(appId: string, user: UserWire, isNew: boolean, session?: IssuedSession): Promise<AuthResult> {
    session ??= await this.create(appId, user.id);
    return {
      user,
      token: await this.tokens.issue(appId, user.id, session.sessionId, session.authTime),
      refresh_token: session.refreshToken,
      is_new_user: isNew,
    };
  }

  private hash(token: string): string {
    return this.secrets.hash('refresh-token', token);
  }

  /**
   * A new session; `authTime`, the time of the interactive login, is now unless it is a fork's.
   * Written in `within` (a login's transaction) or in a transaction of its own.
   */
  async create(appId: string, userId: string, authTime?: number, within?: Db): Promise<IssuedSession> {
    const now = this.now();
    const loggedInAt = authTime ?? now;
    const sessionId = randomId(SESSION_ID_LENGTH);
    const refreshToken = randomToken();
    const write = async (trx: Db) => {
      await insertLater(
        trx,
        trx.insertInto('sessions').values({
          id: sessionId,
          app_id: appId,
          user_id: userId,
          created_at: now,
          expires_at: now + REFRESH_TTL_MS,
          revoked_at: null,
          auth_time: loggedInAt,
        }),
      );
      const token_hash = this.hash(refreshToken);
      const expires_at = now + REFRESH_TTL_MS;
      const token = {
        token_hash,
        session_id: sessionId,
        created_at: now,
        expires_at,
        used_at: null,
        replaced_by: null,
      };
      await insertLater(trx, trx.insertInto('refresh_tokens').values(token));
    };
    // No lock: new rows under new ids, which nothing else can be writing.
    await (within ? write(within) : this.db.transaction().execute(write));
    return { sessionId, userId, refreshToken, authTime: loggedInAt };
  }

  /**
   * Spends the token for the next one. Most refreshes are one conditional update (`claim`: the
   * token unspent and valid, its session this app's and live); only when it spends nothing does
   * `spendSpent` read the token to tell a grace-window sibling, a reuse and a refusal apart.
   */
  async refresh<T = undefined>(
    appId: string,
    refreshToken: string,
    { singleUse = false, read, readRows }: RefreshOptions<T> = {},
  ): Promise<RefreshOutcome<T>> {
    const now = this.now();
    const tokenHash = this.hash(refreshToken);
    const next = randomToken();
    const nextHash = this.hash(next);
    const expiresAt = now + REFRESH_TTL_MS;
    // PostgreSQL: the claim, the next token and the user in one statement; SQLite, or nothing claimed: below.
    const fast = isPostgres(this.db);
    if (fast) {
      const { rows } = await this.queries.claimAndNext({ now, nextHash, tokenHash, appId, expiresAt });
      const joined = readRows && (async () => readRows(rows));
      if (rows[0]) return this.renewed(spentOf(rows[0]), next, now, this.db, joined ?? read);
    }
    // Every spend is one conditional update (claim, spend, sibling): two refreshes with one token, in
    // any processes, cannot both win a turn, and a revoked session is refused whatever rows remain.
    return this.db.transaction().execute(async (trx): Promise<RefreshOutcome<T>> => {
      const [claimed] = fast ? [] : (await this.queries.claim({ now, nextHash, tokenHash, appId }, trx)).rows;
      const spent = claimed
        ? spentOf(claimed)
        : await this.spendSpent(trx, appId, tokenHash, nextHash, now, singleUse);
      if ('reason' in spent) return spent;
      await this.queries.insertToken(
        { tokenHash: nextHash, sessionId: spent.sessionId, now, expiresAt },
        trx,
      );
      return this.renewed(spent, next, now, trx, read);
    });
  }

  /** After the spend: the session's expiry moved when it fell behind, and the route's read. */
  private async renewed<T>(
    spent: Spent,
    next: string,
    now: number,
    executor: Db,
    read: RefreshOptions<T>['read'],
  ): Promise<RefreshOutcome<T>> {
    const { sessionId, userId } = spent;
    if (spent.sessionExpiresAt < now + REFRESH_TTL_MS - SESSION_EXTEND_STEP_MS) {
      await this.queries.extend({ sessionId, expiresAt: now + REFRESH_TTL_MS }, executor);
    }
    const session = { sessionId, userId, refreshToken: next, authTime: spent.authTime };
    return { ok: true, session, read: read && (await read(userId, executor)) };
  }

  /**
   * The refresh `claim` did not make: the token already spent (a sibling within the grace window,
   * or a reuse after it, which revokes the session), or refused.
   */
  private async spendSpent(
    trx: Db,
    appId: string,
    tokenHash: string,
    nextHash: string,
    now: number,
    singleUse: boolean,
  ): Promise<Spent | { ok: false; reason: 'invalid' | 'reused' }> {
    const [row] = (await this.queries.token({ tokenHash }, trx)).rows;
    if (
      !row ||
      row.app_id !== appId ||
      row.revoked_at !== null ||
      toNumber(row.session_expires_at) <= now ||
      toNumber(row.token_expires_at) <= now
    ) {
      return { ok: false, reason: 'invalid' };
    }
    if (row.used_at !== null && now - toNumber(row.used_at) >= REFRESH_REUSE_GRACE_MS) {
      await revokeSession(trx, row.session_id, now);
      return { ok: false, reason: 'reused' };
    }
    if (!(await this.claimSpend(trx, tokenHash, nextHash, now, singleUse))) {
      return { ok: false, reason: 'invalid' };
    }
    return {
      sessionId: row.session_id,
      userId: row.user_id,
      sessionExpiresAt: toNumber(row.session_expires_at),
      authTime: toNumber(row.auth_time ?? row.session_created_at),
    };
  }

  /**
   * Spends the token for `nextHash`: the first spend, or (not `singleUse`) one of its
   * REFRESH_GRACE_MAX_SIBLINGS; false when neither is left. Conditional updates, so two processes
   * racing with one token cannot both win the same turn.
   */
  private async claimSpend(
    trx: Db,
    tokenHash: string,
    nextHash: string,
    now: number,
    singleUse: boolean,
  ): Promise<boolean> {
    const first = await this.queries.spend({ now, nextHash, tokenHash }, trx);
    if (Number(first.numAffectedRows) === 1) return true;
    if (singleUse) return false;
    const sibling = await this.queries.sibling({ tokenHash }, trx);
    return Number(sibling.numAffectedRows) === 1;
  }

  /** `within`: a transaction of the caller's (the console's, which audits the revoke in it). */
  async revoke(appId: string, sessionId: string, within?: Db): Promise<void> {
    // No lock: revoking twice, or while a refresh spends a token, ends revoked all the same (a
    // refresh's claim checks revoked_at in its conditional update).
    const run = async (trx: Db) => {
      const session = await trx
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', sessionId)
        .where('app_id', '=', appId)
        .executeTakeFirst();
      if (session) await revokeSession(trx, session.id, this.now());
    };
    await (within ? run(within) : this.db.transaction().execute(run));
  }

  async revokeByRefreshToken(appId: string, refreshToken: string): Promise<void> {
    const row = await this.db
      .selectFrom('refresh_tokens')
      .select('session_id')
      .where('token_hash', '=', this.hash(refreshToken))
      .executeTakeFirst();
    if (row) await this.revoke(appId, row.session_id);
  }

  /**
   * Forks a session (`sessions/fork`): the caller's refresh token is rotated as by `refresh`, and a
   * new session of the same user starts, whose first refresh token the caller hands to another page
   * (`?gatehouse_token=`). Undefined when the token does not refresh.
   */
  async fork(
    appId: string,
    refreshToken: string,
  ): Promise<{ current: IssuedSession; forked: IssuedSession } | undefined> {
    const outcome = await this.refresh(appId, refreshToken);
    if (!outcome.ok) return undefined;
    // The new session is no new login: it keeps the time of the one it was forked from.
    const forked = await this.create(appId, outcome.session.userId, outcome.session.authTime);
    return { current: outcome.session, forked };
  }

  /** Deletes refresh tokens and sessions past their expiry. */
  async sweep(): Promise<void> {
    const now = this.now();
    await this.db.deleteFrom('refresh_tokens').where('expires_at', '<=', now).execute();
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  }
}

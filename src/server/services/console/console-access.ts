import type { Transaction } from 'kysely';
import { CONSOLE_LINK_TTL_MS, CONSOLE_SESSION_TTL_MS } from '../../../protocol/console.js';
import { type Db, lockedTransaction, toNumber } from '../../db/database.js';
import { lockKeys } from '../../db/lock-keys.js';
import type { Database } from '../../db/schema/index.js';
import { ApiError, UserError } from '../../errors.js';
import type { Clock } from '../clock.js';
import { randomToken, type Secrets } from '../crypto.js';
import { type AuditPage, auditLog, CLI_ACTOR } from './audit.js';
import { ConsoleCodes } from './console-codes.js';
import { ConsoleOperators, type Operator } from './operators.js';

type Trx = Transaction<Database>;

/** The lock of an operator address's code (no app id is 7 characters long). */
const codeLock = (email: string) => lockKeys.code('console', 'email', email);

/** A live operator session: who, and the CSRF token its changes must carry. */
export interface ConsoleSession {
  operator: Operator;
  csrfToken: string;
  expiresAt: number;
}

/** A sign-in: the cookie's token (never stored, never logged) and the session it opens. */
export interface SignIn extends ConsoleSession {
  token: string;
}

/**
 * How operators get in and out of the console: single-use links from the CLI, emailed codes, and
 * sessions. Every token is 32 random bytes kept only as an HMAC-SHA256 under the server secret (as
 * refresh tokens are); the CSRF token is another HMAC of the session's token, so it needs no row
 * and dies with the session. Each sign-in and sign-out writes one audit row in its transaction.
 */
export class ConsoleAccess {
  readonly operators: ConsoleOperators;
  private readonly codes: ConsoleCodes;

  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly now: Clock,
  ) {
    this.operators = new ConsoleOperators(db, now);
    this.codes = new ConsoleCodes(secrets);
  }

  private hash(kind: string, token: string): string {
    return this.secrets.hash(kind, token);
  }

  /**
   * A single-use sign-in link's token for the operator of `email`, or without one for the shell's
   * own operator `cli` (added, and audited, the first time).
   */
  async createLink(email?: string): Promise<{ token: string; operator: Operator }> {
    let operator = await this.operators.find({ email: email ?? CLI_ACTOR });
    if (!operator && email === undefined) operator = await this.operators.add(CLI_ACTOR);
    if (!operator || operator.removed_at !== null)
      throw new UserError(
        email === undefined
          ? 'The operator cli was removed: use --email <operator>.'
          : `No operator ${email}: add one with gatehouse console users add ${email}`,
      );
    const token = randomToken();
    const now = this.now();
    const expiresAt = now + CONSOLE_LINK_TTL_MS;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('console_links')
        .values({
          token_hash: this.hash('console-link', token),
          operator_id: operator.id,
          created_at: now,
          expires_at: expiresAt,
          used_at: null,
        })
        .execute();
      const after = { expires_at: Math.floor(expiresAt / 1000) };
      const change = {
        actor: CLI_ACTOR,
        action: 'sign_in_link.create',
        target: operator.email,
        before: null,
        after,
      };
      await auditLog.write(trx, change, now);
    });
    return { token, operator };
  }

  /** Spends a link: a new session for its operator; 401 console_link_invalid for a used, expired or unknown one. */
  async signInWithLink(token: string): Promise<SignIn> {
    const now = this.now();
    const signIn = await this.db.transaction().execute(async (trx) => {
      const spent = await trx
        .updateTable('console_links')
        .set({ used_at: now })
        .where('token_hash', '=', this.hash('console-link', token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('operator_id')
        .executeTakeFirst();
      return spent ? this.open(trx, spent.operator_id, 'link', now) : undefined;
    });
    if (!signIn) throw new ApiError('console_link_invalid');
    return signIn;
  }

  /** A code for an operator's address, or null (nothing sent) when it is no operator's. */
  async startEmailCode(email: string): Promise<string | null> {
    const operator = await this.operators.find({ email });
    if (!operator || operator.removed_at !== null) return null;
    const now = this.now();
    return lockedTransaction(this.db, [codeLock(email)], (trx) => this.codes.issue(trx, email, now));
  }

  /** Spends the operator's live code: a new session; 422 invalid_credentials otherwise. */
  async signInWithCode(email: string, code: string): Promise<SignIn> {
    const now = this.now();
    const signIn = await lockedTransaction(this.db, [codeLock(email)], async (trx) => {
      const operator = await this.operators.find({ email }, trx);
      if (!operator || operator.removed_at !== null) return undefined;
      if (!(await this.codes.verify(trx, email, code.trim(), now))) return undefined;
      return this.open(trx, operator.id, 'email_code', now);
    });
    if (!signIn) throw new ApiError('invalid_credentials');
    return signIn;
  }

  /** A session for a live operator (undefined for a removed one), with its audit row. */
  private async open(trx: Trx, operatorId: string, method: string, now: number): Promise<SignIn | undefined> {
    const operator = await this.operators.find({ id: operatorId }, trx);
    if (!operator || operator.removed_at !== null) return undefined;
    // Sign-ins are rare: each clears the expired sessions and links of everyone (no housekeeping needed).
    for (const table of ['console_sessions', 'console_links'] as const)
      await trx.deleteFrom(table).where('expires_at', '<=', now).execute();
    const token = randomToken();
    const expiresAt = now + CONSOLE_SESSION_TTL_MS;
    await trx
      .insertInto('console_sessions')
      .values({
        token_hash: this.hash('console-session', token),
        operator_id: operatorId,
        created_at: now,
        expires_at: expiresAt,
        last_seen_at: now,
      })
      .execute();
    const change = {
      actor: operatorId,
      action: 'operator.sign_in',
      target: operator.email,
      before: null,
      after: { method },
    };
    await auditLog.write(trx, change, now);
    return { token, operator, csrfToken: this.csrfToken(token), expiresAt };
  }

  /** The session of a cookie's token: live, of an operator not removed; undefined otherwise. */
  async session(token: string): Promise<ConsoleSession | undefined> {
    const now = this.now();
    const tokenHash = this.hash('console-session', token);
    const row = await this.db
      .selectFrom('console_sessions')
      .select(['operator_id', 'expires_at', 'last_seen_at'])
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    const operator = row && (await this.operators.find({ id: row.operator_id }));
    if (!row || !operator || operator.removed_at !== null) return undefined;
    if (now - toNumber(row.last_seen_at) >= 60_000)
      await this.db
        .updateTable('console_sessions')
        .set({ last_seen_at: now })
        .where('token_hash', '=', tokenHash)
        .execute();
    return { operator, csrfToken: this.csrfToken(token), expiresAt: toNumber(row.expires_at) };
  }

  /** The CSRF token of a session's token. */
  csrfToken(token: string): string {
    return this.hash('console-csrf', token);
  }

  /** Ends the session of this token, with its audit row. */
  async signOut(token: string, operator: Operator): Promise<void> {
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('console_sessions')
        .where('token_hash', '=', this.hash('console-session', token))
        .execute();
      const change = {
        actor: operator.id,
        action: 'operator.sign_out',
        target: operator.email,
        before: null,
        after: null,
      };
      await auditLog.write(trx, change, now);
    });
  }

  /** The audit log, newest first (audit.ts). */
  audit(limit: number, cursor?: string): Promise<AuditPage> {
    return auditLog.page(this.db, limit, cursor);
  }
}

import type { Transaction } from 'kysely';
import { type Db, toNumber } from '../../db/database.js';
import type { Database } from '../../db/schema/index.js';
import { ApiError } from '../../errors.js';
import { randomId } from '../crypto.js';

/** The actor of a change made with the `gatehouse` command (and the shell's own operator id). */
export const CLI_ACTOR = 'cli';

/** What the console's audit log records of one change. */
export interface AuditChange {
  /** An operator's id, or CLI_ACTOR. */
  actor: string;
  /** `operator.add`, `operator.remove`, `operator.sign_in`, `operator.sign_out`, `sign_in_link.create`, `app.*`. */
  action: string;
  /** What changed: an operator's email, or an app's id (app.create, app.rename, app.settings, app.delete). */
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** One row of the audit log as the console's API answers it (`at` in seconds). */
export interface AuditEntry extends AuditChange {
  id: string;
  /** The acting operator's email (removed or not); null for an actor who is no operator (`cli` before its first link). */
  actor_email: string | null;
  at: number;
}

export interface AuditPage {
  data: AuditEntry[];
  next_cursor: string | null;
}

/** The position after an entry, newest first: opaque to callers (base64url of `at:id`). */
const encodeCursor = (at: number, id: string) => Buffer.from(`${at}:${id}`, 'utf8').toString('base64url');

function decodeCursor(cursor: string): { at: number; id: string } {
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const at = Number(time);
  if (!Number.isSafeInteger(at) || !id || !/^[a-z0-9]+$/.test(id))
    throw new ApiError('invalid_data', "Invalid field 'cursor': not a cursor of this list.");
  return { at, id };
}

const parse = (json: string | null) => (json === null ? null : (JSON.parse(json) as Record<string, unknown>));

/**
 * The console's audit log: one row per change, written in the transaction that makes the change,
 * so a change and its row are committed together or not at all.
 */
export const auditLog = {
  async write(trx: Transaction<Database>, change: AuditChange, at: number): Promise<void> {
    await trx
      .insertInto('console_audit')
      .values({
        id: randomId(24),
        actor: change.actor,
        action: change.action,
        target: change.target,
        before: change.before === null ? null : JSON.stringify(change.before),
        after: change.after === null ? null : JSON.stringify(change.after),
        at,
      })
      .execute();
  },

  /** Newest first, `limit` at a time, after `cursor` (keyset: the same entries however many are added). */
  async page(db: Db, limit: number, cursor?: string): Promise<AuditPage> {
    let query = db
      .selectFrom('console_audit')
      .leftJoin('console_operators', 'console_operators.id', 'console_audit.actor')
      .selectAll('console_audit')
      .select('console_operators.email as actor_email')
      .orderBy('console_audit.at', 'desc')
      .orderBy('console_audit.id', 'desc')
      .limit(limit + 1);
    if (cursor !== undefined) {
      const after = decodeCursor(cursor);
      query = query.where((eb) =>
        eb.or([
          eb('console_audit.at', '<', after.at),
          eb.and([eb('console_audit.at', '=', after.at), eb('console_audit.id', '<', after.id)]),
        ]),
      );
    }
    const rows = await query.execute();
    const page = rows.slice(0, limit);
    const data = page.map((row) => ({
      id: row.id,
      actor: row.actor,
      actor_email: row.actor_email,
      action: row.action,
      target: row.target,
      before: parse(row.before),
      after: parse(row.after),
      at: Math.floor(toNumber(row.at) / 1000),
    }));
    const last = page.at(-1);
    const more = rows.length > limit && last !== undefined;
    return { data, next_cursor: more ? encodeCursor(toNumber(last.at), last.id) : null };
  },
};

import type { Selectable, Transaction } from 'kysely';
import { isValidEmail } from '../../../protocol/validation.js';
import { type Db, toNullableNumber, toNumber } from '../../db/database.js';
import type { ConsoleOperatorsTable } from '../../db/schema/console.js';
import type { Database } from '../../db/schema/index.js';
import { UserError } from '../../errors.js';
import type { Clock } from '../clock.js';
import { randomId } from '../crypto.js';
import { auditLog, CLI_ACTOR } from './audit.js';

/** An operator as the console and the CLI show one (times in seconds). */
export interface Operator {
  id: string;
  email: string;
  created_at: number;
  removed_at: number | null;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

function operatorOf(row: Selectable<ConsoleOperatorsTable>): Operator {
  const removedAt = toNullableNumber(row.removed_at);
  return {
    id: row.id,
    email: row.email,
    created_at: seconds(toNumber(row.created_at)),
    removed_at: removedAt === null ? null : seconds(removedAt),
  };
}

/** Trimmed and lowercased; a UserError when it is not an email address. */
export function operatorEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!isValidEmail(email)) throw new UserError(`Not an email address: '${value}'.`);
  return email;
}

const record = (operator: Operator) => ({ email: operator.email, removed_at: operator.removed_at });

/** The operators of the console: added and removed with `gatehouse console users`, each change audited. */
export class ConsoleOperators {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  async list(): Promise<Operator[]> {
    const rows = await this.db.selectFrom('console_operators').selectAll().orderBy('created_at').execute();
    return rows.map(operatorOf);
  }

  /** The operator of this email or id (removed or not), inside `trx` or not. */
  async find(by: { email: string } | { id: string }, trx: Transaction<Database> | Db = this.db) {
    const row = await trx
      .selectFrom('console_operators')
      .selectAll()
      .where((eb) => ('email' in by ? eb('email', '=', by.email) : eb('id', '=', by.id)))
      .executeTakeFirst();
    return row && operatorOf(row);
  }

  /** Adds an operator (or brings a removed one back): one audit row. */
  async add(email: string, actor: string = CLI_ACTOR): Promise<Operator> {
    return this.db.transaction().execute(async (trx) => {
      const found = await this.find({ email }, trx);
      if (found && found.removed_at === null) throw new UserError(`${email} is already an operator.`);
      const now = this.now();
      if (found)
        await trx
          .updateTable('console_operators')
          .set({ removed_at: null })
          .where('id', '=', found.id)
          .execute();
      else
        await trx
          .insertInto('console_operators')
          .values({
            id: email === CLI_ACTOR ? CLI_ACTOR : randomId(24),
            email,
            created_at: now,
            removed_at: null,
          })
          .execute();
      const added = (await this.find({ email }, trx)) as Operator;
      const before = found ? record(found) : null;
      await auditLog.write(
        trx,
        { actor, action: 'operator.add', target: email, before, after: record(added) },
        now,
      );
      return added;
    });
  }

  /** Removes an operator: their sessions, links and codes end in the same transaction; one audit row. */
  async remove(email: string, actor: string = CLI_ACTOR): Promise<Operator> {
    return this.db.transaction().execute(async (trx) => {
      const found = await this.find({ email }, trx);
      if (!found || found.removed_at !== null) throw new UserError(`No operator ${email}.`);
      const now = this.now();
      await trx
        .updateTable('console_operators')
        .set({ removed_at: now })
        .where('id', '=', found.id)
        .execute();
      for (const table of ['console_sessions', 'console_links'] as const)
        await trx.deleteFrom(table).where('operator_id', '=', found.id).execute();
      await trx.deleteFrom('console_codes').where('email', '=', email).execute();
      const removed = { ...found, removed_at: seconds(now) };
      const change = {
        actor,
        action: 'operator.remove',
        target: email,
        before: record(found),
        after: record(removed),
      };
      await auditLog.write(trx, change, now);
      return removed;
    });
  }
}

/** Tables of the operator console (migration 0024; services/console/). */
import type { Count, Millis, NullableMillis } from './columns.js';

/** A person who may use the console: not a user of any app. */
export interface ConsoleOperatorsTable {
  /** Random, or `cli` for whoever holds the server's shell (`gatehouse console link` without --email). */
  id: string;
  /** Lowercased; `cli` for the shell's operator. */
  email: string;
  created_at: Millis;
  /** Set by `gatehouse console users remove`: no sign-in, no session from then on. */
  removed_at: NullableMillis;
}

/** A signed-in operator: the cookie's token is kept only as its HMAC. */
export interface ConsoleSessionsTable {
  token_hash: string;
  operator_id: string;
  created_at: Millis;
  expires_at: Millis;
  last_seen_at: Millis;
}

/** A single-use sign-in link of `gatehouse console link`. */
export interface ConsoleLinksTable {
  token_hash: string;
  operator_id: string;
  created_at: Millis;
  expires_at: Millis;
  used_at: NullableMillis;
}

/** The live emailed code of one operator address, with its lockout (as code_lockouts keeps one). */
export interface ConsoleCodesTable {
  email: string;
  code_hash: string;
  attempts: Count;
  expires_at: Millis;
  consumed_at: NullableMillis;
  created_at: Millis;
  wrong_codes: Count;
  last_wrong_at: Millis;
  locked_until: Millis;
}

/** One change made through the console or the console's CLI: who, what, on what, before and after. */
export interface ConsoleAuditTable {
  id: string;
  /** The operator's id, or `cli`. */
  actor: string;
  action: string;
  target: string;
  /** JSON, or null when there was nothing before (an operator added). */
  before: string | null;
  after: string | null;
  at: Millis;
}

export interface ConsoleTables {
  console_operators: ConsoleOperatorsTable;
  console_sessions: ConsoleSessionsTable;
  console_links: ConsoleLinksTable;
  console_codes: ConsoleCodesTable;
  console_audit: ConsoleAuditTable;
}

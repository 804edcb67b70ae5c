/** The sessions and their refresh tokens (services/sessions/sessions.ts). */
import type { ColumnType } from 'kysely';
import type { Millis, NullableMillis } from './columns.js';

export interface SessionsTable {
  id: string;
  app_id: string;
  user_id: string;
  created_at: Millis;
  expires_at: Millis;
  revoked_at: NullableMillis;
  /** When the user logged in interactively; a refresh or a fork keeps it (null: created_at). */
  auth_time: ColumnType<number | string | bigint | null, number | null | undefined, number | null>;
}

export interface RefreshTokensTable {
  /** HMAC-SHA256 of the token, hex. */
  token_hash: string;
  session_id: string;
  created_at: Millis;
  expires_at: Millis;
  used_at: NullableMillis;
  replaced_by: string | null;
  /** Tokens minted from this one after it was spent, within the grace window (at most one). */
  grace_siblings: ColumnType<number | string | bigint, number | undefined, number>;
}

export interface SessionTables {
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
}

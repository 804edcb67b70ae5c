/** The users and their linked accounts (services/users/users.ts). */
import type { ColumnType } from 'kysely';
import type { Flag, Millis } from './columns.js';

export interface UsersTable {
  id: string;
  app_id: string;
  created_at: Millis;
  has_accepted_terms: Flag;
  /**
   * The language of the user's mails and SMS when a request names none (services/messages): the
   * one their latest login named, a language subtag ('ja'); null before any.
   */
  locale: string | null;
}

export interface LinkedAccountsTable {
  id: string;
  user_id: string;
  app_id: string;
  type: string;
  /** Normalized identifier, unique per (app, type): the lowercased email for `email`. */
  subject: string;
  /** JSON of the type's wire fields beyond the subject. */
  data: string;
  /**
   * The email address the account proves, when it is not an `email` account: a social account's
   * email that its provider verified (an unverified one is only in `data`). Server-only.
   */
  verified_email: string | null;
  first_verified_at: Millis;
  latest_verified_at: Millis;
  /** 1: trusted at once as a factor: the signup account, or linked under a step-up (step-up-factors.ts). */
  stepped_up: ColumnType<number | string | bigint, number | undefined, number>;
}

export interface UserTables {
  users: UsersTable;
  linked_accounts: LinkedAccountsTable;
}

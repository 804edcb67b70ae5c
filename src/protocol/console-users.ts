/**
 * The console's Users section (`/api/v1/console/apps/:id/users…`): an app's users found by email,
 * phone, wallet address or id, a page at a time, and one user's accounts, wallet, MFA methods and
 * sessions, with the changes an operator makes to them.
 */
export const CONSOLE_USER_PATHS = {
  /** GET ?q=&limit=&cursor=: the app's users, newest first, or those whose account matches `q`. */
  users: '/api/v1/console/apps/:id/users',
  /** GET the user's page; DELETE `{confirm: "<their id or email>"}` deletes them. */
  user: '/api/v1/console/apps/:id/users/:user',
  /** DELETE revokes every live session of the user. */
  sessions: '/api/v1/console/apps/:id/users/:user/sessions',
  /** DELETE revokes one session. */
  session: '/api/v1/console/apps/:id/users/:user/sessions/:session',
  /** DELETE removes one enrolled MFA method (`sms`, `totp`, `passkey`). */
  mfa: '/api/v1/console/apps/:id/users/:user/mfa/:method',
  /** DELETE revokes one device key of the user's embedded wallet. */
  device: '/api/v1/console/apps/:id/users/:user/devices/:device',
} as const;

/** `GET users?limit`: at most this many users per page, this many without a limit. */
export const USER_SEARCH_MAX = 50;
export const USER_SEARCH_DEFAULT = 20;

/** How many of the user's latest logins their page lists. */
export const RECENT_LOGINS = 10;

/** One user in the search's answer: their id, when they signed up, their accounts (type, subject). */
export interface ConsoleUserRow {
  id: string;
  created_at: number;
  accounts: Array<{ type: string; subject: string }>;
}

export interface ConsoleUserPage {
  data: ConsoleUserRow[];
  next_cursor: string | null;
}

export interface ConsoleLinkedAccount {
  type: string;
  subject: string;
  first_verified_at: number;
  latest_verified_at: number;
}

export interface ConsoleSessionRow {
  id: string;
  created_at: number;
  /** When the session's refresh token was last rotated; null when it never was. */
  last_refresh_at: number | null;
  expires_at: number;
}

/** The user's page: every time in seconds. */
export interface ConsoleUserDetail {
  id: string;
  created_at: number;
  accounts: ConsoleLinkedAccount[];
  wallet: {
    address: string;
    recovery_method: string;
    devices: Array<{ id: string; created_at: number; last_used_at: number | null }>;
  } | null;
  mfa: Array<{ type: string; verified_at: number }>;
  /** The live sessions (not revoked, not expired), newest first. */
  sessions: ConsoleSessionRow[];
  /** The latest sessions opened by a login (not by a refresh or a fork), newest first. */
  logins: Array<{ at: number; live: boolean }>;
}

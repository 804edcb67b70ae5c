/**
 * What a lockedTransaction (database.ts) is about: transactions naming the same key run one after
 * the other on PostgreSQL, all others side by side. Each names the rows whose check-then-write
 * must not interleave.
 */
export const lockKeys = {
  /** A code destination's one_time_codes and code_lockouts rows: a code's tries and its lockout. */
  code: (appId: string, channel: string, destination: string) => `code|${appId}|${channel}|${destination}`,
  /** Who owns an account (app, type, exact subject): its first login makes one user, a link one owner. */
  account: (appId: string, type: string, subject: string) => `account|${appId}|${type}|${subject}`,
  /** A user's own invariants: one embedded wallet, one account of a type, the last login account kept. */
  user: (userId: string) => `user|${userId}`,
  /** An app's row, rewritten from what was read (settings, origins). */
  app: (appId: string) => `app|${appId}`,
  /** One server-only setting of an app (deleted, then inserted again). */
  appSecret: (appId: string, name: string) => `app-secret|${appId}|${name}`,
  /** Rows made once for the whole database when the first process starts (the first signing key, …). */
  startup: (what: string) => `startup|${what}`,
};

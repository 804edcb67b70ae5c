/**
 * The operator console's API (`/api/v1/console/*`): its paths, the cookie of an operator's session,
 * the header its CSRF token travels in, and how long its links and sessions live.
 */

export const CONSOLE_API_PATHS = {
  /** GET ?token=: a `gatehouse console link` URL; sets the session cookie and redirects to the console. */
  signIn: '/api/v1/console/sign-in',
  emailCodeStart: '/api/v1/console/email-code/start',
  emailCodeVerify: '/api/v1/console/email-code/verify',
  session: '/api/v1/console/session',
  signOut: '/api/v1/console/sign-out',
  audit: '/api/v1/console/audit',
  apps: '/api/v1/console/apps',
} as const;

/** Where a sign-in lands: the console's pages, on the provider's origin. */
export const CONSOLE_PAGE_PATH = '/console/';

/** The pages' built files (hashed scripts), under the pages' path. */
export const CONSOLE_ASSETS_PATH = '/console/assets/';

/**
 * A used, expired or unknown link opened in a browser lands on the pages with this query: the
 * sign-in form then says the link no longer works.
 */
export const CONSOLE_LINK_EXPIRED_QUERY = { name: 'link', value: 'expired' } as const;

/** The meta tag that hands the pages their CSP nonce, for the one <style> their styles live in. */
export const CONSOLE_NONCE_META = 'csp-nonce';

/** The session cookie; `__Host-` prefixed when the provider is served over https. */
export const CONSOLE_COOKIE = 'gatehouse_console';

/** Every console request but a GET carries the session's CSRF token (GET session answers it) here. */
export const CONSOLE_CSRF_HEADER = 'x-gatehouse-csrf';

/** A sign-in link works once, within this long of `gatehouse console link`. */
export const CONSOLE_LINK_TTL_MS = 10 * 60_000;

/** An operator's session ends this long after its sign-in. */
export const CONSOLE_SESSION_TTL_MS = 12 * 60 * 60_000;

/** `GET audit?limit`: at most this many entries per page, this many without a limit. */
export const AUDIT_PAGE_MAX = 100;
export const AUDIT_PAGE_DEFAULT = 50;

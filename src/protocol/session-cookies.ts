/**
 * Same-site cookie mode (§4.1, §9; docs/guide/session-storage.md). Each cookie's name ends with the app
 * id, so two apps on one provider keep apart.
 */

/** HttpOnly, on the provider's own host, sent only to the session endpoints; 30 days (REFRESH_TOKEN_TTL_SECONDS). */
export const REFRESH_COOKIE_PREFIX = 'gatehouse_refresh_';

/** The access token, on the shared domain so the host's own backend reads it; expires with the token. */
export const ACCESS_COOKIE_PREFIX = 'gatehouse_access_';

/** Where the browser sends the refresh cookie: the session endpoints only. */
export const REFRESH_COOKIE_PATH = '/api/v1/sessions';

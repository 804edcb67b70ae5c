/**
 * The part of the OAuth flow the client needs at start, kept small: is there an OAuth return on
 * this page, and which provider names are valid. The flow itself (flows/oauth.ts) loads on demand.
 */
import { OAUTH_PROVIDERS, type OAuthProvider, QUERY_PARAMS } from '../../protocol/constants.js';

export type OAuthMode = 'login' | 'link';

/** The three query parameters the provider puts on the host page on the way back (§2.1). */
export interface OAuthReturn {
  code: string | null;
  state: string | null;
  provider: string | null;
}

export function isOAuthProvider(value: unknown): value is OAuthProvider {
  return typeof value === 'string' && (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

const RETURN_PARAMS = [QUERY_PARAMS.oauthCode, QUERY_PARAMS.oauthState, QUERY_PARAMS.oauthProvider];

/** The OAuth return parameters of a page address, or null when it carries none. */
export function readOAuthReturn(href: string): OAuthReturn | null {
  const params = new URL(href).searchParams;
  if (!RETURN_PARAMS.some((name) => params.has(name))) return null;
  return {
    code: params.get(QUERY_PARAMS.oauthCode),
    state: params.get(QUERY_PARAMS.oauthState),
    provider: params.get(QUERY_PARAMS.oauthProvider),
  };
}

/** The address without the OAuth return parameters (where to come back to, and what stays in the bar). */
export function withoutOAuthParams(href: string): string {
  const url = new URL(href);
  for (const name of RETURN_PARAMS) url.searchParams.delete(name);
  return url.toString();
}

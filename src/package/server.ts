/**
 * `@gatehousejs/widget/server`: a host's backend checks the access tokens the provider issues
 * (ES256 JWTs, `iss` the provider's public URL, `aud` the app id, `sub` `did:gatehouse:<user id>`,
 * `sid` the session) against the app's published keys. `getAuth()` finds the token in a request:
 * the `Authorization: Bearer` header, or the access cookie of same-site cookie mode.
 */
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { type AccessTokenClaims, API_PATHS } from '../protocol/api.js';
import { USER_DID_PREFIX } from '../protocol/constants.js';
import type { SigningJwk } from '../protocol/server-api.js';
import { ACCESS_COOKIE_PREFIX } from '../protocol/session-cookies.js';

export type { AccessTokenClaims } from '../protocol/api.js';

export interface VerifyOptions {
  /** The provider's origin, as the widget is given it (e.g. `https://auth.example.com`): the tokens' issuer. */
  apiUrl: string;
  /** The app's id: the tokens' audience, and the app whose keys are fetched. */
  appId: string;
  /**
   * Where this server fetches the keys, when it reaches the provider at another address than the
   * public one (e.g. `http://gatehouse:8787/api/v1/apps/<app id>/jwks.json` inside a container
   * network). Defaults to the app's JWKS under `apiUrl`.
   */
  jwksUrl?: string;
}

/** A verified access token: who is logged in, in which session. */
export interface GatehouseAuth {
  /** The user's id (the part of `sub` after `did:gatehouse:`), as `useUser().id` reads it. */
  userId: string;
  /** The session the token belongs to (`sid`). */
  sessionId: string;
  claims: AccessTokenClaims;
}

/** A Fetch `Headers` (a route handler's `request.headers`, Next's `await headers()`). */
interface HeaderGetter {
  get(name: string): string | null;
}

/** A Node `IncomingMessage`'s headers (lower-case names). */
type NodeHeaders = Record<string, string | string[] | undefined>;

/** A Fetch `Request`, a Node `IncomingMessage`, or just the headers of either. */
export type AuthSource = { headers: HeaderGetter | NodeHeaders } | HeaderGetter;

const ALGORITHMS: Array<SigningJwk['alg']> = ['ES256'];

/** One key set per JWKS URL, so that the keys are fetched once and again only for an unknown `kid`. */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The provider's public URL as it writes it into `iss`: no trailing slash. */
const issuerOf = (apiUrl: string): string => {
  const url = new URL(apiUrl);
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
};

function keySetOf(jwksUrl: string): ReturnType<typeof createRemoteJWKSet> {
  let keys = keySets.get(jwksUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(jwksUrl));
    keySets.set(jwksUrl, keys);
  }
  return keys;
}

/**
 * Checks an access token's signature (the app's JWKS at the provider), issuer, audience and
 * expiry. Rejects when any of them fails; `getAuth()` turns that into `null`.
 */
export async function verifyAccessToken(token: string, options: VerifyOptions): Promise<GatehouseAuth> {
  const issuer = issuerOf(options.apiUrl);
  const jwksUrl = options.jwksUrl ?? `${issuer}${API_PATHS.jwks(options.appId)}`;
  const { payload } = await jwtVerify(token, keySetOf(jwksUrl), {
    algorithms: ALGORITHMS,
    issuer,
    audience: options.appId,
    requiredClaims: ['sub', 'sid', 'iat', 'exp'],
  });
  const { sub, sid } = payload;
  if (typeof sid !== 'string' || !sub?.startsWith(USER_DID_PREFIX)) {
    throw new Error('The access token does not name a Gatehouse user and session.');
  }
  return {
    userId: sub.slice(USER_DID_PREFIX.length),
    sessionId: sid,
    claims: payload as unknown as AccessTokenClaims,
  };
}

function headerOf(source: AuthSource, name: string): string | undefined {
  const headers = 'headers' in source ? source.headers : source;
  if (typeof headers.get === 'function') return (headers as HeaderGetter).get(name) ?? undefined;
  const value = (headers as NodeHeaders)[name];
  return Array.isArray(value) ? value.join('; ') : value;
}

function cookieOf(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const equals = part.indexOf('=');
    if (equals > 0 && part.slice(0, equals).trim() === name) return part.slice(equals + 1).trim();
  }
  return undefined;
}

/** The access token of a request: `Authorization: Bearer …` first, else the cookie-mode access cookie. */
function accessTokenOf(source: AuthSource, appId: string): string | undefined {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headerOf(source, 'authorization') ?? '');
  if (bearer) return bearer[1];
  return cookieOf(headerOf(source, 'cookie') ?? '', `${ACCESS_COOKIE_PREFIX}${appId}`) || undefined;
}

/**
 * Who sent this request: the verified token's user and session, or `null` when the request carries
 * no token or one that does not verify (forged, expired, for another app, keys unreachable). Never throws.
 */
export async function getAuth(source: AuthSource, options: VerifyOptions): Promise<GatehouseAuth | null> {
  try {
    const token = accessTokenOf(source, options.appId);
    return token ? await verifyAccessToken(token, options) : null;
  } catch {
    return null;
  }
}

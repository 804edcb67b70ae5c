import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PATHS } from '../../protocol/api.js';
import { REFRESH_TOKEN_TTL_SECONDS } from '../../protocol/constants.js';
import {
  ACCESS_COOKIE_PREFIX,
  REFRESH_COOKIE_PATH,
  REFRESH_COOKIE_PREFIX,
} from '../../protocol/session-cookies.js';

/**
 * Same-site cookie mode (§4.1, §9; docs/guide/session-storage.md). When the app names a cookie domain
 * that holds both the provider and the calling page, the refresh token never reaches the page: every
 * answer that carries one (auth results, refreshes, forks) hands it over in an HttpOnly cookie on
 * the provider's host instead and answers null, and the session endpoints read it back from that
 * cookie when the body has none. The access token also goes in a cookie on the shared domain for
 * the host's own backend. The routes themselves stay as they are: rotation, reuse detection and
 * revocation run on the same tokens.
 */

/** The endpoints that take a refresh token from the cookie when the body has none (fork/recover takes the forked one). */
const READS_COOKIE = new Set<string>([API_PATHS.sessions, API_PATHS.sessionsLogout, API_PATHS.sessionsFork]);
const SESSION_PATHS = new Set<string>([...READS_COOKIE, API_PATHS.sessionsForkRecover]);

interface CookieMode {
  domain: string;
  refreshName: string;
  accessName: string;
}

const within = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** The cookie mode of this request: the app has a cookie domain, and the page and the provider are both in it. */
function modeOf(request: FastifyRequest, providerHost: string): CookieMode | null {
  const app = request.gatehouseApp;
  const domain = app?.config.session_cookie_domain;
  const origin = request.headers.origin;
  if (!app || !domain || !origin || !within(providerHost, domain)) return null;
  const pageHost = hostOf(origin);
  if (pageHost === null || !within(pageHost, domain)) return null;
  return { domain, refreshName: REFRESH_COOKIE_PREFIX + app.id, accessName: ACCESS_COOKIE_PREFIX + app.id };
}

function readCookie(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals > 0 && part.slice(0, equals).trim() === name) return part.slice(equals + 1).trim();
  }
  return undefined;
}

function refreshCookie(mode: CookieMode, value: string, maxAge: number): string {
  return `${mode.refreshName}=${value}; Path=${REFRESH_COOKIE_PATH}; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Lax`;
}

function accessCookie(mode: CookieMode, value: string, expires: Date): string {
  return `${mode.accessName}=${value}; Domain=${mode.domain}; Path=/; Expires=${expires.toUTCString()}; HttpOnly; Secure; SameSite=Lax`;
}

const clearing = (mode: CookieMode) => [refreshCookie(mode, '', 0), accessCookie(mode, '', new Date(0))];

/** The `exp` of a JWT the provider just issued, as a date. */
function expiryOf(token: string): Date | null {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
      exp?: unknown;
    };
    return typeof claims.exp === 'number' ? new Date(claims.exp * 1000) : null;
  } catch {
    return null;
  }
}

type Answer = Record<string, unknown>;

function parseAnswer(payload: unknown): Answer | null {
  if (typeof payload !== 'string' || !payload.includes('"refresh_token"')) return null;
  try {
    const body: unknown = JSON.parse(payload);
    return typeof body === 'object' && body !== null && 'refresh_token' in body ? (body as Answer) : null;
  } catch {
    return null;
  }
}

/** Moves the answer's tokens into cookies; the cookies to set. */
function takeTokens(mode: CookieMode, answer: Answer): string[] {
  if (answer.session_update_action === 'clear') return clearing(mode);
  const cookies: string[] = [];
  if (typeof answer.refresh_token === 'string') {
    cookies.push(refreshCookie(mode, answer.refresh_token, REFRESH_TOKEN_TTL_SECONDS));
    answer.refresh_token = null;
  }
  const expires = typeof answer.token === 'string' ? expiryOf(answer.token) : null;
  if (expires && typeof answer.token === 'string') cookies.push(accessCookie(mode, answer.token, expires));
  return cookies;
}

/** Logged out, or the provider no longer knows the session: both cookies go. */
function sessionEnded(path: string | undefined, status: number): boolean {
  if (path === undefined || !SESSION_PATHS.has(path)) return false;
  return status === 200 ? path === API_PATHS.sessionsLogout : status === 401;
}

/** A JSON object body (this hook runs before any route's schema has checked it). */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** On a scope under requireApp: the provider's public URL says which host the provider's cookies live on. */
export function sessionCookies(scope: FastifyInstance, publicUrl: string): void {
  const providerHost = hostOf(publicUrl) ?? '';

  scope.addHook('preValidation', async (request) => {
    if (!READS_COOKIE.has(request.routeOptions.url ?? '')) return;
    const mode = modeOf(request, providerHost);
    const body: unknown = request.body;
    if (!mode || !isRecord(body) || body.refresh_token !== undefined) return;
    const value = readCookie(request, mode.refreshName);
    if (value) body.refresh_token = value;
  });

  scope.addHook('onSend', async (request, reply, payload) => {
    const mode = modeOf(request, providerHost);
    if (!mode) return payload;
    const answer = reply.statusCode === 200 ? parseAnswer(payload) : null;
    const cookies = sessionEnded(request.routeOptions.url, reply.statusCode)
      ? clearing(mode)
      : answer
        ? takeTokens(mode, answer)
        : [];
    if (cookies.length > 0) reply.header('set-cookie', cookies).header('cache-control', 'no-store');
    return answer ? JSON.stringify(answer) : payload;
  });
}

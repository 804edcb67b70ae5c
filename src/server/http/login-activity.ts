/**
 * Records, for the console's Activity section, what a login's own transaction cannot: each code
 * sent by email or SMS (its channel) and each refused login request (its error code). A refusal
 * for too many requests is not counted. Counted in memory and written in batches
 * (services/activity/login-events.ts): a request never waits on it.
 */
import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../protocol/api.js';
import { LOGIN_EVENT_KINDS } from '../../protocol/console-activity.js';
import { FARCASTER_API_PATHS } from '../../protocol/farcaster.js';
import { PASSKEY_API_PATHS } from '../../protocol/passkey.js';
import { SIWE_API_PATHS } from '../../protocol/siwe-api.js';
import type { LoginEventKind } from '../services/activity/login-events.js';
import type { Services } from '../services/index.js';

/** The routes that send a login code, by the code's channel. */
const CODE_ROUTES = new Map<string, string>([
  [API_PATHS.passwordlessInit, 'email'],
  [API_PATHS.smsInit, 'sms'],
]);

/** The routes of a login's steps, whose refusals are counted. */
const LOGIN_ROUTES = new Set<string>([
  ...CODE_ROUTES.keys(),
  API_PATHS.passwordlessAuthenticate,
  API_PATHS.smsAuthenticate,
  API_PATHS.oauthInit,
  API_PATHS.oauthAuthenticate,
  API_PATHS.customJwtAuthenticate,
  SIWE_API_PATHS.init,
  SIWE_API_PATHS.authenticate,
  FARCASTER_API_PATHS.init,
  FARCASTER_API_PATHS.authenticate,
  PASSKEY_API_PATHS.loginInit,
  PASSKEY_API_PATHS.login,
  PASSKEY_API_PATHS.signup,
]);

const TOO_MANY_REQUESTS = 429;

/** The `code` of an error answer's JSON body; `internal_error` when there is none. */
function errorCode(payload: unknown): string {
  try {
    const body: unknown = typeof payload === 'string' ? JSON.parse(payload) : null;
    const code = (body as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? code : 'internal_error';
  } catch {
    return 'internal_error';
  }
}

function eventOf(route: string, status: number, payload: unknown): [LoginEventKind, string] | null {
  if (status < 400) {
    const channel = CODE_ROUTES.get(route);
    return channel ? [LOGIN_EVENT_KINDS.codeSent, channel] : null;
  }
  return status === TOO_MANY_REQUESTS ? null : [LOGIN_EVENT_KINDS.error, errorCode(payload)];
}

/** On the server: it records on the routes above, once their scope has named the request's app. */
export function recordLoginActivity(scope: FastifyInstance, services: Services): void {
  scope.addHook('onSend', async (request, reply, payload) => {
    const app = request.gatehouseApp;
    const route = request.routeOptions.url;
    if (!app || route === undefined || !LOGIN_ROUTES.has(route)) return payload;
    const event = eventOf(route, reply.statusCode, payload);
    if (event) services.analytics.logins.count(app.id, event[0], event[1]);
    return payload;
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import type { App } from '../services/apps/apps.js';
import type { Services } from '../services/index.js';
import type { RateLimits } from '../services/sessions/rate-limit.js';
import { rateLimitAddress } from './client-ip.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The app whose secret authenticated the request, on routes under `requireAppSecret`. */
    secretApp: App | null;
  }
}

/** Longer ids cannot exist (as in app-context.ts). */
const APP_ID_MAX_LENGTH = 64;

/** `appId` and `secret` of an `Authorization: Basic` header; undefined when there is none or it is malformed. */
function basicCredentials(header: string | undefined): { appId: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon > APP_ID_MAX_LENGTH) return undefined;
  return { appId: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
}

/** The bucket failed attempts count in: per client IP and the app id named, or one for none. */
function failureKey(request: FastifyRequest, appId: string | undefined): string {
  const address = rateLimitAddress(request);
  return appId === undefined ? `server-api:ip:${address}:none` : `server-api:ip:${address}:app:${appId}`;
}

/**
 * Hook for the server-to-server API's scope: HTTP Basic `appId:secret` (the secret of
 * `gatehouse apps secret`). Anything else is 401 invalid_app_credentials, the same answer whether
 * the header, the app or the secret was wrong. The secret is checked first (a hash compare), so
 * the right one always goes through. Failures count per client IP and app id named, in the shared
 * rate-limit table: once the allowance is spent a wrong or missing secret answers 429 until the
 * window ends, and a neighbour behind the same address locks no other backend out.
 */
export function requireAppSecret(scope: FastifyInstance, services: Services, limits: RateLimits): void {
  scope.decorateRequest('secretApp', null);
  scope.addHook('onRequest', async (request) => {
    const credentials = basicCredentials(request.headers.authorization);
    const verified = credentials && (await services.apiSecrets.verify(credentials.appId, credentials.secret));
    const app = verified ? await services.apps.find(credentials.appId) : undefined;
    if (app) {
      request.secretApp = app;
      return;
    }
    await services.rateLimiter.take([failureKey(request, credentials?.appId), limits.serverApiFailures]);
    throw new ApiError('invalid_app_credentials');
  });
}

/** The authenticated app; only valid on routes registered under `requireAppSecret`. */
export function secretAppOf(request: FastifyRequest): App {
  if (!request.secretApp) throw new Error('secretAppOf() used on a route without requireAppSecret');
  return request.secretApp;
}

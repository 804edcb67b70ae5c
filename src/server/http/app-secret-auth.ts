import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.js';
import type { App } from '../services/apps.js';
import type { Services } from '../services/index.js';
import type { RateLimits } from '../services/rate-limit.js';
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

/**
 * Hook for the server-to-server API's scope: HTTP Basic `appId:secret` (the secret of
 * `gatehouse apps secret`). Anything else is 401 invalid_app_credentials, the same answer whether
 * the header, the app or the secret was wrong. Failures count per client IP in the shared
 * rate-limit table; once the allowance is spent every request from there is 429 until the window ends.
 */
export function requireAppSecret(scope: FastifyInstance, services: Services, limits: RateLimits): void {
  scope.decorateRequest('secretApp', null);
  scope.addHook('onRequest', async (request) => {
    const key = `server-api:ip:${rateLimitAddress(request)}`;
    const limit = limits.serverApiFailuresPerIp;
    if (await services.rateLimiter.spent(key, limit)) throw new ApiError('too_many_requests');
    const credentials = basicCredentials(request.headers.authorization);
    const verified = credentials && (await services.apiSecrets.verify(credentials.appId, credentials.secret));
    const app = verified ? await services.apps.find(credentials.appId) : undefined;
    if (!app) {
      await services.rateLimiter.hit(key, limit);
      throw new ApiError('invalid_app_credentials');
    }
    request.secretApp = app;
  });
}

/** The authenticated app; only valid on routes registered under `requireAppSecret`. */
export function secretAppOf(request: FastifyRequest): App {
  if (!request.secretApp) throw new Error('secretAppOf() used on a route without requireAppSecret');
  return request.secretApp;
}

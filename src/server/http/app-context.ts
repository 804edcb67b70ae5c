import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HEADERS } from '../../protocol/constants.js';
import { ApiError } from '../errors.js';
import type { App, AppService } from '../services/apps/apps.js';
import { checkOrigin } from './cors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The app named by the gatehouse-app-id header, on routes under `requireApp`. */
    gatehouseApp: App | null;
  }
}

/** Longer ids cannot exist; not worth a database lookup. */
const APP_ID_MAX_LENGTH = 64;

export function decorateAppContext(app: FastifyInstance): void {
  app.decorateRequest('gatehouseApp', null);
}

/**
 * Hook for a scope of routes: the `gatehouse-app-id` header must name an existing app (else
 * 403 invalid_app_id) and the Origin, when present, must be one of its allowed origins.
 * `gatehouse-ca-id` and `gatehouse-client` are accepted and not used.
 */
export function requireApp(scope: FastifyInstance, apps: AppService): void {
  scope.addHook('onRequest', async (request, reply) => {
    const id = request.headers[HEADERS.appId];
    if (typeof id !== 'string' || id === '') {
      throw new ApiError('invalid_app_id', `Missing ${HEADERS.appId} header.`);
    }
    const found = id.length <= APP_ID_MAX_LENGTH ? await apps.find(id) : undefined;
    if (!found) throw new ApiError('invalid_app_id');
    checkOrigin(request, reply, found.allowedOrigins);
    request.gatehouseApp = found;
  });
}

/** The request's app; only valid on routes registered under `requireApp`. */
export function appOf(request: FastifyRequest): App {
  if (!request.gatehouseApp) throw new Error('appOf() used on a route without requireApp');
  return request.gatehouseApp;
}

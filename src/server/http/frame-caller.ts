import type { FastifyInstance } from 'fastify';
import { HEADERS } from '../../protocol/constants.js';
import { ApiError } from '../errors.js';
import type { Services } from '../services/index.js';

/** Longer ids cannot exist; not worth a database lookup. */
const APP_ID_MAX_LENGTH = 64;

/**
 * Hook of the wallet frame's scope (embedded-wallet and MFA endpoints): the `gatehouse-app-id`
 * header must name an existing app (else 403 invalid_app_id), and a browser request must come
 * from the provider's own origin, the wallet frame's (else 403 invalid_origin): a host page can
 * neither fetch shares nor obtain an MFA proof itself. No CORS headers: the frame's requests are
 * same-origin.
 */
export function requireFrameCaller(scope: FastifyInstance, services: Services, publicUrl: string): void {
  const providerOrigin = new URL(publicUrl).origin;
  scope.addHook('onRequest', async (request) => {
    const id = request.headers[HEADERS.appId];
    if (typeof id !== 'string' || id === '') {
      throw new ApiError('invalid_app_id', `Missing ${HEADERS.appId} header.`);
    }
    const found = id.length <= APP_ID_MAX_LENGTH ? await services.apps.find(id) : undefined;
    if (!found) throw new ApiError('invalid_app_id');
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== providerOrigin) throw new ApiError('invalid_origin');
    request.gatehouseApp = found;
  });
}

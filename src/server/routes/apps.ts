import type { FastifyInstance } from 'fastify';
import type { AppConfigWire } from '../../protocol/api.js';
import type { JwksResponse } from '../../protocol/server-api.js';
import { ApiError } from '../errors.js';
import { checkOrigin } from '../http/cors.js';
import { appToWire } from '../services/apps.js';
import type { Services } from '../services/index.js';

interface AppParams {
  appId: string;
}

/** The two public reads: app configuration and the JWKS host backends verify tokens with. */
export function appRoutes(app: FastifyInstance, services: Services): void {
  app.get<{ Params: AppParams }>('/api/v1/apps/:appId', async (request, reply): Promise<AppConfigWire> => {
    const found = await services.apps.find(request.params.appId);
    if (!found) throw new ApiError('app_not_found');
    checkOrigin(request, reply, found.allowedOrigins);
    const wire = services.captcha.withScriptUrl(appToWire(found, services.tokens.verificationKey));
    return services.onRamp.withOnRamp(found, wire);
  });

  app.get<{ Params: AppParams }>(
    '/api/v1/apps/:appId/jwks.json',
    async (request, reply): Promise<JwksResponse> => {
      if (!(await services.apps.find(request.params.appId))) throw new ApiError('app_not_found');
      // Public keys: any page or backend may read them.
      reply.header('Access-Control-Allow-Origin', '*').header('Cache-Control', 'public, max-age=300');
      return services.tokens.jwks;
    },
  );
}

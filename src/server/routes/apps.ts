import type { AppConfigWire } from '../../protocol/api.js';
import { ApiError } from '../errors.js';
import { APP_CONFIG } from '../http/app-config-schema.js';
import { checkOrigin } from '../http/cors.js';
import { appIdSchema } from '../http/fields.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import { publicConfig } from '../services/apps/app-settings.js';
import type { Services } from '../services/index.js';

const configSchema = { ...appIdSchema, response: { 200: APP_CONFIG } } as const;

/** The app configuration, the public read every page starts with. */
export function appRoutes(app: SchemaRoutes, services: Services): void {
  app.get('/api/v1/apps/:appId', { schema: configSchema }, async (request, reply): Promise<AppConfigWire> => {
    const found = await services.apps.find(request.params.appId);
    if (!found) throw new ApiError('app_not_found');
    checkOrigin(request, reply, found.allowedOrigins);
    return publicConfig(services, found);
  });
}

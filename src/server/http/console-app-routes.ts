import type { FastifyRequest } from 'fastify';
import { CONSOLE_API_PATHS } from '../../protocol/console.js';
import { CONSOLE_APP_PATHS } from '../../protocol/console-apps.js';
import type { SuccessResponse } from '../../protocol/server-api.js';
import { ConsoleApps } from '../services/console/console-apps.js';
import type { Services } from '../services/index.js';
import { CONSOLE_APP_SCHEMAS as S } from './console-app-schemas.js';
import type { ConsoleGuard } from './console-guard.js';
import type { SchemaRoutes } from './schema-types.js';

/**
 * The console's changes to apps: create, rename, delete (its name typed exactly), and their
 * settings, read and checked as `gatehouse apps set` does. The operator's session, its CSRF
 * token and the provider's origin are checked before the body is (a refusal says nothing of it).
 */
export function consoleAppRoutes(app: SchemaRoutes, services: Services, guard: ConsoleGuard): void {
  const apps = new ConsoleApps(services);
  const actors = new WeakMap<FastifyRequest, string>();
  const change = {
    preValidation: async (request: FastifyRequest) => {
      actors.set(request, (await guard.change(request)).session.operator.id);
    },
  };
  const actor = (request: FastifyRequest) => actors.get(request) as string;

  app.post(CONSOLE_API_PATHS.apps, { schema: S.create, ...change }, async (request, reply) => {
    const { name, allowed_origins: origins = [] } = request.body;
    const created = await apps.create(actor(request), name, origins);
    return reply.code(201).send(created);
  });

  app.patch(CONSOLE_APP_PATHS.app, { schema: S.rename, ...change }, async (request) =>
    apps.rename(actor(request), request.params.id, request.body.name),
  );

  app.delete(
    CONSOLE_APP_PATHS.app,
    { schema: S.remove, ...change },
    async (request): Promise<SuccessResponse> => {
      await apps.remove(actor(request), request.params.id, request.body.confirm);
      return { success: true };
    },
  );

  app.get(
    CONSOLE_APP_PATHS.settings,
    { schema: S.settings, preValidation: async (request) => void (await guard.operator(request)) },
    async (request) => apps.settings(request.params.id),
  );

  app.patch(CONSOLE_APP_PATHS.settings, { schema: S.change, ...change }, async (request) =>
    apps.changeSettings(actor(request), request.params.id, request.body),
  );
}

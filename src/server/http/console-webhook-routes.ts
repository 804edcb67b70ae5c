import type { FastifyRequest } from 'fastify';
import {
  DELIVERY_PAGE_DEFAULT,
  DELIVERY_PAGE_MAX,
  CONSOLE_WEBHOOK_PATHS as PATHS,
} from '../../protocol/console-webhooks.js';
import { ApiError } from '../errors.js';
import { ConsoleWebhooks } from '../services/console/console-webhooks.js';
import type { Services } from '../services/index.js';
import type { ConsoleGuard } from './console-guard.js';
import { CONSOLE_WEBHOOK_SCHEMAS as S } from './console-webhook-schemas.js';
import type { SchemaRoutes } from './schema-types.js';

function pageLimit(text: string | undefined): number {
  if (text === undefined) return DELIVERY_PAGE_DEFAULT;
  const limit = Number(text);
  if (limit < 1 || limit > DELIVERY_PAGE_MAX)
    throw new ApiError('invalid_data', `Invalid field 'limit': must be from 1 to ${DELIVERY_PAGE_MAX}.`);
  return limit;
}

/**
 * The console's webhooks of an app: settings (`apps set`'s `webhook.*`, its errors), a new signing
 * secret answered once, the deliveries newest first, and a delivery's replay. Reads need the
 * operator's session; changes its CSRF token too, checked before the body is.
 */
export function consoleWebhookRoutes(app: SchemaRoutes, services: Services, guard: ConsoleGuard): void {
  const webhooks = new ConsoleWebhooks(services);
  const actors = new WeakMap<FastifyRequest, string>();
  const change = {
    preValidation: async (request: FastifyRequest) => {
      actors.set(request, (await guard.change(request)).session.operator.id);
    },
  };
  const read = { preValidation: async (request: FastifyRequest) => void (await guard.operator(request)) };
  const actor = (request: FastifyRequest) => actors.get(request) as string;

  app.get(PATHS.webhooks, { schema: S.settings, ...read }, async (request) =>
    webhooks.settings(request.params.id),
  );

  app.patch(PATHS.webhooks, { schema: S.change, ...change }, async (request) =>
    webhooks.change(actor(request), request.params.id, request.body),
  );

  app.post(PATHS.secret, { schema: S.secret, ...change }, async (request, reply) => {
    const secret = await webhooks.rotateSecret(actor(request), request.params.id);
    // Shown once: never kept by a cache along the way.
    reply.header('cache-control', 'no-store');
    return { secret };
  });

  app.get(PATHS.deliveries, { schema: S.deliveries, ...read }, async (request) =>
    webhooks.deliveries(request.params.id, pageLimit(request.query.limit), request.query.cursor),
  );

  app.post(PATHS.replay, { schema: S.replay, ...change }, async (request) =>
    webhooks.replay(actor(request), request.params.id, request.params.delivery),
  );
}

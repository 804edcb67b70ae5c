import { CONSOLE_SECURITY_PATHS as PATHS } from '../../protocol/console-security.js';
import { signingKeyWire } from '../services/console/console-keys.js';
import { ConsoleSecurity } from '../services/console/console-security.js';
import type { ConsoleOperators } from '../services/console/operators.js';
import type { Services } from '../services/index.js';
import { type ConsoleGuard, operatorHooks } from './console-guard.js';
import { CONSOLE_SECURITY_SCHEMAS as S } from './console-security-schemas.js';
import type { SchemaRoutes } from './schema-types.js';

/**
 * The console's keys, API secrets and operators: `gatehouse keys list|rotate|retire`, `apps
 * secret` and `console users add|list|remove` through the same code, with the same refusals and
 * one audit row per change. Reads need the operator's session; changes its CSRF token too.
 */
export function consoleSecurityRoutes(
  app: SchemaRoutes,
  services: Services,
  guard: ConsoleGuard,
  operators: ConsoleOperators,
): void {
  const security = new ConsoleSecurity(services, operators);
  const { read, change, actor } = operatorHooks(guard);
  const keys = async () => ({ data: (await security.keys.list()).map(signingKeyWire) });

  app.get(PATHS.keys, { schema: S.keys, ...read }, keys);

  app.post(PATHS.keys, { schema: S.rotate, ...change }, async (request, reply) => {
    await security.rotateKey(actor(request));
    return reply.code(201).send(await keys());
  });

  app.post(PATHS.retireKey, { schema: S.retire, ...change }, async (request) => {
    await security.retireKey(actor(request), request.params.kid, request.body?.force === true);
    return keys();
  });

  app.get(PATHS.apiSecrets, { schema: S.apiSecrets, ...read }, async () => ({
    data: await security.apiSecrets(),
  }));

  app.post(PATHS.apiSecret, { schema: S.apiSecret, ...change }, async (request, reply) => {
    const made = await security.newApiSecret(actor(request), request.params.id);
    // Shown once: never kept by a cache along the way.
    reply.header('cache-control', 'no-store');
    return made;
  });

  app.get(PATHS.operators, { schema: S.operators, ...read }, async () => ({
    data: await security.listOperators(),
  }));

  app.post(PATHS.operators, { schema: S.addOperator, ...change }, async (request, reply) =>
    reply.code(201).send(await security.addOperator(actor(request), request.body.email)),
  );

  app.delete(PATHS.operator, { schema: S.removeOperator, ...change }, async (request) =>
    security.removeOperator(actor(request), request.params.id),
  );
}

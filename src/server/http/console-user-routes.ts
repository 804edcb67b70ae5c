import { CONSOLE_USER_PATHS as P } from '../../protocol/console-users.js';
import type { SuccessResponse } from '../../protocol/server-api.js';
import { ApiError } from '../errors.js';
import { userPage } from '../services/console/console-user-page.js';
import { searchUsers } from '../services/console/console-user-search.js';
import { ConsoleUsers } from '../services/console/console-users.js';
import type { Services } from '../services/index.js';
import { type ConsoleGuard, operatorHooks } from './console-guard.js';
import { CONSOLE_USER_SCHEMAS as S } from './console-user-schemas.js';
import type { SchemaRoutes } from './schema-types.js';

/**
 * The console's Users section: an app's users found and read (any operator), and the changes to
 * one (the operator's CSRF token too): revoke sessions, remove an MFA method, revoke a wallet's
 * device, delete the user. The session, CSRF token and origin are checked before the request is.
 */
export function consoleUserRoutes(app: SchemaRoutes, services: Services, guard: ConsoleGuard): void {
  const users = new ConsoleUsers(services);
  const { read, change, actor } = operatorHooks(guard);
  const done: SuccessResponse = { success: true };

  app.get(P.users, { schema: S.search, ...read }, async (request) => {
    if (!(await services.apps.find(request.params.id))) throw new ApiError('app_not_found');
    return searchUsers(services.db, request.params.id, request.query);
  });

  app.get(P.user, { schema: S.user, ...read }, async (request) =>
    userPage(services, request.params.id, request.params.user),
  );

  app.delete(P.user, { schema: S.remove, ...change }, async (request) => {
    const { id, user } = request.params;
    await users.remove(actor(request), id, user, request.body.confirm);
    return done;
  });

  app.delete(P.sessions, { schema: S.revokeAll, ...change }, async (request) => ({
    revoked: await users.revokeSessions(actor(request), request.params.id, request.params.user),
  }));

  app.delete(P.session, { schema: S.revokeOne, ...change }, async (request) => {
    const { id, user, session } = request.params;
    await users.revokeSession(actor(request), id, user, session);
    return done;
  });

  app.delete(P.mfa, { schema: S.removeMfa, ...change }, async (request) => {
    const { id, user, method } = request.params;
    await users.removeMfa(actor(request), id, user, method);
    return done;
  });

  app.delete(P.device, { schema: S.revokeDevice, ...change }, async (request) => {
    const { id, user, device } = request.params;
    await users.revokeDevice(actor(request), id, user, device);
    return done;
  });
}

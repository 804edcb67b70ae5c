import type { ForkSessionResponse, SessionUpdateResponse } from '../../protocol/api.js';
import { API_PATHS } from '../../protocol/api.js';
import type { SuccessResponse } from '../../protocol/server-api.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../errors.js';
import { appOf } from '../http/app-context.js';
import { authenticate, bearerToken } from '../http/authenticate.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import { SUCCESS, USER } from '../http/wire-schemas.js';
import type { Services } from '../services/index.js';
import type { UserReadRow } from '../services/users/user-queries.js';

/** Refresh tokens are 43 characters; anything much longer is not one. */
const REFRESH_TOKEN_MAX_LENGTH = 256;

const refreshTokenField = { type: 'string', maxLength: REFRESH_TOKEN_MAX_LENGTH } as const;

const refreshBody = { type: 'object', properties: { refresh_token: refreshTokenField } } as const;

const nullableString = { type: ['string', 'null'] } as const;

/** The session update response of §3: what the client does with its stored session. */
const SESSION_UPDATE = {
  type: 'object',
  required: ['session_update_action', 'token', 'refresh_token', 'user'],
  properties: {
    session_update_action: { type: 'string', enum: ['set', 'clear', 'ignore'] },
    token: nullableString,
    refresh_token: nullableString,
    // A nullable object, not anyOf: the serializer then need not validate to pick a branch.
    user: { ...USER, type: ['object', 'null'] },
  },
  additionalProperties: false,
} as const;

const schema = { body: refreshBody, response: { 200: SESSION_UPDATE } } as const;

const logoutSchema = { body: refreshBody, response: { 200: SUCCESS } } as const;

/** Fork and recover need the refresh token. */
const forkSchema = {
  body: {
    type: 'object',
    required: ['refresh_token'],
    properties: { refresh_token: { ...refreshTokenField, minLength: 1 } },
  },
  response: {
    200: {
      type: 'object',
      required: ['token', 'refresh_token', 'new_session_refresh_token'],
      properties: {
        token: { type: 'string' },
        refresh_token: { type: 'string' },
        new_session_refresh_token: { type: 'string', description: 'The new session, for another page.' },
      },
      additionalProperties: false,
    },
  },
} as const;

const recoverSchema = { body: forkSchema.body, response: { 200: SESSION_UPDATE } } as const;

/** A refresh token spent for the next one, as the session update response of §3 ('set'). */
async function refreshed(
  services: Services,
  appId: string,
  refreshToken: string,
  options: { singleUse?: boolean } = {},
): Promise<SessionUpdateResponse> {
  // The user is read in the refresh's transaction: one read transaction fewer on SQLite; on
  // PostgreSQL in the refresh's statement.
  const read = (userId: string, trx: Db) => services.users.get(userId, trx);
  const readRows = (rows: UserReadRow[]) => services.users.fromRows(rows);
  const outcome = await services.sessions.refresh(appId, refreshToken, { ...options, read, readRows });
  const user = outcome.ok ? outcome.read : undefined;
  if (!outcome.ok || !user) throw new ApiError('missing_or_invalid_token');
  return {
    session_update_action: 'set',
    token: await services.tokens.issue(appId, user.id, outcome.session.sessionId, outcome.session.authTime),
    refresh_token: outcome.session.refreshToken,
    user,
  };
}

/** Session refresh, logout, fork and forked-session recovery (§4.1, §7). */
export function sessionRoutes(app: SchemaRoutes, services: Services): void {
  app.post(API_PATHS.sessions, { schema }, async (request): Promise<SessionUpdateResponse> => {
    const current = appOf(request);
    const refreshToken = request.body.refresh_token;
    if (refreshToken) return refreshed(services, current.id, refreshToken);
    if (bearerToken(request) !== undefined) {
      const { user } = await authenticate(request, services);
      return { session_update_action: 'ignore', token: null, refresh_token: null, user };
    }
    return { session_update_action: 'clear', token: null, refresh_token: null, user: null };
  });

  app.post(API_PATHS.sessionsLogout, { schema: logoutSchema }, async (request): Promise<SuccessResponse> => {
    const current = appOf(request);
    const bearer = bearerToken(request);
    if (bearer !== undefined) {
      // An expired access token still names its session: logging out must not need a refresh first.
      const { claims } = await services.tokens.verify(bearer, current.id, { allowExpired: true });
      await services.sessions.revoke(current.id, claims.sid);
    }
    if (request.body.refresh_token) {
      await services.sessions.revokeByRefreshToken(current.id, request.body.refresh_token);
    }
    return { success: true };
  });

  app.post(API_PATHS.sessionsFork, { schema: forkSchema }, async (request): Promise<ForkSessionResponse> => {
    const current = appOf(request);
    const fork = await services.sessions.fork(current.id, request.body.refresh_token);
    if (!fork) throw new ApiError('missing_or_invalid_token');
    return {
      token: await services.tokens.issue(
        current.id,
        fork.current.userId,
        fork.current.sessionId,
        fork.current.authTime,
      ),
      refresh_token: fork.current.refreshToken,
      new_session_refresh_token: fork.forked.refreshToken,
    };
  });

  // The forked session's token arrives on another page (`gatehouse_token`), which starts from it (§4.1).
  app.post(
    API_PATHS.sessionsForkRecover,
    { schema: recoverSchema },
    async (request): Promise<SessionUpdateResponse> =>
      refreshed(services, appOf(request).id, request.body.refresh_token, { singleUse: true }),
  );
}

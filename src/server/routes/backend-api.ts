import {
  type RevokeSessionsResponse,
  SERVER_API_PATHS,
  type ServerUserResponse,
  USER_PAGE_DEFAULT,
  USER_PAGE_MAX,
  type UserPageResponse,
} from '../../protocol/backend-api.js';
import { WALLET_ACCOUNT_TYPE } from '../../protocol/wallet-api.js';
import { ApiError } from '../errors.js';
import { secretAppOf } from '../http/app-secret-auth.js';
import { idParams, NAME_FIELD } from '../http/fields.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import { USER, USER_ANSWER } from '../http/wire-schemas.js';
import type { Services } from '../services/index.js';

const addressParams = { type: 'object', required: ['address'], properties: { address: NAME_FIELD } } as const;

const userSchema = { params: idParams, response: { 200: USER_ANSWER } } as const;
const byAddressSchema = { params: addressParams, response: { 200: USER_ANSWER } } as const;
const pageSchema = {
  type: 'object',
  required: ['data', 'next_cursor'],
  properties: {
    data: { type: 'array', items: USER },
    next_cursor: { type: ['string', 'null'], description: 'Null on the last page.' },
  },
  additionalProperties: false,
} as const;
const revokeSchema = {
  params: idParams,
  response: {
    200: {
      type: 'object',
      required: ['revoked'],
      properties: { revoked: { type: 'integer', description: 'How many live sessions were revoked.' } },
      additionalProperties: false,
    },
  },
} as const;

const listQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    cursor: { type: 'string', minLength: 1, maxLength: 200 },
    // Query values are strings (no type coercion); 1 to USER_PAGE_MAX, checked by pageLimit.
    limit: { type: 'string', pattern: '^[0-9]{1,3}$' },
  },
} as const;

/** The `limit` of a list request, within 1…USER_PAGE_MAX (USER_PAGE_DEFAULT without one). */
function pageLimit(text: string | undefined): number {
  if (text === undefined) return USER_PAGE_DEFAULT;
  const limit = Number(text);
  if (limit < 1 || limit > USER_PAGE_MAX) {
    throw new ApiError('invalid_data', `Invalid field 'limit': must be from 1 to ${USER_PAGE_MAX}.`);
  }
  return limit;
}

/**
 * The server-to-server API, registered under `requireAppSecret`: a host's backend
 * looks up, lists and deletes its app's users and ends their sessions. The paths share
 * `/api/v1/users` with the client's `users/me/*` routes; no method and path pair is in both, and
 * a user id is never `me`.
 */
export function backendApiRoutes(app: SchemaRoutes, services: Services): void {
  const admin = services.userAdmin;
  app.get(
    SERVER_API_PATHS.user,
    { schema: userSchema },
    async (request): Promise<ServerUserResponse> => ({
      user: await admin.get(secretAppOf(request).id, request.params.id),
    }),
  );
  app.get(
    SERVER_API_PATHS.users,
    { schema: { querystring: listQuery, response: { 200: pageSchema } } },
    async (request): Promise<UserPageResponse> =>
      admin.list(secretAppOf(request).id, pageLimit(request.query.limit), request.query.cursor),
  );
  app.get(
    SERVER_API_PATHS.userByEmail,
    { schema: byAddressSchema },
    async (request): Promise<ServerUserResponse> => ({
      user: await admin.byAccount(
        secretAppOf(request).id,
        'email',
        request.params.address.trim().toLowerCase(),
      ),
    }),
  );
  app.get(
    SERVER_API_PATHS.userByWallet,
    { schema: byAddressSchema },
    async (request): Promise<ServerUserResponse> => ({
      user: await admin.byAccount(
        secretAppOf(request).id,
        WALLET_ACCOUNT_TYPE,
        request.params.address.toLowerCase(),
      ),
    }),
  );
  app.delete(
    SERVER_API_PATHS.user,
    { schema: userSchema },
    async (request): Promise<ServerUserResponse> => ({
      user: await admin.delete(secretAppOf(request).id, request.params.id),
    }),
  );
  app.post(
    SERVER_API_PATHS.userSessionsRevoke,
    { schema: revokeSchema },
    async (request): Promise<RevokeSessionsResponse> => ({
      revoked: await admin.revokeSessions(secretAppOf(request).id, request.params.id),
    }),
  );
}

import { API_PATHS, type AuthResult } from '../../protocol/api.js';
import { appOf } from '../http/app-context.js';
import { rateLimitAddress } from '../http/client-ip.js';
import { hitLimit } from '../http/limits.js';
import { logIn } from '../http/log-in.js';
import { requestLanguage } from '../http/message-language.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import { AUTH_RESULT } from '../http/wire-schemas.js';
import type { Services } from '../services/index.js';
import type { RateLimit } from '../services/sessions/rate-limit.js';

/** A JWT with a few claims and an RSA-4096 signature stays well under this. */
const TOKEN_MAX_LENGTH = 8192;
/** Each login with the host's token is one signature check (and maybe a JWKS fetch). */
const CUSTOM_AUTH_RATE_LIMIT: RateLimit = { max: 120, windowMs: 10 * 60_000 };

const schema = {
  body: {
    type: 'object',
    required: ['token'],
    properties: { token: { type: 'string', minLength: 1, maxLength: TOKEN_MAX_LENGTH } },
  },
  response: { 200: AUTH_RESULT },
} as const;

/** The host's own login (§7 `custom_jwt_account/authenticate`): its token in, an auth result out. */
export function customJwtAccountRoutes(app: SchemaRoutes, services: Services): void {
  app.post(API_PATHS.customJwtAuthenticate, { schema }, async (request): Promise<AuthResult> => {
    const current = appOf(request);
    await hitLimit(services, `custom_auth:ip:${rateLimitAddress(request)}`, CUSTOM_AUTH_RATE_LIMIT);
    const customUserId = await services.customAuth.verify(current.id, request.body.token);
    const account = { type: 'custom_auth', subject: customUserId, data: { custom_user_id: customUserId } };
    return logIn(services, current, account, undefined, requestLanguage(request));
  });
}

import type { JwksResponse } from '../../protocol/server-api.js';
import { ApiError } from '../errors.js';
import { appIdSchema } from '../http/fields.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import { JWK } from '../http/wire-schemas.js';
import type { Services } from '../services/index.js';
import { JWKS_MAX_AGE_SECONDS, SIGNING_ALG } from '../services/sessions/signing-keys.js';

/** Where the keys of every app are published (one set of keys signs every app's tokens). */
const JWKS_PATH = '/.well-known/jwks.json';
const DISCOVERY_PATH = '/.well-known/openid-configuration';

const JWKS_ANSWER = {
  type: 'object',
  required: ['keys'],
  properties: { keys: { type: 'array', items: JWK } },
  additionalProperties: false,
} as const;
const jwksSchema = { response: { 200: JWKS_ANSWER } } as const;
const strings = { type: 'array', items: { type: 'string' } } as const;
const discoverySchema = {
  response: {
    200: {
      type: 'object',
      required: ['issuer', 'jwks_uri', 'subject_types_supported', 'id_token_signing_alg_values_supported'],
      properties: {
        issuer: { type: 'string', description: 'The `iss` of the access tokens.' },
        jwks_uri: { type: 'string' },
        subject_types_supported: strings,
        id_token_signing_alg_values_supported: strings,
        claims_supported: strings,
      },
      additionalProperties: false,
    },
  },
} as const;

/** OpenID Connect discovery's document, as far as it is true of this provider: who signs, with what. */
interface DiscoveryResponse {
  issuer: string;
  jwks_uri: string;
  subject_types_supported: string[];
  id_token_signing_alg_values_supported: string[];
  claims_supported: string[];
}

/**
 * The public keys backends verify access tokens with: per app (`/api/v1/apps/:appId/jwks.json`,
 * the app's configuration names it) and at the issuer's `/.well-known/` (OpenID Connect discovery,
 * for libraries that find the keys from the `iss` of a token). Any page or backend may read them.
 */
export function keyRoutes(app: SchemaRoutes, services: Services): void {
  const publicKeys = async (reply: { header(name: string, value: string): unknown }) => {
    reply.header('Access-Control-Allow-Origin', '*');
    reply.header('Cache-Control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`);
    return services.tokens.publicKeys();
  };
  app.get(
    '/api/v1/apps/:appId/jwks.json',
    { schema: { ...appIdSchema, ...jwksSchema } },
    async (request, reply): Promise<JwksResponse> => {
      if (!(await services.apps.find(request.params.appId))) throw new ApiError('app_not_found');
      return publicKeys(reply);
    },
  );
  app.get(
    JWKS_PATH,
    { schema: jwksSchema },
    async (_request, reply): Promise<JwksResponse> => publicKeys(reply),
  );
  app.get(
    DISCOVERY_PATH,
    { schema: discoverySchema },
    async (_request, reply): Promise<DiscoveryResponse> => {
      const { issuer } = services.tokens;
      reply.header('Access-Control-Allow-Origin', '*').header('Cache-Control', 'public, max-age=3600');
      return {
        issuer,
        jwks_uri: `${issuer.replace(/\/+$/, '')}${JWKS_PATH}`,
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: [SIGNING_ALG],
        claims_supported: ['iss', 'sub', 'aud', 'exp', 'iat', 'sid', 'auth_time'],
      };
    },
  );
}

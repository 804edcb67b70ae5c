/**
 * Provider-side additions to the wire contract (api.ts): the answers of the endpoints that
 * api.ts leaves "not shown", the JWKS document and the health check.
 */

/** Answer of `passwordless/init` and `sessions/logout`. */
export interface SuccessResponse {
  success: true;
}

/** Public ES256 key as published in the JWKS document. */
export interface SigningJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
}

/** `GET /api/v1/apps/:appId/jwks.json`. */
export interface JwksResponse {
  keys: SigningJwk[];
}

/** `GET /healthz`. */
export interface HealthResponse {
  ok: true;
}

/** Path of the health check (outside /api/v1, no app id). */
export const HEALTH_PATH = '/healthz';

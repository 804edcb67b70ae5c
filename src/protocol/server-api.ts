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

/** Path of the health check (outside /api/v1, no app id): the process is up. */
export const HEALTH_PATH = '/healthz';

/** `GET /readyz`: 200 when the database answers and every migration is applied, else 503. */
export interface ReadinessResponse {
  ok: boolean;
  /** Why not ready (503): the database cannot be reached, or migrations are pending. */
  reason?: string;
}

/** Path of the readiness check: a load balancer sends traffic only while it answers 200. */
export const READY_PATH = '/readyz';

/** Path of the Prometheus metrics (GATEHOUSE_METRICS=true, or on GATEHOUSE_METRICS_PORT). */
export const METRICS_PATH = '/metrics';

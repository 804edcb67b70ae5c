import type { FastifyRequest } from 'fastify';
import type { UserWire } from '../../protocol/api.js';
import { ApiError } from '../errors.js';
import type { Services } from '../services/index.js';
import type { VerifiedToken } from '../services/sessions/tokens.js';
import { appOf } from './app-context.js';

/** The bearer token of the Authorization header; undefined without one, 401 when malformed. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw new ApiError('missing_or_invalid_token');
  return match[1];
}

export interface Authenticated extends VerifiedToken {
  user: UserWire;
}

/**
 * For endpoints that need a logged-in user: a valid access token of this app (signature, iss,
 * aud, exp) whose session is neither revoked nor expired. Otherwise 401 missing_or_invalid_token.
 */
export async function authenticate(request: FastifyRequest, services: Services): Promise<Authenticated> {
  const token = bearerToken(request);
  if (token === undefined) throw new ApiError('missing_or_invalid_token');
  const app = appOf(request);
  const verified = await services.tokens.verify(token, app.id);
  const user = await services.users.inSession(app.id, verified.claims.sid, verified.userId);
  if (!user) throw new ApiError('missing_or_invalid_token');
  return { ...verified, user };
}

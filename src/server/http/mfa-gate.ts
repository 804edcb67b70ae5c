import type { FastifyRequest } from 'fastify';
import { MFA_PROOF_HEADER } from '../../protocol/mfa-api.js';
import { ApiError } from '../errors.js';
import type { Services } from '../services/index.js';
import { MFA_PROOF_TTL_MS } from '../services/mfa/mfa.js';
import { appOf } from './app-context.js';
import type { Authenticated } from './authenticate.js';

/**
 * The MFA gate (§6): for a user with an enrolled method, the request must carry a proof
 * (MFA_PROOF_HEADER) of this app, user and session, at most `maxAgeMs` old; otherwise 403
 * missing_or_invalid_mfa, naming the user's `mfa_methods`. A user without MFA passes.
 */
export async function requireMfaProof(
  request: FastifyRequest,
  services: Services,
  auth: Authenticated,
  maxAgeMs = MFA_PROOF_TTL_MS,
): Promise<void> {
  if (auth.user.mfa_methods.length === 0) return;
  const proof = request.headers[MFA_PROOF_HEADER];
  const valid =
    typeof proof === 'string' &&
    (await services.mfa.checkProof(appOf(request).id, auth.userId, auth.claims.sid, proof, maxAgeMs));
  if (!valid) {
    // The frame asks for a code of one of these (protocol/surface.ts, purpose 'mfa').
    const methods = auth.user.mfa_methods.map((method) => method.type);
    throw new ApiError('missing_or_invalid_mfa', undefined, { mfa_methods: methods });
  }
}

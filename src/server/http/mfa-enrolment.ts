/**
 * What the provider's `mfa/*` routes share (routes/mfa.ts, routes/mfa-passkey.ts): who may enrol
 * a method, the step-up and fresh proof an enrolment needs, the per-user limit of codes checked,
 * and the proof a verification (or an enrolment) answers.
 */
import type { FastifyRequest } from 'fastify';
import type { UserWire } from '../../protocol/api.js';
import type { MfaMethod } from '../../protocol/mfa.js';
import type { MfaEnrollResponse, MfaProofResponse } from '../../protocol/mfa-api.js';
import { ApiError } from '../errors.js';
import type { Services } from '../services/index.js';
import { MFA_FRESH_PROOF_MS } from '../services/mfa/mfa.js';
import type { RateLimit } from '../services/sessions/rate-limit.js';
import { mfaChange } from './account-changes.js';
import { appOf } from './app-context.js';
import { type Authenticated, authenticate } from './authenticate.js';
import { hitLimit } from './limits.js';
import { requireMfaProof } from './mfa-gate.js';
import { withStepUp } from './step-up-gate.js';

const HOUR = 60 * 60_000;
/**
 * Codes checked (verify and enrol) and SMS sent, per user; SMS per IP. On top of the challenge's
 * MFA_MAX_ATTEMPTS: with the short lockouts of §9 alone, guessing authenticator codes would
 * go on at 4 tries every 10 seconds.
 */
export const MFA_LIMITS: { codesPerUser: RateLimit; smsPerUser: RateLimit; smsPerIp: RateLimit } = {
  codesPerUser: { max: 20, windowMs: HOUR },
  smsPerUser: { max: 10, windowMs: HOUR },
  smsPerIp: { max: 60, windowMs: 10 * 60_000 },
};

/** Enrolling `method`: the app offers it, and SMS is not the phone the user logs in with. */
export async function admitMethod(
  request: FastifyRequest,
  services: Services,
  method: MfaMethod,
): Promise<Authenticated> {
  const auth = await authenticate(request, services);
  if (!appOf(request).config.mfa_methods.includes(method)) {
    throw new ApiError('disallowed_login_method', 'This MFA method is not enabled for this app.');
  }
  if (method === 'sms' && auth.user.linked_accounts.some((account) => account.type === 'phone')) {
    // A phone that logs in cannot also be the second factor (§2.3: SMS disabled when a phone exists).
    throw new ApiError(
      'disallowed_login_method',
      'SMS cannot be the second factor of an account that logs in with a phone number.',
    );
  }
  return auth;
}

/**
 * Enrolling: admitMethod, and a user who already has a method shows a fresh proof (§4.8: adding
 * a method needs verification when one is enrolled).
 */
export async function admitEnrolment(
  request: FastifyRequest,
  services: Services,
  method: MfaMethod,
): Promise<Authenticated> {
  const auth = await admitMethod(request, services, method);
  await requireMfaProof(request, services, auth, MFA_FRESH_PROOF_MS);
  return auth;
}

/**
 * Starting an enrolment: for a user with a wallet the step-up comes first (an MFA code approving
 * it also answers the fresh proof, so one code does both), then admitEnrolment's proof.
 */
export async function beginEnrolment<T>(
  request: FastifyRequest,
  services: Services,
  method: MfaMethod,
  number: string | undefined,
  begin: (auth: Authenticated) => Promise<T>,
): Promise<T> {
  const auth = await admitMethod(request, services, method);
  return withStepUp(request, services, auth, mfaChange('mfa_enroll', method, number), async () => {
    await requireMfaProof(request, services, auth, MFA_FRESH_PROOF_MS);
    return begin(auth);
  });
}

/** Counts a code checked for the user (MFA_LIMITS.codesPerUser). */
export function limitCodes(request: FastifyRequest, services: Services, auth: Authenticated): Promise<void> {
  return hitLimit(services, `mfa_codes:user:${appOf(request).id}:${auth.userId}`, MFA_LIMITS.codesPerUser);
}

export const proofFor = (
  request: FastifyRequest,
  services: Services,
  auth: Authenticated,
): Promise<MfaProofResponse> => services.mfa.issueProof(appOf(request).id, auth.userId, auth.claims.sid);

export async function enrolled(
  request: FastifyRequest,
  services: Services,
  auth: Authenticated,
): Promise<MfaEnrollResponse> {
  const proof = await proofFor(request, services, auth);
  return { user: (await services.users.get(auth.userId)) as UserWire, ...proof };
}

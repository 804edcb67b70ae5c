/**
 * `mfa/passkey/*` (protocol/mfa-api.ts): a passkey as the second factor. Enrolling is init (after
 * the step-up of a user with a wallet and the fresh proof of a user with a method, as the
 * authenticator's secret is) then an assertion by one of the user's passkeys over its challenge,
 * which only serves that enrolment; the provider records the `passkey` method. Verifying takes an
 * assertion over a `passkeys/verify/init` challenge and answers a proof as the code verifications do.
 */
import { MFA_API_PATHS, type MfaEnrollResponse, type MfaProofResponse } from '../../protocol/mfa-api.js';
import type { PasskeyOptionsResponse } from '../../protocol/passkey.js';
import { ApiError } from '../errors.js';
import { appOf } from '../http/app-context.js';
import { authenticate } from '../http/authenticate.js';
import { hitLimit, PASSKEY_INIT_RATE_LIMITS } from '../http/limits.js';
import {
  admitEnrolment,
  admitMethod,
  beginEnrolment,
  enrolled,
  limitCodes,
  proofFor,
} from '../http/mfa-enrolment.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import { MFA_ENROLLED, MFA_PROOF, PASSKEY_CREDENTIAL_BODY, PASSKEY_OPTIONS } from '../http/wire-schemas.js';
import type { Services } from '../services/index.js';

const initSchema = { response: { 200: PASSKEY_OPTIONS } } as const;
const enrollSchema = { body: PASSKEY_CREDENTIAL_BODY, response: { 200: MFA_ENROLLED } } as const;
const verifySchema = { body: PASSKEY_CREDENTIAL_BODY, response: { 200: MFA_PROOF } } as const;

export function mfaPasskeyRoutes(scope: SchemaRoutes, services: Services): void {
  const { mfa, passkeys } = services;
  scope.post(
    MFA_API_PATHS.passkeyInit,
    { schema: initSchema },
    async (request): Promise<PasskeyOptionsResponse> => {
      const app = appOf(request);
      const { userId } = await admitMethod(request, services, 'passkey');
      // Refused before any step-up: a user without a passkey adds one first (its own step-up).
      await mfa.refuseEnrolled(userId, 'passkey');
      if ((await passkeys.ofUser(app.id, userId)).length === 0) throw new ApiError('passkey_not_found');
      await hitLimit(services, `passkey_init:user:${app.id}:${userId}`, PASSKEY_INIT_RATE_LIMITS.perUser);
      return beginEnrolment(request, services, 'passkey', undefined, async (auth) => ({
        options: await passkeys.authenticationOptions(app.id, auth.userId, 'mfa_enroll'),
      }));
    },
  );

  scope.post(
    MFA_API_PATHS.passkeyEnroll,
    { schema: enrollSchema },
    async (request): Promise<MfaEnrollResponse> => {
      const auth = await admitEnrolment(request, services, 'passkey');
      const app = appOf(request);
      await mfa.refuseEnrolled(auth.userId, 'passkey');
      await limitCodes(request, services, auth);
      const answer = request.body.response;
      const passkey = await passkeys.verifyAssertion(app, 'mfa_enroll', auth.userId, answer);
      await mfa.enrollPasskey(app.id, auth.userId, passkey.credential_id);
      return enrolled(request, services, auth);
    },
  );

  scope.post(
    MFA_API_PATHS.passkeyVerify,
    { schema: verifySchema },
    async (request): Promise<MfaProofResponse> => {
      const auth = await authenticate(request, services);
      const app = appOf(request);
      await mfa.requireEnrolled(auth.userId, 'passkey');
      await limitCodes(request, services, auth);
      await passkeys.verifyAssertion(app, 'verify', auth.userId, request.body.response);
      return proofFor(request, services, auth);
    },
  );
}

/**
 * `mfa/passkey/*` (protocol/mfa-api.ts): a passkey as the second factor. Both take an assertion by
 * one of the user's passkeys over a `passkeys/verify/init` challenge (single use, of this user):
 * enrolling records the `passkey` method (with a wallet, under a step-up; with a method already,
 * after a fresh proof), verifying answers a proof as the code verifications do.
 */
import {
  MFA_API_PATHS,
  type MfaEnrollResponse,
  type MfaPasskeyBody,
  type MfaProofResponse,
} from '../../protocol/mfa-api.js';
import { mfaChange } from '../http/account-changes.js';
import { appOf } from '../http/app-context.js';
import { authenticate } from '../http/authenticate.js';
import { requireMfaProof } from '../http/mfa-gate.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import { withStepUp } from '../http/step-up-gate.js';
import { MFA_ENROLLED, MFA_PROOF } from '../http/wire-schemas.js';
import type { Services } from '../services/index.js';
import { MFA_FRESH_PROOF_MS } from '../services/mfa/mfa.js';
import { admitMethod, enrolled, limitCodes, proofFor } from './mfa.js';
import { credentialBody } from './passkeys.js';

const enrollSchema = { body: credentialBody, response: { 200: MFA_ENROLLED } } as const;
const verifySchema = { body: credentialBody, response: { 200: MFA_PROOF } } as const;

export function mfaPasskeyRoutes(scope: SchemaRoutes, services: Services): void {
  const { mfa, passkeys } = services;
  scope.post<{ Body: MfaPasskeyBody }>(
    MFA_API_PATHS.passkeyEnroll,
    { schema: enrollSchema },
    async (request): Promise<MfaEnrollResponse> => {
      const auth = await admitMethod(request, services, 'passkey');
      const app = appOf(request);
      // The step-up and the proof before the challenge is spent: the same assertion is sent again.
      await withStepUp(request, services, auth, mfaChange('mfa_enroll', 'passkey'), async () => {
        await requireMfaProof(request, services, auth, MFA_FRESH_PROOF_MS);
        await mfa.refuseEnrolled(auth.userId, 'passkey');
        await limitCodes(request, services, auth);
        const passkey = await passkeys.verifyAssertion(app, 'verify', auth.userId, request.body.response);
        await mfa.enrollPasskey(app.id, auth.userId, passkey.credential_id);
      });
      return enrolled(request, services, auth);
    },
  );

  scope.post<{ Body: MfaPasskeyBody }>(
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

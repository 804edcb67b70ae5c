/**
 * A passkey as the second factor (protocol/mfa-api.ts `mfa/passkey/*`). Enrolling: the step-up
 * or verification the provider asks first (on the request's prompt), then an assertion by one of
 * the user's passkeys over the enrolment's challenge, in the surface (a user with none adds one
 * there first, as `passkey:link`). Verifying: an assertion over a `verifyInit` challenge, its
 * proof kept by the frame (demands.ts).
 */
import type { MfaEnrollResponse } from '../protocol/mfa-api.js';
import { PASSKEY_ERRORS } from '../protocol/passkey.js';
import type { MfaPasskeyVerification } from './demands.js';
import type { MfaClient } from './mfa-client.js';
import type { MfaSession } from './mfa-session.js';
import type { PasskeyApi } from './passkey-api.js';
import { openIn, runCeremony, showOn } from './passkey-ceremony.js';
import { forUser, linkPasskey, type PasskeyDeps } from './passkey-link.js';
import { WalletApiError } from './provider-call.js';
import type { RequestScope } from './request-scope.js';

export interface PasskeyMfaDeps extends PasskeyDeps {
  mfa: MfaClient;
  session: MfaSession;
}

const noPasskey = (error: unknown) =>
  error instanceof WalletApiError && error.code === PASSKEY_ERRORS.unknownCredential.code;

/** Enrols `passkey` for the user: the provider's answer (the user, and a proof). */
export function enrollPasskeyMfa(
  deps: PasskeyMfaDeps,
  scope: RequestScope,
  accessToken: string,
  address: string | null,
): Promise<MfaEnrollResponse> {
  const ask = forUser(deps, scope, accessToken, address);
  const proof = () => deps.session.proofFor(accessToken);
  const init = () => ask(() => deps.mfa.initPasskey(accessToken, proof()));
  const options = async () => {
    try {
      return await init();
    } catch (error) {
      if (!noPasskey(error)) throw error;
      await linkPasskey(deps, scope, accessToken, { purpose: 'link', prf: false, address });
      return init();
    }
  };
  return runCeremony(openIn(scope), {
    view: { purpose: 'step-up', ceremony: 'get', prf: false, canSignUp: false },
    options,
    submit: (action) => ask(() => deps.mfa.enrollPasskey(accessToken, action.credential, proof())),
  });
}

/** The MFA verification's `passkey`: an assertion on the verification's prompt, the provider's proof. */
export function passkeyMfaVerification(api: PasskeyApi, mfa: MfaClient): MfaPasskeyVerification {
  return (prompt, accessToken, anotherWay) =>
    runCeremony(showOn(prompt), {
      view: { purpose: 'step-up', ceremony: 'get', prf: false, canSignUp: false, anotherWay },
      options: () => api.verifyInit(accessToken),
      submit: (action) => mfa.verifyPasskey(accessToken, action.credential),
    });
}

/**
 * A passkey as the second factor (protocol/mfa-api.ts `mfa/passkey/*`). Enrolling: an assertion
 * by one of the user's passkeys over a `verifyInit` challenge, in the surface (a user with none
 * adds one there first, as `passkey:link`); a step-up or a verification the provider asks comes on
 * the same prompt, and the same assertion goes again after it. Verifying: the same assertion, its
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
  const options = async () => {
    try {
      return await ask(() => deps.api.verifyInit(accessToken));
    } catch (error) {
      if (!noPasskey(error)) throw error;
      await linkPasskey(deps, scope, accessToken, { purpose: 'link', prf: false, address });
      return ask(() => deps.api.verifyInit(accessToken));
    }
  };
  return runCeremony(openIn(scope), {
    view: { purpose: 'step-up', ceremony: 'get', prf: false, canSignUp: false },
    options,
    submit: (action) =>
      ask(() => deps.mfa.enrollPasskey(accessToken, action.credential, deps.session.proofFor(accessToken))),
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

/**
 * The frame's client of the provider's passkey endpoints (protocol/passkey.ts) and of the step-up's
 * `passkey` factor: the options of a ceremony, then the credential the surface gave. A login or a
 * sign-up has no access token yet (the calls go without a bearer); the rest carry the user's.
 */
import type { AuthResult, UserWire } from '../protocol/api.js';
import {
  PASSKEY_API_PATHS,
  type PasskeyCredentialJSON,
  type PasskeyInitBody,
  type PasskeyOptionsJSON,
  type PasskeyOptionsResponse,
  type PasskeyVerifyBody,
} from '../protocol/passkey.js';
import { STEP_UP_PATHS, type StepUpApprovedResponse, type StepUpPasskeyBody } from '../protocol/step-up.js';
import type { ProviderCall } from './provider-call.js';

/** No access token: the call goes without a bearer. */
const ANONYMOUS = '';

export interface PasskeyApi {
  loginInit(body: PasskeyInitBody): Promise<PasskeyOptionsJSON>;
  login(credential: PasskeyCredentialJSON): Promise<AuthResult>;
  /** `accessToken` empty: a sign-up's options; else a link's for that user. */
  registerInit(accessToken: string, body: PasskeyInitBody): Promise<PasskeyOptionsJSON>;
  signup(credential: PasskeyCredentialJSON): Promise<AuthResult>;
  link(accessToken: string, credential: PasskeyCredentialJSON): Promise<UserWire>;
  /** An assertion's options over the user's passkeys (the step-up factor, the recovery's PRF). */
  verifyInit(accessToken: string): Promise<PasskeyOptionsJSON>;
  approveStepUp(
    accessToken: string,
    ticketId: string,
    credential: PasskeyCredentialJSON,
  ): Promise<StepUpApprovedResponse>;
}

export function passkeyApi(call: ProviderCall): PasskeyApi {
  const options = async (path: string, accessToken: string, body: PasskeyInitBody) =>
    (await call<PasskeyOptionsResponse>(path, accessToken, body)).options;
  const verify = <T>(path: string, accessToken: string, credential: PasskeyCredentialJSON) =>
    call<T>(path, accessToken, { response: credential } satisfies PasskeyVerifyBody);
  return {
    loginInit: (body) => options(PASSKEY_API_PATHS.loginInit, ANONYMOUS, body),
    login: (credential) => verify(PASSKEY_API_PATHS.login, ANONYMOUS, credential),
    registerInit: (accessToken, body) => options(PASSKEY_API_PATHS.registerInit, accessToken, body),
    signup: (credential) => verify(PASSKEY_API_PATHS.signup, ANONYMOUS, credential),
    link: (accessToken, credential) => verify(PASSKEY_API_PATHS.link, accessToken, credential),
    verifyInit: (accessToken) => options(PASSKEY_API_PATHS.verifyInit, accessToken, {}),
    approveStepUp: (accessToken, ticketId, credential) =>
      call(STEP_UP_PATHS.approveWithPasskey(ticketId), accessToken, {
        response: credential,
      } satisfies StepUpPasskeyBody),
  };
}

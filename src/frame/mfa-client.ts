/**
 * The frame's client of the provider's `mfa/*` endpoints (src/protocol/mfa-api.ts). Only the frame
 * calls them (the provider refuses other origins), so proofs never reach the host page.
 */
import type { MfaMethod } from '../protocol/mfa.js';
import {
  MFA_API_PATHS,
  MFA_SMS_ACTIONS,
  type MfaEnrollResponse,
  type MfaPasskeyBody,
  type MfaProofResponse,
  type MfaTotpInitResponse,
  type MfaUserResponse,
} from '../protocol/mfa-api.js';
import type {
  PasskeyCredentialJSON,
  PasskeyOptionsJSON,
  PasskeyOptionsResponse,
} from '../protocol/passkey.js';
import { type ProviderCallOptions, providerCall } from './provider-call.js';

/** `mfaProof`: the frame's proof, needed to enrol a second method or to remove one. */
export interface MfaClient {
  sendVerificationSms(accessToken: string): Promise<void>;
  sendEnrolmentSms(accessToken: string, phoneNumber: string, mfaProof?: string): Promise<void>;
  enrollSms(
    accessToken: string,
    phoneNumber: string,
    code: string,
    mfaProof?: string,
  ): Promise<MfaEnrollResponse>;
  initTotp(accessToken: string, mfaProof?: string): Promise<MfaTotpInitResponse>;
  enrollTotp(accessToken: string, code: string, mfaProof?: string): Promise<MfaEnrollResponse>;
  verify(accessToken: string, method: 'sms' | 'totp', code: string): Promise<MfaProofResponse>;
  /** `passkey`: the enrolment's challenge, then an assertion over it (in the surface). */
  initPasskey(accessToken: string, mfaProof?: string): Promise<PasskeyOptionsJSON>;
  enrollPasskey(
    accessToken: string,
    credential: PasskeyCredentialJSON,
    mfaProof?: string,
  ): Promise<MfaEnrollResponse>;
  verifyPasskey(accessToken: string, credential: PasskeyCredentialJSON): Promise<MfaProofResponse>;
  unenroll(accessToken: string, method: MfaMethod, mfaProof?: string): Promise<MfaUserResponse>;
}

export function mfaClient(options: ProviderCallOptions): MfaClient {
  const call = providerCall(options);
  return {
    async sendVerificationSms(accessToken) {
      await call(MFA_API_PATHS.smsInit, accessToken, { action: MFA_SMS_ACTIONS.verify });
    },
    async sendEnrolmentSms(accessToken, phoneNumber, mfaProof) {
      await call(
        MFA_API_PATHS.smsInit,
        accessToken,
        { action: MFA_SMS_ACTIONS.enroll, phoneNumber },
        { mfa: mfaProof },
      );
    },
    enrollSms: (accessToken, phoneNumber, code, mfaProof) =>
      call(MFA_API_PATHS.smsEnroll, accessToken, { phoneNumber, code }, { mfa: mfaProof }),
    initTotp: (accessToken, mfaProof) => call(MFA_API_PATHS.totpInit, accessToken, {}, { mfa: mfaProof }),
    enrollTotp: (accessToken, code, mfaProof) =>
      call(MFA_API_PATHS.totpEnroll, accessToken, { code }, { mfa: mfaProof }),
    verify: (accessToken, method, code) =>
      call(method === 'sms' ? MFA_API_PATHS.smsVerify : MFA_API_PATHS.totpVerify, accessToken, { code }),
    initPasskey: async (accessToken, mfaProof) =>
      (await call<PasskeyOptionsResponse>(MFA_API_PATHS.passkeyInit, accessToken, {}, { mfa: mfaProof }))
        .options,
    enrollPasskey: (accessToken, credential, mfaProof) =>
      call(MFA_API_PATHS.passkeyEnroll, accessToken, { response: credential } satisfies MfaPasskeyBody, {
        mfa: mfaProof,
      }),
    verifyPasskey: (accessToken, credential) =>
      call(MFA_API_PATHS.passkeyVerify, accessToken, { response: credential } satisfies MfaPasskeyBody),
    unenroll: (accessToken, method, mfaProof) =>
      call(MFA_API_PATHS.unenroll, accessToken, { method }, { mfa: mfaProof }),
  };
}

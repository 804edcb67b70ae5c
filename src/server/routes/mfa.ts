import type { FastifyRequest } from 'fastify';
import type { UserWire } from '../../protocol/api.js';
import { MFA_METHODS } from '../../protocol/mfa.js';
import {
  MFA_API_PATHS,
  MFA_SMS_ACTIONS,
  type MfaCodeSentResponse,
  type MfaEnrollResponse,
  type MfaProofResponse,
  type MfaTotpInitResponse,
  type MfaUserResponse,
} from '../../protocol/mfa-api.js';
import { ApiError } from '../errors.js';
import { mfaChange } from '../http/account-changes.js';
import { appOf } from '../http/app-context.js';
import { type Authenticated, authenticate } from '../http/authenticate.js';
import { MFA_CODE_FIELD, PHONE_FIELD } from '../http/fields.js';
import { hitLimit } from '../http/limits.js';
import { messageLanguage } from '../http/message-language.js';
import {
  admitEnrolment,
  beginEnrolment,
  enrolled,
  limitCodes,
  MFA_LIMITS,
  proofFor,
} from '../http/mfa-enrolment.js';
import { requireMfaProof } from '../http/mfa-gate.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import { withStepUp } from '../http/step-up-gate.js';
import { MFA_ENROLLED, MFA_PROOF, SUCCESS, USER_ANSWER } from '../http/wire-schemas.js';
import type { Services } from '../services/index.js';
import { normalizePhoneNumber } from '../services/login/sms.js';
import { MFA_FRESH_PROOF_MS } from '../services/mfa/mfa.js';
import { totpUri } from '../services/mfa/totp.js';

const codeBody = { type: 'object', required: ['code'], properties: { code: MFA_CODE_FIELD } } as const;
const verifySchema = { body: codeBody, response: { 200: MFA_PROOF } } as const;
const totpEnrollSchema = { body: codeBody, response: { 200: MFA_ENROLLED } } as const;
const totpInitSchema = {
  response: {
    200: {
      type: 'object',
      required: ['authUrl', 'secret'],
      properties: { authUrl: { type: 'string' }, secret: { type: 'string', description: 'Base32.' } },
      additionalProperties: false,
    },
  },
} as const;
const smsInitSchema = {
  body: {
    type: 'object',
    required: ['action'],
    properties: { action: { type: 'string', maxLength: 32 }, phoneNumber: PHONE_FIELD },
  },
  response: { 200: SUCCESS },
} as const;
const smsEnrollSchema = {
  body: {
    type: 'object',
    required: ['phoneNumber', 'code'],
    properties: { phoneNumber: PHONE_FIELD, code: MFA_CODE_FIELD },
  },
  response: { 200: MFA_ENROLLED },
} as const;
const unenrollSchema = {
  body: {
    type: 'object',
    required: ['method'],
    properties: { method: { type: 'string', enum: [...MFA_METHODS] } },
  },
  response: { 200: USER_ANSWER },
} as const;

/** The authenticator entry's account name: the user's email, else phone number, else id. */
function accountLabel(user: UserWire): string {
  const field = (type: string, name: string): unknown =>
    (user.linked_accounts.find((account) => account.type === type) as Record<string, unknown> | undefined)?.[
      name
    ];
  const label = [field('email', 'address'), field('phone', 'number')].find(
    (value) => typeof value === 'string',
  );
  return typeof label === 'string' ? label : user.id;
}

/** The user of the token, within the per-user limit of codes checked. */
async function codeChecker(request: FastifyRequest, services: Services): Promise<Authenticated> {
  const auth = await authenticate(request, services);
  await limitCodes(request, services, auth);
  return auth;
}

/** Within the SMS limits, issues a code (`issue`) and texts it. */
async function textCode(
  request: FastifyRequest,
  services: Services,
  userId: string,
  issue: () => Promise<{ number: string; code: string }>,
): Promise<void> {
  await hitLimit(services, `mfa_sms:ip:${request.ip}`, MFA_LIMITS.smsPerIp);
  await hitLimit(services, `mfa_sms:user:${appOf(request).id}:${userId}`, MFA_LIMITS.smsPerUser);
  const { number, code } = await issue();
  const language = await messageLanguage(request, services.db, { userId });
  try {
    await services.sms.sendVerificationCode(appOf(request), number, code, language);
  } catch (error) {
    request.log.error({ err: error }, 'SMS verification code not delivered');
    throw new ApiError('twilio_verification_failed');
  }
}

/** `mfa/passwordless_sms/*`: codes through the SMS service, with the one-time-code rules of login. */
function smsRoutes(scope: SchemaRoutes, services: Services): void {
  const { mfa } = services;
  scope.post(
    MFA_API_PATHS.smsInit,
    { schema: smsInitSchema },
    async (request): Promise<MfaCodeSentResponse> => {
      const { action, phoneNumber } = request.body;
      const appId = appOf(request).id;
      if (action === MFA_SMS_ACTIONS.enroll) {
        if (phoneNumber === undefined) throw new ApiError('invalid_data', "Missing field 'phoneNumber'.");
        const number = await normalizePhoneNumber(phoneNumber);
        await beginEnrolment(request, services, 'sms', number, (auth) =>
          textCode(request, services, auth.userId, async () => ({
            number,
            code: await mfa.smsEnrolmentCode(appId, auth.userId, number),
          })),
        );
      } else {
        const { userId } = await authenticate(request, services);
        await textCode(request, services, userId, () => mfa.smsVerificationCode(appId, userId));
      }
      return { success: true };
    },
  );

  scope.post(
    MFA_API_PATHS.smsEnroll,
    { schema: smsEnrollSchema },
    async (request): Promise<MfaEnrollResponse> => {
      const auth = await admitEnrolment(request, services, 'sms');
      await limitCodes(request, services, auth);
      const number = await normalizePhoneNumber(request.body.phoneNumber);
      await mfa.enrollSms(appOf(request).id, auth.userId, number, request.body.code);
      return enrolled(request, services, auth);
    },
  );

  scope.post(
    MFA_API_PATHS.smsVerify,
    { schema: verifySchema },
    async (request): Promise<MfaProofResponse> => {
      const auth = await codeChecker(request, services);
      await mfa.verifySms(appOf(request).id, auth.userId, request.body.code);
      return proofFor(request, services, auth);
    },
  );
}

/** `mfa/totp/*`: an authenticator app (RFC 6238). */
function totpRoutes(scope: SchemaRoutes, services: Services): void {
  const { mfa } = services;
  scope.post(
    MFA_API_PATHS.totpInit,
    { schema: totpInitSchema },
    async (request): Promise<MfaTotpInitResponse> => {
      return beginEnrolment(request, services, 'totp', undefined, async (auth) => {
        const secret = await mfa.beginTotp(appOf(request).id, auth.userId);
        return { authUrl: totpUri(secret, appOf(request).name, accountLabel(auth.user)), secret };
      });
    },
  );

  scope.post(
    MFA_API_PATHS.totpEnroll,
    { schema: totpEnrollSchema },
    async (request): Promise<MfaEnrollResponse> => {
      const auth = await admitEnrolment(request, services, 'totp');
      await limitCodes(request, services, auth);
      await mfa.enrollTotp(appOf(request).id, auth.userId, request.body.code);
      return enrolled(request, services, auth);
    },
  );

  scope.post(
    MFA_API_PATHS.totpVerify,
    { schema: verifySchema },
    async (request): Promise<MfaProofResponse> => {
      const auth = await codeChecker(request, services);
      await mfa.verifyTotp(appOf(request).id, auth.userId, request.body.code);
      return proofFor(request, services, auth);
    },
  );
}

/**
 * The `mfa/*` endpoints (protocol/mfa-api.ts), for the wallet frame only (registered under
 * requireFrameCaller): enrolment and verification by authenticator app and by SMS, and removal.
 * A verification (and an enrolment) answers a proof for the session of the access token.
 */
export function mfaRoutes(scope: SchemaRoutes, services: Services): void {
  smsRoutes(scope, services);
  totpRoutes(scope, services);
  scope.post(
    MFA_API_PATHS.unenroll,
    { schema: unenrollSchema },
    async (request): Promise<MfaUserResponse> => {
      const auth = await authenticate(request, services);
      const { method } = request.body;
      // The step-up first: an MFA code approving it is also the fresh proof.
      await withStepUp(request, services, auth, mfaChange('mfa_unenroll', method), async () => {
        await requireMfaProof(request, services, auth, MFA_FRESH_PROOF_MS);
        await services.mfa.unenroll(auth.userId, method);
      });
      return { user: (await services.users.get(auth.userId)) as UserWire };
    },
  );
}

import type { FastifyRequest } from 'fastify';
import type { UserWire } from '../../protocol/api.js';
import { MFA_METHODS, type MfaMethod } from '../../protocol/mfa.js';
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
import { requireMfaProof } from '../http/mfa-gate.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import { withStepUp } from '../http/step-up-gate.js';
import { MFA_ENROLLED, MFA_PROOF, SUCCESS, USER_ANSWER } from '../http/wire-schemas.js';
import type { Services } from '../services/index.js';
import { normalizePhoneNumber } from '../services/login/sms.js';
import { MFA_FRESH_PROOF_MS } from '../services/mfa/mfa.js';
import { totpUri } from '../services/mfa/totp.js';
import type { RateLimit } from '../services/sessions/rate-limit.js';

const HOUR = 60 * 60_000;
/**
 * Codes checked (verify and enrol) and SMS sent, per user; SMS per IP. On top of the challenge's
 * MFA_MAX_ATTEMPTS: with the short lockouts of §9 alone, guessing authenticator codes would
 * go on at 4 tries every 10 seconds.
 */
const MFA_LIMITS: { codesPerUser: RateLimit; smsPerUser: RateLimit; smsPerIp: RateLimit } = {
  codesPerUser: { max: 20, windowMs: HOUR },
  smsPerUser: { max: 10, windowMs: HOUR },
  smsPerIp: { max: 60, windowMs: 10 * 60_000 },
};

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
  try {
    await services.sms.sendVerificationCode(appOf(request), number, code);
  } catch (error) {
    request.log.error({ err: error }, 'SMS verification code not delivered');
    throw new ApiError('twilio_verification_failed');
  }
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

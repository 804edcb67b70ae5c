import type { FastifyRequest } from 'fastify';
import type { AuthResult, UserWire } from '../../protocol/api.js';
import { API_PATHS } from '../../protocol/api.js';
import type { SuccessResponse } from '../../protocol/server-api.js';
import { ApiError } from '../errors.js';
import { phoneChange } from '../http/account-changes.js';
import { appOf } from '../http/app-context.js';
import { authenticate } from '../http/authenticate.js';
import { clientAddress, rateLimitAddress } from '../http/client-ip.js';
import { CAPTCHA_TOKEN_FIELD, LOCALE_FIELD, PHONE_FIELD, STRING_FIELD } from '../http/fields.js';
import { hitLimits } from '../http/limits.js';
import { logIn } from '../http/log-in.js';
import { messageLanguage, requestLanguage } from '../http/message-language.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import { withStepUp } from '../http/step-up-gate.js';
import { AUTH_RESULT, SUCCESS, USER } from '../http/wire-schemas.js';
import type { App } from '../services/apps/apps.js';
import type { Services } from '../services/index.js';
import { normalizePhoneNumber } from '../services/login/sms.js';
import type { RateLimits } from '../services/sessions/rate-limit.js';

/** E.164 is at most 16 characters; typed forms with spaces and dashes a little more. */
const codeField = STRING_FIELD;

const initSchema = {
  body: {
    type: 'object',
    required: ['phoneNumber'],
    properties: { phoneNumber: PHONE_FIELD, token: CAPTCHA_TOKEN_FIELD, locale: LOCALE_FIELD },
  },
  response: { 200: SUCCESS },
} as const;

const codeBody = {
  type: 'object',
  required: ['phoneNumber', 'code'],
  properties: { phoneNumber: PHONE_FIELD, code: codeField, locale: LOCALE_FIELD },
} as const;

const authenticateSchema = { body: codeBody, response: { 200: AUTH_RESULT } } as const;

const linkSchema = { body: codeBody, response: { 200: USER } } as const;

const unlinkSchema = {
  body: { type: 'object', required: ['phoneNumber'], properties: { phoneNumber: PHONE_FIELD } },
  response: { 200: USER },
} as const;

const phoneAccount = (number: string) => ({ type: 'phone', subject: number, data: { number } });

/**
 * SMS one-time-code login and linking (§7 passwordless_sms/*): the code rules of the email login
 * (hashed, single use, latest only, CODE_TTL_MS, CODE_MAX_ATTEMPTS, limits per number and per IP),
 * delivered through Twilio.
 */
export function passwordlessSmsRoutes(app: SchemaRoutes, services: Services, limits: RateLimits): void {
  /** SMS login enabled for the app, a valid number, and the step's limits per IP and per number. */
  async function admit(
    request: FastifyRequest,
    phoneNumber: string,
    step: 'init' | 'verify',
  ): Promise<{ current: App; number: string }> {
    const current = appOf(request);
    if (!current.config.sms_auth) throw new ApiError('disallowed_login_method');
    const number = await normalizePhoneNumber(phoneNumber);
    const [perIp, perNumber] =
      step === 'init'
        ? [limits.passwordlessInitPerIp, limits.passwordlessInitPerEmail]
        : [limits.passwordlessAuthenticatePerIp, limits.passwordlessAuthenticatePerEmail];
    await hitLimits(
      services,
      [`passwordless_sms_${step}:ip:${rateLimitAddress(request)}`, perIp],
      [`passwordless_sms_${step}:phone:${current.id}:${number}`, perNumber],
    );
    return { current, number };
  }

  const verifyCode = (current: App, number: string, code: string) =>
    services.codes.verifyOrThrow(current.id, 'sms', number, code);

  app.post(API_PATHS.smsInit, { schema: initSchema }, async (request): Promise<SuccessResponse> => {
    const { current, number } = await admit(request, request.body.phoneNumber, 'init');
    await services.captcha.verify(current, request.body.token, clientAddress(request), request.log);
    const code = await services.codes.issue(current.id, 'sms', number);
    const recipient = { appId: current.id, type: 'phone', subject: number };
    const language = await messageLanguage(request, services.db, recipient);
    try {
      await services.sms.sendLoginCode(current, number, code, language);
    } catch (error) {
      request.log.error({ err: error }, 'SMS login code not delivered');
      throw new ApiError('twilio_verification_failed');
    }
    return { success: true };
  });

  app.post(
    API_PATHS.smsAuthenticate,
    { schema: authenticateSchema },
    async (request): Promise<AuthResult> => {
      const { current, number } = await admit(request, request.body.phoneNumber, 'verify');
      await verifyCode(current, number, request.body.code);
      return logIn(services, current, phoneAccount(number), undefined, requestLanguage(request));
    },
  );

  app.post(API_PATHS.smsLink, { schema: linkSchema }, async (request): Promise<UserWire> => {
    const auth = await authenticate(request, services);
    const { current, number } = await admit(request, request.body.phoneNumber, 'verify');
    return withStepUp(request, services, auth, phoneChange('link', number), async () => {
      await verifyCode(current, number, request.body.code);
      return services.users.linkAccount(current.id, auth.userId, phoneAccount(number));
    });
  });

  app.post(API_PATHS.smsUnlink, { schema: unlinkSchema }, async (request): Promise<UserWire> => {
    const auth = await authenticate(request, services);
    const number = await normalizePhoneNumber(request.body.phoneNumber);
    return withStepUp(request, services, auth, phoneChange('unlink', number), () =>
      services.users.unlinkAccount(appOf(request).id, auth.userId, 'phone', number),
    );
  });
}

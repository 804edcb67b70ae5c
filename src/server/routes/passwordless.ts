import type { FastifyRequest } from 'fastify';
import type { AuthResult, UserWire } from '../../protocol/api.js';
import { API_PATHS } from '../../protocol/api.js';
import type { SuccessResponse } from '../../protocol/server-api.js';
import { isValidEmail } from '../../protocol/validation.js';
import { ApiError } from '../errors.js';
import { emailChange, emailUpdate } from '../http/account-changes.js';
import { appOf } from '../http/app-context.js';
import { authenticate } from '../http/authenticate.js';
import { clientAddress, rateLimitAddress } from '../http/client-ip.js';
import { CAPTCHA_TOKEN_FIELD, LOCALE_FIELD, STRING_FIELD } from '../http/fields.js';
import { hitLimits } from '../http/limits.js';
import { logIn } from '../http/log-in.js';
import { messageLanguage, requestLanguage } from '../http/message-language.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import { withStepUp } from '../http/step-up-gate.js';
import { AUTH_RESULT, SUCCESS, USER } from '../http/wire-schemas.js';
import type { App } from '../services/apps/apps.js';
import type { Services } from '../services/index.js';
import { mailFailure } from '../services/login/mail.js';
import type { RateLimit, RateLimits } from '../services/sessions/rate-limit.js';

const emailField = STRING_FIELD;

const initSchema = {
  body: {
    type: 'object',
    required: ['email'],
    properties: { email: emailField, token: CAPTCHA_TOKEN_FIELD, locale: LOCALE_FIELD },
  },
  response: { 200: SUCCESS },
} as const;

const authenticateSchema = {
  body: {
    type: 'object',
    required: ['email', 'code'],
    properties: { email: emailField, code: STRING_FIELD, locale: LOCALE_FIELD },
  },
  response: { 200: AUTH_RESULT },
} as const;

const linkSchema = { body: authenticateSchema.body, response: { 200: USER } } as const;

const unlinkSchema = {
  body: { type: 'object', required: ['address'], properties: { address: emailField } },
  response: { 200: USER },
} as const;

const updateSchema = {
  body: {
    type: 'object',
    required: ['oldAddress', 'newAddress', 'code'],
    properties: {
      oldAddress: emailField,
      newAddress: emailField,
      code: STRING_FIELD,
    },
  },
  response: { 200: USER },
} as const;

/** Trimmed and lowercased, as stored and looked up; 400 when not an email address (§5). */
function normalizeEmail(value: string, field = 'email'): string {
  const email = value.trim().toLowerCase();
  if (!isValidEmail(email))
    throw new ApiError('invalid_data', `Invalid field '${field}': not a valid email address.`);
  return email;
}

const emailAccount = (address: string) => ({ type: 'email', subject: address, data: { address } });

interface StepLimits {
  /** Prefix of the rate-limit keys. */
  action: string;
  perIp: RateLimit;
  perEmail: RateLimit;
}

/** What both steps of every route here check: email login on, a valid address, the step's limits. */
function admitter(services: Services) {
  return async (
    request: FastifyRequest,
    address: string,
    step: StepLimits,
    field = 'email',
  ): Promise<{ current: App; email: string }> => {
    const current = appOf(request);
    if (!current.config.email_auth) throw new ApiError('disallowed_login_method');
    const email = normalizeEmail(address, field);
    await hitLimits(
      services,
      [`${step.action}:ip:${rateLimitAddress(request)}`, step.perIp],
      [`${step.action}:email:${current.id}:${email}`, step.perEmail],
    );
    return { current, email };
  };
}

type Admit = ReturnType<typeof admitter>;

const verifyCode = (services: Services, current: App, email: string, code: string) =>
  services.codes.verifyOrThrow(current.id, 'email', email, code);

/** Email one-time-code login, linking and address update (§7 passwordless/*). */
export function passwordlessRoutes(app: SchemaRoutes, services: Services, limits: RateLimits): void {
  const admit = admitter(services);
  const initLimits: StepLimits = {
    action: 'passwordless_init',
    perIp: limits.passwordlessInitPerIp,
    perEmail: limits.passwordlessInitPerEmail,
  };
  const authenticateLimits: StepLimits = {
    action: 'passwordless_authenticate',
    perIp: limits.passwordlessAuthenticatePerIp,
    perEmail: limits.passwordlessAuthenticatePerEmail,
  };

  app.post(API_PATHS.passwordlessInit, { schema: initSchema }, async (request): Promise<SuccessResponse> => {
    const { current, email } = await admit(request, request.body.email, initLimits);
    await services.captcha.verify(current, request.body.token, clientAddress(request), request.log);
    const code = await services.codes.issue(current.id, 'email', email);
    const recipient = { appId: current.id, type: 'email', subject: email };
    const language = await messageLanguage(request, services.db, recipient);
    // The answer does not wait for the mail server, nor tell whether it took the mail.
    services.mailer.queueLoginCode({ to: email, code, appName: current.name, language }, (error) => {
      request.log.error({ appId: current.id, reason: mailFailure(error) }, 'login code mail not delivered');
    });
    return { success: true };
  });

  app.post(
    API_PATHS.passwordlessAuthenticate,
    { schema: authenticateSchema },
    async (request): Promise<AuthResult> => {
      const { current, email } = await admit(request, request.body.email, authenticateLimits);
      await verifyCode(services, current, email, request.body.code);
      return logIn(services, current, emailAccount(email), undefined, requestLanguage(request));
    },
  );
  accountRoutes(app, services, admit, authenticateLimits);
}

/** Linking, unlinking and changing the user's email account. */
function accountRoutes(app: SchemaRoutes, services: Services, admit: Admit, limits: StepLimits): void {
  app.post(API_PATHS.passwordlessLink, { schema: linkSchema }, async (request): Promise<UserWire> => {
    const auth = await authenticate(request, services);
    const { userId } = auth;
    const { current, email } = await admit(request, request.body.email, limits);
    // The step-up comes before the code is spent: a refused one leaves the code for the retry.
    return withStepUp(request, services, auth, emailChange('link', email), async () => {
      await verifyCode(services, current, email, request.body.code);
      return services.users.linkAccount(current.id, userId, emailAccount(email));
    });
  });

  app.post(API_PATHS.passwordlessUnlink, { schema: unlinkSchema }, async (request): Promise<UserWire> => {
    const auth = await authenticate(request, services);
    const address = normalizeEmail(request.body.address, 'address');
    return withStepUp(request, services, auth, emailChange('unlink', address), () =>
      services.users.unlinkAccount(appOf(request).id, auth.userId, 'email', address),
    );
  });

  /** The code went to the new address; the user's email account moves to it (§5). */
  app.post(API_PATHS.passwordlessUpdate, { schema: updateSchema }, async (request): Promise<UserWire> => {
    const auth = await authenticate(request, services);
    if (!auth.user.linked_accounts.some((account) => account.type === 'email')) {
      throw new ApiError('email_required_for_update');
    }
    const oldAddress = normalizeEmail(request.body.oldAddress, 'oldAddress');
    const { current, email } = await admit(request, request.body.newAddress, limits, 'newAddress');
    return withStepUp(request, services, auth, emailUpdate(oldAddress, email), async () => {
      await verifyCode(services, current, email, request.body.code);
      return services.users.replaceAccount(current.id, auth.userId, oldAddress, emailAccount(email));
    });
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthResult, PasswordlessAuthenticateBody, PasswordlessInitBody } from '../../protocol/api.js';
import { API_PATHS } from '../../protocol/api.js';
import type { SuccessResponse } from '../../protocol/server-api.js';
import { isValidEmail } from '../../protocol/validation.js';
import { ApiError } from '../errors.js';
import { appOf } from '../http/app-context.js';
import type { App } from '../services/apps.js';
import type { Services } from '../services/index.js';
import type { RateLimit, RateLimits } from '../services/rate-limit.js';

/** Cap of any string field: longer is refused as invalid_data before any work. */
export const STRING_MAX_LENGTH = 320;
/** Captcha tokens (Turnstile) run to about 2 KB. */
const CAPTCHA_TOKEN_MAX_LENGTH = 4096;

const emailField = { type: 'string', maxLength: STRING_MAX_LENGTH } as const;

const initSchema = {
  body: {
    type: 'object',
    required: ['email'],
    properties: { email: emailField, token: { type: 'string', maxLength: CAPTCHA_TOKEN_MAX_LENGTH } },
  },
} as const;

const authenticateSchema = {
  body: {
    type: 'object',
    required: ['email', 'code'],
    properties: { email: emailField, code: { type: 'string', maxLength: STRING_MAX_LENGTH } },
  },
} as const;

/** Trimmed and lowercased, as stored and looked up; 400 when not an email address (§5). */
function normalizeEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!isValidEmail(email))
    throw new ApiError('invalid_data', "Invalid field 'email': not a valid email address.");
  return email;
}

interface StepLimits {
  /** Prefix of the rate-limit keys. */
  action: string;
  perIp: RateLimit;
  perEmail: RateLimit;
}

/** Email one-time-code login (§7 passwordless/init and /authenticate). */
export function passwordlessRoutes(app: FastifyInstance, services: Services, limits: RateLimits): void {
  async function limit(key: string, rateLimit: RateLimit): Promise<void> {
    if (!(await services.rateLimiter.hit(key, rateLimit))) throw new ApiError('too_many_requests');
  }

  /** Both steps: email login enabled for the app, a valid address, and the rate limits of the step. */
  async function admit(
    request: FastifyRequest,
    address: string,
    step: StepLimits,
  ): Promise<{ current: App; email: string }> {
    const current = appOf(request);
    if (!current.config.email_auth) throw new ApiError('disallowed_login_method');
    const email = normalizeEmail(address);
    await limit(`${step.action}:ip:${request.ip}`, step.perIp);
    await limit(`${step.action}:email:${current.id}:${email}`, step.perEmail);
    return { current, email };
  }

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

  app.post<{ Body: PasswordlessInitBody }>(
    API_PATHS.passwordlessInit,
    { schema: initSchema },
    async (request): Promise<SuccessResponse> => {
      const { current, email } = await admit(request, request.body.email, initLimits);
      await services.captcha.verify(current, request.body.token, request.ip, request.log);
      const code = await services.codes.issue(current.id, 'email', email);
      try {
        await services.mailer.sendLoginCode({ to: email, code, appName: current.name });
      } catch (error) {
        request.log.error({ err: error }, 'login code mail not delivered');
        throw new ApiError('mail_delivery_failed');
      }
      return { success: true };
    },
  );

  app.post<{ Body: PasswordlessAuthenticateBody }>(
    API_PATHS.passwordlessAuthenticate,
    { schema: authenticateSchema },
    async (request): Promise<AuthResult> => {
      const { current, email } = await admit(request, request.body.email, authenticateLimits);
      if (!(await services.codes.verify(current.id, 'email', email, request.body.code.trim()))) {
        throw new ApiError('invalid_credentials');
      }
      const { user, isNew } = await services.users.loginWithAccount(current.id, {
        type: 'email',
        subject: email,
        data: { address: email },
      });
      const session = await services.sessions.create(current.id, user.id);
      return {
        user,
        token: await services.tokens.issue(current.id, user.id, session.sessionId),
        refresh_token: session.refreshToken,
        is_new_user: isNew,
      };
    },
  );
}

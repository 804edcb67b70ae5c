import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  AUDIT_PAGE_DEFAULT,
  AUDIT_PAGE_MAX,
  CONSOLE_API_PATHS,
  CONSOLE_PAGE_PATH,
} from '../../protocol/console.js';
import type { SuccessResponse } from '../../protocol/server-api.js';
import { isValidEmail } from '../../protocol/validation.js';
import { normalizePublicUrl } from '../config.js';
import { ApiError } from '../errors.js';
import { rateLimitAddress } from '../http/client-ip.js';
import { consoleGuard } from '../http/console-guard.js';
import { CONSOLE_SCHEMAS as S } from '../http/console-schemas.js';
import { hitLimit } from '../http/limits.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import { ConsoleAccess, type ConsoleSession } from '../services/console/console-access.js';
import type { Services } from '../services/index.js';
import { mailFailure } from '../services/login/mail.js';
import type { RateLimits } from '../services/sessions/rate-limit.js';

/** The name operator codes are mailed under, in the login code mail's "your login code for …". */
const MAIL_NAME = 'the Gatehouse console';

export interface ConsoleOptions {
  /** GATEHOUSE_CONSOLE=true: without it every console route answers 404. */
  enabled: boolean;
  publicUrl: string;
  rateLimits: RateLimits;
}

const sessionWire = (session: ConsoleSession) => ({
  operator: session.operator,
  csrf_token: session.csrfToken,
  expires_at: Math.floor(session.expiresAt / 1000),
});

function normalizeEmail(value: string): string {
  const email = value.trim().toLowerCase();
  if (!isValidEmail(email))
    throw new ApiError('invalid_data', "Invalid field 'email': not a valid email address.");
  return email;
}

function pageLimit(text: string | undefined): number {
  if (text === undefined) return AUDIT_PAGE_DEFAULT;
  const limit = Number(text);
  if (limit < 1 || limit > AUDIT_PAGE_MAX)
    throw new ApiError('invalid_data', `Invalid field 'limit': must be from 1 to ${AUDIT_PAGE_MAX}.`);
  return limit;
}

/**
 * The operator console's JSON API (`/api/v1/console/*`, registered in a scope of its own): getting
 * in by a `gatehouse console link` URL or an emailed code, the session and signing out, the audit
 * log, and the apps (read-only so far). Operators are not users of any app.
 */
function consoleRoutes(
  app: SchemaRoutes,
  services: Services,
  access: ConsoleAccess,
  options: ConsoleOptions,
): void {
  const guard = consoleGuard(app, access, options);
  const { passwordlessInitPerIp, passwordlessInitPerEmail } = options.rateLimits;
  const { passwordlessAuthenticatePerIp, passwordlessAuthenticatePerEmail } = options.rateLimits;
  const admit = async (request: FastifyRequest, address: string, step: 'start' | 'verify') => {
    const email = normalizeEmail(address);
    const [perIp, perEmail] =
      step === 'start'
        ? [passwordlessInitPerIp, passwordlessInitPerEmail]
        : [passwordlessAuthenticatePerIp, passwordlessAuthenticatePerEmail];
    await hitLimit(services, `console_code_${step}:ip:${rateLimitAddress(request)}`, perIp);
    await hitLimit(services, `console_code_${step}:email:${email}`, perEmail);
    return email;
  };

  app.get(CONSOLE_API_PATHS.signIn, { schema: S.signIn }, async (request, reply) => {
    const signIn = await access.signInWithLink(request.query.token);
    guard.setCookie(reply, signIn.token);
    return reply.redirect(`${options.publicUrl}${CONSOLE_PAGE_PATH}`, 303);
  });

  app.post(
    CONSOLE_API_PATHS.emailCodeStart,
    { schema: S.start },
    async (request): Promise<SuccessResponse> => {
      const email = await admit(request, request.body.email, 'start');
      const code = await access.startEmailCode(email);
      // The same answer whether or not the address is an operator's; only an operator gets mail.
      if (code !== null)
        services.mailer.queueLoginCode({ to: email, code, appName: MAIL_NAME }, (error) => {
          request.log.error({ reason: mailFailure(error) }, 'console code mail not delivered');
        });
      return { success: true };
    },
  );

  app.post(CONSOLE_API_PATHS.emailCodeVerify, { schema: S.verify }, async (request, reply) => {
    const email = await admit(request, request.body.email, 'verify');
    const signIn = await access.signInWithCode(email, request.body.code);
    guard.setCookie(reply, signIn.token);
    return sessionWire(signIn);
  });

  app.get(CONSOLE_API_PATHS.session, { schema: S.session }, async (request) =>
    sessionWire((await guard.operator(request)).session),
  );

  app.post(
    CONSOLE_API_PATHS.signOut,
    { schema: S.signOut },
    async (request, reply): Promise<SuccessResponse> => {
      const { token, session } = await guard.change(request);
      await access.signOut(token, session.operator);
      guard.clearCookie(reply);
      return { success: true };
    },
  );

  app.get(CONSOLE_API_PATHS.audit, { schema: S.audit }, async (request) => {
    await guard.operator(request);
    return access.audit(pageLimit(request.query.limit), request.query.cursor);
  });

  app.get(CONSOLE_API_PATHS.apps, { schema: S.apps }, async (request) => {
    await guard.operator(request);
    const apps = await services.apps.list();
    return {
      data: apps.map((found) => ({
        id: found.id,
        name: found.name,
        allowed_origins: found.allowedOrigins,
        created_at: Math.floor(found.createdAt / 1000),
      })),
    };
  });
}

/** The console's API in a scope of its own: off (404) unless GATEHOUSE_CONSOLE=true; the provider's origin only. */
export async function consoleApi(
  app: FastifyInstance,
  services: Services,
  settings: { console?: boolean; publicUrl: string; rateLimits: RateLimits },
): Promise<void> {
  const access = new ConsoleAccess(services.db, services.secrets, services.now);
  const options = {
    enabled: settings.console === true,
    publicUrl: normalizePublicUrl(settings.publicUrl),
    rateLimits: settings.rateLimits,
  };
  await app.register(async (scope) => consoleRoutes(scope, services, access, options));
}

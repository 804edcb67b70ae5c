import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
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
import { parseTrustedProxies, rateLimitAddress } from '../http/client-ip.js';
import { consoleActivityRoutes } from '../http/console-activity-routes.js';
import { consoleAppRoutes } from '../http/console-app-routes.js';
import { consoleGuard, consoleOrigin } from '../http/console-guard.js';
import { consolePages, isNavigation, linkExpiredPage } from '../http/console-pages.js';
import { CONSOLE_SCHEMAS as S } from '../http/console-schemas.js';
import { consoleSecurityRoutes } from '../http/console-security-routes.js';
import { consoleUserRoutes } from '../http/console-user-routes.js';
import { consoleWebhookRoutes } from '../http/console-webhook-routes.js';
import { registerErrorHandling } from '../http/errors.js';
import { jsonBodiesOnly } from '../http/json-body.js';
import { hitLimit } from '../http/limits.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import { securityHeaders } from '../http/security-headers.js';
import { ConsoleAccess, type ConsoleSession } from '../services/console/console-access.js';
import { consoleAppOf } from '../services/console/console-apps.js';
import type { Services } from '../services/index.js';
import { mailFailure } from '../services/login/mail.js';
import type { RateLimits } from '../services/sessions/rate-limit.js';

/** The name operator codes are mailed under, in the login code mail's "your login code for …". */
const MAIL_NAME = 'the Gatehouse console';
/** The console's requests are small JSON bodies (an email and a code, so far). */
const CONSOLE_BODY_LIMIT_BYTES = 16 * 1024;

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
 * log, and the apps and their changes (console-app-routes.ts). Operators are not users of any app.
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
    const signIn = await access.signInWithLink(request.query.token).catch((error: unknown) => {
      // A browser opening a spent link lands on the pages, which say so, rather than on JSON.
      if (error instanceof ApiError && error.code === 'console_link_invalid' && isNavigation(request))
        return undefined;
      throw error;
    });
    if (!signIn) return reply.redirect(linkExpiredPage(options.publicUrl), 303);
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
    return { data: (await services.apps.list()).map(consoleAppOf) };
  });

  consoleAppRoutes(app, services, guard);
  consoleWebhookRoutes(app, services, guard);
  consoleActivityRoutes(app, services, guard);
  consoleUserRoutes(app, services, guard);
  consoleSecurityRoutes(app, services, guard, access.operators);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The console's own listener, when GATEHOUSE_CONSOLE_PORT gives it a port. */
    consoleServer: FastifyInstance | undefined;
  }
}

/** What buildServer hands on: the console's switch and port, and what a listener of its own needs. */
interface ConsoleSettings {
  console?: boolean;
  /** The built client, whose console/ folder holds the pages. */
  clientDir: string;
  consolePort?: number;
  host?: string;
  publicUrl: string;
  rateLimits: RateLimits;
  trustProxy?: string | readonly string[];
}

/** A listener serving only the console's API, on GATEHOUSE_HOST and the console's port; it closes with `app`. */
async function listenApart(
  app: FastifyInstance,
  route: (scope: FastifyInstance, publicUrl: string) => Promise<void>,
  settings: ConsoleSettings,
  port: number,
) {
  const server = Fastify({
    loggerInstance: app.log,
    bodyLimit: CONSOLE_BODY_LIMIT_BYTES,
    trustProxy: parseTrustedProxies(settings.trustProxy) ?? false,
    ajv: { customOptions: { coerceTypes: false } },
  });
  registerErrorHandling(server);
  securityHeaders(server);
  jsonBodiesOnly(server);
  await server.register(async (scope) => route(scope, consoleOrigin(settings.publicUrl, port)));
  // Listening once the API server is ready: a server that fails to build leaves no port open.
  app.addHook('onReady', async () => {
    await server.listen({ host: settings.host ?? '127.0.0.1', port });
  });
  app.addHook('onClose', () => server.close());
  return server;
}

/**
 * The console's API and pages in a scope of its own: off (404) unless GATEHOUSE_CONSOLE=true, and only
 * requests of the provider's own origin. With GATEHOUSE_CONSOLE_PORT it is served on that port
 * alone (its origin: the public URL's host with that port), and answers 404 on the API's.
 */
export async function consoleApi(
  app: FastifyInstance,
  services: Services,
  settings: ConsoleSettings,
): Promise<void> {
  const access = new ConsoleAccess(services.db, services.secrets, services.now);
  const { consolePort: port, rateLimits } = settings;
  const apiUrl = normalizePublicUrl(settings.publicUrl);
  const route = (enabled: boolean) => async (scope: FastifyInstance, publicUrl: string) => {
    consoleRoutes(scope, services, access, { enabled, publicUrl, rateLimits });
    await consolePages(scope, settings.clientDir, apiUrl);
  };
  const apiOn = settings.console === true && port === undefined;
  await app.register(async (scope) => route(apiOn)(scope, apiUrl));
  app.decorate(
    'consoleServer',
    port === undefined ? undefined : await listenApart(app, route(true), settings, port),
  );
}

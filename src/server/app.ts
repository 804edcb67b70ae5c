import type { Server } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { defaultClientDir, normalizePublicUrl, type ServerConfig } from './config.js';
import { decorateAppContext, requireApp } from './http/app-context.js';
import { requireAppSecret } from './http/app-secret-auth.js';
import { parseTrustedProxies, warnOfUntrustedForwarding } from './http/client-ip.js';
import { registerPreflight } from './http/cors.js';
import { registerErrorHandling } from './http/errors.js';
import { requireFrameCaller } from './http/frame-caller.js';
import { closeConnectionsWhenDone } from './http/graceful-close.js';
import { jsonBodiesOnly } from './http/json-body.js';
import { recordLoginActivity } from './http/login-activity.js';
import { type MetricsOptions, registerMetrics } from './http/metrics.js';
import { openApiRoutes } from './http/openapi.js';
import { securityHeaders } from './http/security-headers.js';
import { sessionCookies } from './http/session-cookies.js';
import { analyticsEventRoutes } from './routes/analytics-events.js';
import { appRoutes } from './routes/apps.js';
import { assetRoutes } from './routes/assets.js';
import { backendApiRoutes } from './routes/backend-api.js';
import { consoleApi } from './routes/console.js';
import { customJwtAccountRoutes } from './routes/custom-jwt-account.js';
import { embeddedWalletRoutes } from './routes/embedded-wallets.js';
import { farcasterFrameRoutes, farcasterRoutes } from './routes/farcaster.js';
import { healthRoutes } from './routes/health.js';
import { keyRoutes } from './routes/keys.js';
import { mfaRoutes } from './routes/mfa.js';
import { mfaPasskeyRoutes } from './routes/mfa-passkey.js';
import { oauthCallbackRoutes, oauthRoutes } from './routes/oauth.js';
import { passkeyRoutes, passkeyUnlinkRoutes } from './routes/passkeys.js';
import { passwordlessRoutes } from './routes/passwordless.js';
import { passwordlessSmsRoutes } from './routes/passwordless-sms.js';
import { pluginRoutes } from './routes/plugins.js';
import { sessionRoutes } from './routes/sessions.js';
import { siweRoutes } from './routes/siwe.js';
import { stepUpRoutes } from './routes/step-up.js';
import { tokenPriceRoutes } from './routes/token-price.js';
import { userRoutes } from './routes/users.js';
import { walletDeviceRoutes } from './routes/wallet-devices.js';
import { walletFrameRoutes } from './routes/wallet-frame.js';
import type { Clock } from './services/clock.js';
import { openServices, type Services } from './services/index.js';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './services/sessions/rate-limit.js';
import { DEFAULT_WEBHOOK_WORKER, type WebhookWorkerOptions } from './services/webhooks/worker.js';

/** What buildServer takes as `gatehouse serve` reads it from the environment (config.ts documents each). */
type ServeSettings =
  | 'databasePoolSize'
  | 'smtpUrl'
  | 'mailFrom'
  | 'twilio'
  | 'twilioBaseUrl'
  | 'turnstileVerifyUrl'
  | 'turnstileScriptUrl'
  | 'coingeckoUrl'
  | 'farcaster'
  | 'secret'
  | 'linkCooldownSeconds'
  | 'webhookRetentionSeconds'
  | 'recoveryKey'
  | 'webhooksAllowPrivate'
  | 'console'
  | 'consolePort'
  | 'host';

export interface BuildServerOptions
  extends Pick<ServerConfig, 'databaseUrl' | 'publicUrl'>,
    Partial<Pick<ServerConfig, ServeSettings>> {
  /** Built client assets; default `<package>/dist/client`. */
  clientDir?: string;
  /** Fastify logging: false (default), true, a level such as 'info', or a level and a stream (tests). */
  logger?: boolean | string | { level: string; stream: { write(line: string): void } };
  rateLimits?: Partial<RateLimits>;
  /** Connection timeouts; DEFAULT_TIMEOUTS unless given (tests shorten them). */
  timeouts?: Partial<ServerTimeouts>;
  /**
   * The reverse proxies whose X-Forwarded-For is believed, for rate limits by client IP: addresses,
   * CIDR ranges or proxy-addr's named ranges (a list, or comma-separated); never `true`.
   */
  trustProxy?: string | readonly string[];
  /** Prometheus metrics: on the API's port, on a port of their own, or (default) none. */
  metrics?: MetricsOptions;
  /** The webhook worker's timing; DEFAULT_WEBHOOK_WORKER unless given (tests shorten it). */
  webhookWorker?: Partial<WebhookWorkerOptions>;
  /** Clock in milliseconds, for tests. */
  now?: Clock;
}

/** Largest accepted request body. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** How long a client may take, in milliseconds. */
export interface ServerTimeouts {
  /** To send a whole request, headers and body (a slow body is cut off with 408). */
  requestMs: number;
  /** To send the request headers. */
  headersMs: number;
  /** An idle keep-alive connection stays open between requests. */
  keepAliveMs: number;
  /** A connection with no traffic at all (socket idle timeout). */
  connectionMs: number;
}

/**
 * Bodies are at most 64 KB, so 30 s is plenty for the slowest honest client. Keep-alive outlives
 * the 60 s idle timeout of common proxies and load balancers (which must close first), and the
 * socket's idle timeout outlives keep-alive.
 */
export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  keepAliveMs: 65_000,
  connectionMs: 70_000,
};

/** Fastify's timeout options; Node checks running requests against them every quarter of requestMs. */
function timeoutOptions(given: Partial<ServerTimeouts> = {}) {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...given };
  const headersTimeout = Math.min(timeouts.headersMs, timeouts.requestMs);
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.connectionMs,
    http: {
      requestTimeout: timeouts.requestMs,
      headersTimeout,
      connectionsCheckingInterval: Math.max(100, Math.floor(headersTimeout / 4)),
    },
  };
}
const HOUSEKEEPING_INTERVAL_MS = 10 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    gatehouse: Services;
    /** The metrics port's listener, when metrics have a port of their own. */
    metricsServer: Server | undefined;
  }
}

/**
 * Request lines are logged without their query: a query may carry a secret (the access token of the
 * key export view, §2.3; an identity provider's authorization code on the OAuth callback).
 */
function loggerOptions(logger: BuildServerOptions['logger']) {
  if (!logger) return false;
  const base = typeof logger === 'object' ? logger : typeof logger === 'string' ? { level: logger } : {};
  return {
    ...base,
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: request.url.split('?')[0],
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * Housekeeping every 10 minutes and the webhook worker (webhooks go out from every process); on
 * close the worker finishes its attempt in flight, then the database closes.
 */
function startBackgroundWork(
  app: FastifyInstance,
  services: Services,
  rateLimits: RateLimits,
  webhookWorker: Partial<WebhookWorkerOptions> = {},
): void {
  const longestWindow = Math.max(...Object.values(rateLimits).map((limit) => limit.windowMs));
  const timer = setInterval(() => {
    services.sweep(services.now() - longestWindow).catch((error: unknown) => {
      app.log.error({ err: error }, 'housekeeping failed');
    });
  }, HOUSEKEEPING_INTERVAL_MS);
  timer.unref();
  const worker = services.startWebhookWorker({ ...DEFAULT_WEBHOOK_WORKER, ...webhookWorker }, (error) =>
    app.log.error({ err: error }, 'webhook delivery failed'),
  );
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await worker.stop();
    await services.close();
  });
}

/** Where the built client is: the option, else beside the built server. */
const clientDirOf = (options: BuildServerOptions) => options.clientDir ?? defaultClientDir();

/** What every request goes through before its route; the login steps' outcomes are recorded. */
function registerRequestHooks(app: FastifyInstance, services: Services, proxiesTrusted: boolean): void {
  registerErrorHandling(app);
  securityHeaders(app);
  closeConnectionsWhenDone(app);
  if (!proxiesTrusted) warnOfUntrustedForwarding(app);
  jsonBodiesOnly(app);
  decorateAppContext(app);
  recordLoginActivity(app, services);
}

/** The API server, ready to `listen` or `inject`; closing it closes the database. */
export async function buildServer(options: BuildServerOptions): Promise<FastifyInstance> {
  const trustedProxies = parseTrustedProxies(options.trustProxy);
  const services = await openServices({ ...options, publicUrl: normalizePublicUrl(options.publicUrl) });
  const rateLimits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const app = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: trustedProxies ?? false,
    ...timeoutOptions(options.timeouts),
    // Wrong types are refused, not converted: {"code": 123456} is not a code.
    ajv: { customOptions: { coerceTypes: false } },
  });
  try {
    app.decorate('gatehouse', services);
    app.decorate('metricsServer', await registerMetrics(app, services, options.metrics ?? {}));
    registerRequestHooks(app, services, trustedProxies !== undefined);
    openApiRoutes(app, normalizePublicUrl(options.publicUrl));
    registerPreflight(app, services.apps);
    appRoutes(app, services);
    keyRoutes(app, services);
    await app.register(async (scope) => {
      requireApp(scope, services.apps);
      sessionCookies(scope, options.publicUrl);
      passwordlessRoutes(scope, services, rateLimits);
      oauthRoutes(scope, services, rateLimits);
      passwordlessSmsRoutes(scope, services, rateLimits);
      sessionRoutes(scope, services);
      customJwtAccountRoutes(scope, services);
      userRoutes(scope, services);
      analyticsEventRoutes(scope, services);
      tokenPriceRoutes(scope, services);
      siweRoutes(scope, services);
      passkeyUnlinkRoutes(scope, services);
      pluginRoutes(scope, services);
      farcasterRoutes(scope, services);
    });
    await app.register(async (scope) => {
      requireFrameCaller(scope, services, options.publicUrl);
      embeddedWalletRoutes(scope, services);
      walletDeviceRoutes(scope, services);
      mfaRoutes(scope, services);
      mfaPasskeyRoutes(scope, services);
      stepUpRoutes(scope, services);
      passkeyRoutes(scope, services);
      farcasterFrameRoutes(scope, services);
    });
    // The server-to-server API: the app's backend, HTTP Basic appId:secret, no Origin.
    await app.register(async (scope) => {
      requireAppSecret(scope, services, rateLimits);
      backendApiRoutes(scope, services);
    });
    await consoleApi(app, services, { ...options, rateLimits, clientDir: clientDirOf(options) });
    await oauthCallbackRoutes(app, services);
    await assetRoutes(app, options.clientDir ?? defaultClientDir(), { db: services.db, now: services.now() });
    await walletFrameRoutes(app, services, options.clientDir ?? defaultClientDir());
    healthRoutes(app, services);

    startBackgroundWork(app, services, rateLimits, options.webhookWorker);
    await app.ready();
    return app;
  } catch (error) {
    if (app.hasDecorator('metricsServer')) app.metricsServer?.close();
    await services.close();
    throw error;
  }
}

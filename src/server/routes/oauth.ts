import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthResult, OAuthInitResponse, UserWire } from '../../protocol/api.js';
import { API_PATHS } from '../../protocol/api.js';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../protocol/constants.js';
import { ApiError } from '../errors.js';
import { accountData, oauthChange } from '../http/account-changes.js';
import { appOf } from '../http/app-context.js';
import { authenticate } from '../http/authenticate.js';
import { clientAddress, rateLimitAddress } from '../http/client-ip.js';
import { CAPTCHA_TOKEN_FIELD, NAME_FIELD } from '../http/fields.js';
import { hitLimit } from '../http/limits.js';
import { logIn } from '../http/log-in.js';
import { requestLanguage } from '../http/message-language.js';
import type { SchemaRequest, SchemaRoutes } from '../http/schema-types.js';
import { approvedChange, withStepUp } from '../http/step-up-gate.js';
import { AUTH_RESULT, USER } from '../http/wire-schemas.js';
import type { App } from '../services/apps/apps.js';
import type { Services } from '../services/index.js';
import type { RateLimits } from '../services/sessions/rate-limit.js';

/** Host page addresses can be long; anything longer is refused before any work. */
const REDIRECT_TO_MAX_LENGTH = 2048;
const SECRET_MAX_LENGTH = 512;

const providerField = { type: 'string', maxLength: 32 } as const;
const secretField = { type: 'string', minLength: 1, maxLength: SECRET_MAX_LENGTH } as const;

const initSchema = {
  body: {
    type: 'object',
    required: ['provider', 'redirect_to', 'code_challenge', 'state_code'],
    properties: {
      provider: providerField,
      redirect_to: { type: 'string', maxLength: REDIRECT_TO_MAX_LENGTH },
      token: CAPTCHA_TOKEN_FIELD,
      // base64url of a SHA-256 digest (S256).
      code_challenge: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
      state_code: secretField,
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['url'],
      properties: { url: { type: 'string', description: "The identity provider's authorization URL." } },
      additionalProperties: false,
    },
  },
} as const;

const redeemSchema = {
  body: {
    type: 'object',
    required: ['authorization_code', 'state_code', 'code_verifier'],
    properties: { authorization_code: secretField, state_code: secretField, code_verifier: secretField },
  },
  response: { 200: AUTH_RESULT },
} as const;

const linkSchema = { body: redeemSchema.body, response: { 200: USER } } as const;

const unlinkSchema = {
  body: {
    type: 'object',
    required: ['provider', 'subject'],
    properties: {
      provider: providerField,
      subject: NAME_FIELD,
    },
  },
  response: { 200: USER },
} as const;

function providerOf(value: string): OAuthProvider {
  if ((OAUTH_PROVIDERS as readonly string[]).includes(value)) return value as OAuthProvider;
  throw new ApiError(
    'invalid_data',
    `Invalid field 'provider': expected one of ${OAUTH_PROVIDERS.join(', ')}.`,
  );
}

/** The app's `<provider>_oauth` flag (§3): off means disallowed_login_method. */
function requireEnabled(app: App, provider: OAuthProvider): void {
  if (!app.config[`${provider}_oauth`]) throw new ApiError('disallowed_login_method');
}

/** The host page to come back to: an http(s) URL whose origin is exactly one of the app's. */
function checkRedirect(app: App, value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {}
  if (!url || !app.allowedOrigins.includes(url.origin)) {
    throw new ApiError(
      'invalid_data',
      "Invalid field 'redirect_to': not a page of one of the app's allowed origins.",
    );
  }
  return url.href;
}

/**
 * OAuth login and linking (§7 oauth/*), under the app scope: init, authenticate, link, unlink.
 * See services/oauth for the flow.
 */
export function oauthRoutes(app: SchemaRoutes, services: Services, limits: RateLimits): void {
  app.post(API_PATHS.oauthInit, { schema: initSchema }, async (request): Promise<OAuthInitResponse> => {
    const current = appOf(request);
    const provider = providerOf(request.body.provider);
    requireEnabled(current, provider);
    const redirectTo = checkRedirect(current, request.body.redirect_to);
    await hitLimit(services, `oauth_init:ip:${rateLimitAddress(request)}`, limits.oauthInitPerIp);
    await services.captcha.verify(current, request.body.token, clientAddress(request), request.log);
    const url = await services.oauth.init(current, {
      provider,
      redirectTo,
      codeChallenge: request.body.code_challenge,
      stateCode: request.body.state_code,
    });
    return { url };
  });

  /**
   * Both redeeming endpoints: rate limit, then the code, state and verifier; the provider must
   * still be on. `before` sees the account before the code is spent (a link's step-up).
   */
  async function redeem(
    request: SchemaRequest<{ body: (typeof redeemSchema)['body'] }>,
    before?: Parameters<Services['oauth']['redeem']>[2],
  ) {
    const current = appOf(request);
    await hitLimit(
      services,
      `oauth_authenticate:ip:${rateLimitAddress(request)}`,
      limits.oauthAuthenticatePerIp,
    );
    const body = {
      authorizationCode: request.body.authorization_code,
      stateCode: request.body.state_code,
      codeVerifier: request.body.code_verifier,
    };
    const { provider, account } = await services.oauth.redeem(current, body, async (redeemed) => {
      requireEnabled(current, redeemed.provider);
      await before?.(redeemed);
    });
    requireEnabled(current, provider);
    return { current, account };
  }

  app.post(API_PATHS.oauthAuthenticate, { schema: redeemSchema }, async (request): Promise<AuthResult> => {
    const { current, account } = await redeem(request);
    return logIn(services, current, account, undefined, requestLanguage(request));
  });

  app.post(API_PATHS.oauthLink, { schema: linkSchema }, async (request): Promise<UserWire> => {
    // The session first: a code is not spent on a request that could never link it.
    const auth = await authenticate(request, services);
    let spend = async (): Promise<void> => undefined;
    const { current, account } = await redeem(request, async ({ account: named }) => {
      const change = oauthChange('link', named.type, named.subject, named.data);
      spend = await approvedChange(request, services, auth, change);
    });
    const user = await services.users.linkAccount(current.id, auth.userId, account);
    await spend();
    return user;
  });

  app.post(API_PATHS.oauthUnlink, { schema: unlinkSchema }, async (request): Promise<UserWire> => {
    const auth = await authenticate(request, services);
    const type = `${providerOf(request.body.provider)}_oauth`;
    const { subject } = request.body;
    const change = oauthChange('unlink', type, subject, accountData(auth.user, type, subject));
    return withStepUp(request, services, auth, change, () =>
      services.users.unlinkAccount(appOf(request).id, auth.userId, type, subject),
    );
  });
}

/**
 * `GET|POST /api/v1/oauth/callback`: where identity providers send the browser (Apple posts a
 * form). Outside the app scope: the flow's state names the app. Answers a redirect to the host page.
 */
export async function oauthCallbackRoutes(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const params = (request.method === 'POST' ? request.body : request.query) as Record<string, unknown>;
      const location = await services.oauth.callback(params ?? {}, request.log);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return reply.redirect(location, 303);
    };
    scope.get(API_PATHS.oauthCallback, handler);
    scope.post(API_PATHS.oauthCallback, handler);
  });
}

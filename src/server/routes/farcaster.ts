import type { FastifyRequest } from 'fastify';
import type { AuthResult, UserWire } from '../../protocol/api.js';
import {
  FARCASTER_ACCOUNT_TYPE,
  FARCASTER_API_PATHS,
  FARCASTER_CHANNEL_TOKEN_HEADER,
  type FarcasterAccountFields,
  type FarcasterInitResponse,
  type FarcasterSignerResponse,
  type FarcasterStatusResponse,
  type FarcasterSubmitResponse,
  farcasterProfileUrl,
} from '../../protocol/farcaster.js';
import { ApiError } from '../errors.js';
import { farcasterChange } from '../http/account-changes.js';
import { appOf } from '../http/app-context.js';
import { authenticate } from '../http/authenticate.js';
import { CAPTCHA_TOKEN_FIELD } from '../http/fields.js';
import { hitLimit } from '../http/limits.js';
import { logIn } from '../http/log-in.js';
import { requestLanguage } from '../http/message-language.js';
import type { SchemaRequest, SchemaRoutes } from '../http/schema-types.js';
import { withStepUp } from '../http/step-up-gate.js';
import { AUTH_RESULT, USER } from '../http/wire-schemas.js';
import type { App } from '../services/apps/apps.js';
import type { VerifiedFarcaster } from '../services/farcaster/login.js';
import type { Services } from '../services/index.js';
import type { RateLimit } from '../services/sessions/rate-limit.js';
import type { AccountIdentity } from '../services/users/users.js';

const TEN_MINUTES = 10 * 60_000;
/** Per client IP: channels opened, status reads (a poll every 2 s), signed messages checked. */
const FARCASTER_RATE_LIMITS = {
  init: { max: 60, windowMs: TEN_MINUTES },
  status: { max: 1200, windowMs: TEN_MINUTES },
  verify: { max: 120, windowMs: TEN_MINUTES },
  /** Per user: signer requests and status reads, and messages submitted. */
  signer: { max: 600, windowMs: TEN_MINUTES },
  submit: { max: 300, windowMs: TEN_MINUTES },
} satisfies Record<string, RateLimit>;

const CHANNEL_TOKEN_MAX_LENGTH = 512;
const FID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
const ED25519_KEY = { type: 'string', pattern: '^0x[0-9a-fA-F]{64}$' } as const;

const initSchema = {
  body: { type: 'object', properties: { token: CAPTCHA_TOKEN_FIELD } },
  response: {
    200: {
      type: 'object',
      required: ['connect_uri', 'channel_token'],
      properties: { connect_uri: { type: 'string' }, channel_token: { type: 'string' } },
      additionalProperties: false,
    },
  },
} as const;
const verifySchema = {
  body: {
    type: 'object',
    required: ['channel_token', 'message', 'signature', 'fid'],
    properties: {
      channel_token: { type: 'string', minLength: 1, maxLength: CHANNEL_TOKEN_MAX_LENGTH },
      message: { type: 'string', minLength: 1, maxLength: 8192 },
      signature: { type: 'string', minLength: 1, maxLength: 4096 },
      fid: FID,
    },
  },
  response: { 200: AUTH_RESULT },
} as const;
const linkSchema = { body: verifySchema.body, response: { 200: USER } } as const;
const unlinkSchema = {
  body: { type: 'object', required: ['fid'], properties: { fid: FID } },
  response: { 200: USER },
} as const;
const NULLABLE_STRING = { type: ['string', 'null'] } as const;
const statusSchema = {
  response: {
    200: {
      type: 'object',
      required: ['state', 'message', 'signature', 'fid', 'username', 'display_name', 'bio', 'pfp_url'],
      properties: {
        state: { type: 'string', enum: ['pending', 'completed'] },
        message: NULLABLE_STRING,
        signature: NULLABLE_STRING,
        fid: { type: ['integer', 'null'] },
        username: NULLABLE_STRING,
        display_name: NULLABLE_STRING,
        bio: NULLABLE_STRING,
        pfp_url: NULLABLE_STRING,
      },
      additionalProperties: false,
    },
  },
} as const;
const signerSchema = {
  body: { type: 'object', required: ['ed25519_public_key'], properties: { ed25519_public_key: ED25519_KEY } },
  response: {
    200: {
      type: 'object',
      required: ['public_key', 'status', 'signer_approval_url'],
      properties: {
        public_key: { type: 'string' },
        status: { type: 'string', enum: ['pending_approval', 'approved', 'revoked'] },
        signer_approval_url: NULLABLE_STRING,
      },
      additionalProperties: false,
    },
  },
} as const;
const submitSchema = {
  body: {
    type: 'object',
    required: ['message'],
    properties: {
      message: { type: 'string', minLength: 1, maxLength: 8192, pattern: '^[A-Za-z0-9+/]+={0,2}$' },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['hash'],
      properties: { hash: { type: 'string', description: 'The message hash the hub accepted.' } },
      additionalProperties: false,
    },
  },
} as const;

/** A profile text the relay passed on: kept when it is a short string. */
const text = (value: string | null | undefined, max: number): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : null;
const httpUrl = (value: string | null | undefined): string | null =>
  text(value, 2048) !== null && /^https?:\/\//i.test(value as string) ? (value as string) : null;

/** The `farcaster` linked account (§3), keyed by the fid, keeping the signer approved earlier. */
function farcasterAccount(verified: VerifiedFarcaster, signerPublicKey: string | null): AccountIdentity {
  const username = text(verified.profile?.username, 64);
  const data: FarcasterAccountFields = {
    fid: verified.fid,
    owner_address: verified.custody,
    display_name: text(verified.profile?.displayName, 256),
    username,
    bio: text(verified.profile?.bio, 1024),
    pfp: httpUrl(verified.profile?.pfpUrl),
    url: username ? farcasterProfileUrl(username) : null,
    signer_public_key: signerPublicKey,
  };
  return { type: FARCASTER_ACCOUNT_TYPE, subject: String(verified.fid), data: { ...data } };
}

/** The logged-in user of a signer or submit call, counted against its per-user limit. */
async function limitedUser(request: FastifyRequest, services: Services, kind: 'signer' | 'submit') {
  const { user } = await authenticate(request, services);
  const appId = appOf(request).id;
  await hitLimit(services, `farcaster_${kind}:user:${appId}:${user.id}`, FARCASTER_RATE_LIMITS[kind]);
  return { appId, user };
}

function farcasterLoginApp(request: FastifyRequest): App {
  const current = appOf(request);
  if (!current.config.farcaster_auth) throw new ApiError('disallowed_login_method');
  return current;
}

const contextOf = (request: FastifyRequest, current: App) => ({
  appId: current.id,
  allowedOrigins: current.allowedOrigins,
  origin: request.headers.origin,
});

/** The checked message's account, keeping the signer its fid's account had in this app. */
async function verified(services: Services, request: SchemaRequest<{ body: (typeof verifySchema)['body'] }>) {
  const current = farcasterLoginApp(request);
  await hitLimit(services, `farcaster_verify:ip:${request.ip}`, FARCASTER_RATE_LIMITS.verify);
  const result = await services.farcaster.login.verify(contextOf(request, current), request.body);
  const signer = await services.farcaster.signers.keptSigner(current.id, result.fid);
  return { current, account: farcasterAccount(result, signer) };
}

/** §7 `farcaster/*` for the host page: init, status, authenticate, link, unlink, signer/status. */
export function farcasterRoutes(app: SchemaRoutes, services: Services): void {
  const { farcaster } = services;

  app.post(
    FARCASTER_API_PATHS.init,
    { schema: initSchema },
    async (request): Promise<FarcasterInitResponse> => {
      const current = farcasterLoginApp(request);
      await hitLimit(services, `farcaster_init:ip:${request.ip}`, FARCASTER_RATE_LIMITS.init);
      await services.captcha.verify(current, request.body.token, request.ip, request.log);
      return farcaster.login.open(contextOf(request, current));
    },
  );

  app.get(
    FARCASTER_API_PATHS.status,
    { schema: statusSchema },
    async (request): Promise<FarcasterStatusResponse> => {
      const current = farcasterLoginApp(request);
      const token = request.headers[FARCASTER_CHANNEL_TOKEN_HEADER];
      if (typeof token !== 'string' || token === '' || token.length > CHANNEL_TOKEN_MAX_LENGTH) {
        throw new ApiError('invalid_data', `Missing ${FARCASTER_CHANNEL_TOKEN_HEADER} header.`);
      }
      await hitLimit(services, `farcaster_status:ip:${request.ip}`, FARCASTER_RATE_LIMITS.status);
      return farcaster.login.status(current.id, token);
    },
  );

  app.post(
    FARCASTER_API_PATHS.authenticate,
    { schema: verifySchema },
    async (request): Promise<AuthResult> => {
      const { current, account } = await verified(services, request);
      return logIn(services, current, account, undefined, requestLanguage(request));
    },
  );
  farcasterAccountRoutes(app, services);
}

/** Link, unlink (which forgets the account's signers) and the signer's status, for a logged-in user. */
function farcasterAccountRoutes(app: SchemaRoutes, services: Services): void {
  const { farcaster } = services;

  app.post(FARCASTER_API_PATHS.link, { schema: linkSchema }, async (request): Promise<UserWire> => {
    const auth = await authenticate(request, services);
    return withStepUp(request, services, auth, farcasterChange('link', request.body.fid), async () => {
      const { current, account } = await verified(services, request);
      return services.users.linkAccount(current.id, auth.userId, account);
    });
  });

  app.post(FARCASTER_API_PATHS.unlink, { schema: unlinkSchema }, async (request): Promise<UserWire> => {
    const auth = await authenticate(request, services);
    const appId = appOf(request).id;
    const subject = String(request.body.fid);
    return withStepUp(request, services, auth, farcasterChange('unlink', subject), async () => {
      const user = await services.users.unlinkAccount(appId, auth.userId, FARCASTER_ACCOUNT_TYPE, subject);
      await farcaster.signers.forget(appId, auth.userId);
      return user;
    });
  });

  app.post(
    FARCASTER_API_PATHS.signerStatus,
    { schema: signerSchema },
    async (request): Promise<FarcasterSignerResponse> => {
      const { appId, user } = await limitedUser(request, services, 'signer');
      return farcaster.signers.status(appId, user, request.body.ed25519_public_key.toLowerCase());
    },
  );
}

/**
 * The frame's Farcaster endpoints, registered in the frame-only scope (provider origin, like the
 * embedded-wallet ones): the signer request for a key the frame made, and the messages it signed.
 */
export function farcasterFrameRoutes(scope: SchemaRoutes, services: Services): void {
  const { farcaster } = services;
  scope.post(
    FARCASTER_API_PATHS.signerInit,
    { schema: signerSchema },
    async (request): Promise<FarcasterSignerResponse> => {
      const { appId, user } = await limitedUser(request, services, 'signer');
      return farcaster.signers.init(appId, user, request.body.ed25519_public_key.toLowerCase());
    },
  );

  scope.post(
    FARCASTER_API_PATHS.submitMessage,
    { schema: submitSchema },
    async (request): Promise<FarcasterSubmitResponse> => {
      const { appId, user } = await limitedUser(request, services, 'submit');
      return farcaster.submissions.submit(appId, user, request.body.message);
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type AuthShareResponse,
  type CreateEmbeddedWalletBody,
  type EmbeddedWalletUserResponse,
  RECOVERY_METHODS,
  type RecoveryResponse,
  type ReleaseShareBody,
  type ReshareBody,
  type TransportKeyResponse,
  WALLET_API_PATHS,
} from '../../protocol/wallet-api.js';
import { appOf } from '../http/app-context.js';
import { authenticate } from '../http/authenticate.js';
import { rateLimitAddress } from '../http/client-ip.js';
import { requireMfaProof } from '../http/mfa-gate.js';
import type { Services } from '../services/index.js';
import type { RateLimit } from '../services/rate-limit.js';
import { hitLimit } from './passwordless.js';

const TEN_MINUTES = 10 * 60_000;
/**
 * Share releases (auth share, recovery): a page load of the frame takes one or two; a script
 * holding a stolen token gets no more than this.
 */
export const WALLET_RELEASE_LIMITS: { perUser: RateLimit; perIp: RateLimit } = {
  perUser: { max: 60, windowMs: TEN_MINUTES },
  perIp: { max: 300, windowMs: TEN_MINUTES },
};

const ADDRESS_FIELD = { type: 'string', minLength: 42, maxLength: 42 } as const;
const OBJECT_FIELD = { type: 'object' } as const;

const shareSetProperties = {
  recoveryMethod: { type: 'string', enum: [...RECOVERY_METHODS] },
  authShare: OBJECT_FIELD,
  recovery: OBJECT_FIELD,
} as const;

const createSchema = {
  body: {
    type: 'object',
    required: ['address', 'recoveryMethod', 'authShare', 'recovery'],
    properties: { address: ADDRESS_FIELD, ...shareSetProperties },
  },
} as const;

const reshareSchema = {
  params: { type: 'object', properties: { address: ADDRESS_FIELD } },
  body: {
    type: 'object',
    required: ['recoveryMethod', 'authShare', 'recovery'],
    properties: shareSetProperties,
  },
} as const;

const releaseSchema = {
  params: { type: 'object', properties: { address: ADDRESS_FIELD } },
  body: { type: 'object', required: ['replyKey'], properties: { replyKey: OBJECT_FIELD } },
} as const;

/** The Fastify route of a path with an address in it: `/…/:address/…`. */
const routeOf = (path: (address: string) => string): string => decodeURIComponent(path(':address'));

interface AddressParams {
  address: string;
}

/**
 * The embedded wallet's provider endpoints (protocol/wallet-api.ts), for the wallet frame only
 * (registered under requireFrameCaller): transport key, creation, share release sealed to a reply
 * key, and reshare. All behind the access token of the user, for the app of the request; with MFA
 * enrolled, releasing a share and resharing also need the frame's MFA proof (§6).
 */
export function embeddedWalletRoutes(scope: FastifyInstance, services: Services): void {
  /** The user of the token, within the release limits, past the MFA gate. */
  const releaseTo = async (request: FastifyRequest): Promise<string> => {
    const auth = await authenticate(request, services);
    await hitLimit(services, `wallet_release:ip:${rateLimitAddress(request)}`, WALLET_RELEASE_LIMITS.perIp);
    await hitLimit(
      services,
      `wallet_release:user:${appOf(request).id}:${auth.userId}`,
      WALLET_RELEASE_LIMITS.perUser,
    );
    await requireMfaProof(request, services, auth);
    return auth.userId;
  };

  scope.get(WALLET_API_PATHS.transportKey, async (request): Promise<TransportKeyResponse> => {
    await authenticate(request, services);
    return services.wallets.transportKey();
  });

  scope.post<{ Body: CreateEmbeddedWalletBody }>(
    WALLET_API_PATHS.create,
    { schema: createSchema },
    async (request): Promise<EmbeddedWalletUserResponse> => {
      const { userId } = await authenticate(request, services);
      const { address, ...shares } = request.body;
      return { user: await services.wallets.create(appOf(request).id, userId, address, shares) };
    },
  );

  scope.post<{ Params: AddressParams; Body: ReleaseShareBody }>(
    routeOf(WALLET_API_PATHS.authShare),
    { schema: releaseSchema },
    async (request): Promise<AuthShareResponse> => {
      const userId = await releaseTo(request);
      const { address } = request.params;
      const authShare = await services.wallets.releaseAuthShare(
        appOf(request).id,
        userId,
        address,
        request.body.replyKey,
      );
      return { authShare };
    },
  );

  scope.post<{ Params: AddressParams; Body: ReleaseShareBody }>(
    routeOf(WALLET_API_PATHS.recovery),
    { schema: releaseSchema },
    async (request): Promise<RecoveryResponse> => {
      const userId = await releaseTo(request);
      return services.wallets.releaseRecovery(
        appOf(request).id,
        userId,
        request.params.address,
        request.body.replyKey,
      );
    },
  );

  scope.post<{ Params: AddressParams; Body: ReshareBody }>(
    routeOf(WALLET_API_PATHS.reshare),
    { schema: reshareSchema },
    async (request): Promise<EmbeddedWalletUserResponse> => {
      const auth = await authenticate(request, services);
      await requireMfaProof(request, services, auth);
      const user = await services.wallets.reshare(
        appOf(request).id,
        auth.userId,
        request.params.address,
        request.body,
      );
      return { user };
    },
  );
}

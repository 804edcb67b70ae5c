import {
  WALLET_DEVICE_PATHS,
  type WalletChallengeResponse,
  type WalletDevicesResponse,
} from '../../protocol/wallet-device.js';
import { appOf } from '../http/app-context.js';
import { authenticate } from '../http/authenticate.js';
import { requireDevice } from '../http/device-proof.js';
import { addressParams, ID_FIELD, routeOf } from '../http/fields.js';
import { hitLimit } from '../http/limits.js';
import type { SchemaRoutes } from '../http/schema-types.js';
import type { Services } from '../services/index.js';
import type { RateLimit } from '../services/sessions/rate-limit.js';

/** Challenges per user: one per share request or change; more than an honest frame ever asks. */
const WALLET_CHALLENGE_LIMIT: RateLimit = { max: 300, windowMs: 10 * 60_000 };

const DEVICES = {
  type: 'object',
  required: ['devices'],
  properties: {
    devices: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'created_at', 'last_used_at'],
        properties: {
          id: { type: 'string', description: "The key's RFC 7638 thumbprint." },
          created_at: { type: 'integer' },
          last_used_at: { type: ['integer', 'null'] },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

const challengeSchema = {
  response: {
    200: {
      type: 'object',
      required: ['challenge', 'expires_at'],
      properties: { challenge: { type: 'string' }, expires_at: { type: 'integer' } },
      additionalProperties: false,
    },
  },
} as const;

const revokeSchema = {
  params: {
    type: 'object',
    required: ['address', 'id'],
    properties: { ...addressParams.properties, id: ID_FIELD },
  },
  response: { 200: DEVICES },
} as const;

/**
 * The device keys of the embedded wallet (protocol/wallet-device.ts), for the wallet frame only
 * (under requireFrameCaller, like the wallet endpoints): a challenge for the next device proof,
 * the list of the wallet's registered keys, and revoking one — which takes a proof by a
 * registered key of the same wallet, so a token alone revokes nothing.
 */
export function walletDeviceRoutes(scope: SchemaRoutes, services: Services): void {
  scope.post(
    WALLET_DEVICE_PATHS.challenge,
    { schema: challengeSchema },
    async (request): Promise<WalletChallengeResponse> => {
      const auth = await authenticate(request, services);
      const appId = appOf(request).id;
      await hitLimit(services, `wallet_challenge:user:${appId}:${auth.userId}`, WALLET_CHALLENGE_LIMIT);
      return services.devices.challenge(appId, auth.userId, auth.claims.sid);
    },
  );

  scope.get(
    routeOf(WALLET_DEVICE_PATHS.devices),
    { schema: { params: addressParams, response: { 200: DEVICES } } },
    async (request): Promise<WalletDevicesResponse> => {
      const auth = await authenticate(request, services);
      const appId = appOf(request).id;
      const { address } = await services.wallets.find(appId, auth.userId, request.params.address);
      return { devices: await services.devices.list(appId, auth.userId, address) };
    },
  );

  scope.post(
    decodeURIComponent(WALLET_DEVICE_PATHS.revokeDevice(':address', ':id')),
    { schema: revokeSchema },
    async (request): Promise<WalletDevicesResponse> => {
      const auth = await authenticate(request, services);
      const appId = appOf(request).id;
      const { address } = await services.wallets.find(appId, auth.userId, request.params.address);
      await requireDevice(request, services, auth, address, 'registered');
      await services.devices.revoke(appId, auth.userId, address, request.params.id);
      return { devices: await services.devices.list(appId, auth.userId, address) };
    },
  );
}

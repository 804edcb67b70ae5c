import type { FastifyRequest } from 'fastify';
import {
  type AuthShareResponse,
  type EmbeddedWalletUserResponse,
  RECOVERY_METHODS,
  type RecoveryResponse,
  type TransportKeyResponse,
  WALLET_API_PATHS,
} from '../../protocol/wallet-api.js';
import { ApiError } from '../errors.js';
import { appOf } from '../http/app-context.js';
import { type Authenticated, authenticate } from '../http/authenticate.js';
import { rateLimitAddress } from '../http/client-ip.js';
import { notifyNewDevice, requireDevice } from '../http/device-proof.js';
import { ADDRESS_FIELD, ADDRESS_SIGNATURE_FIELD, addressParams, routeOf } from '../http/fields.js';
import { hitLimit, hitLimits, WALLET_RELEASE_LIMITS } from '../http/limits.js';
import { requireMfaProof } from '../http/mfa-gate.js';
import type { SchemaRequest, SchemaRoutes } from '../http/schema-types.js';
import { requireNewDeviceStepUp, stepUpContext } from '../http/step-up-gate.js';
import { JWK, OPEN_OBJECT, SEALED, USER_ANSWER } from '../http/wire-schemas.js';
import type { Services } from '../services/index.js';
import type { RateLimit } from '../services/sessions/rate-limit.js';
import { isPasskeyBox } from '../services/wallets/wallet-input.js';
import { checksumAddress } from '../services/wallets/wallets.js';

/** New devices registered by recovery, per user: each one is also mailed to the user. */
const WALLET_RECOVERY_LIMIT: RateLimit = { max: 5, windowMs: 60 * 60_000 };

const OBJECT_FIELD = { type: 'object' } as const;

const shareSetProperties = {
  recoveryMethod: { type: 'string', enum: [...RECOVERY_METHODS] },
  authShare: OBJECT_FIELD,
  recovery: OBJECT_FIELD,
  addressSignature: ADDRESS_SIGNATURE_FIELD,
} as const;

const createSchema = {
  body: {
    type: 'object',
    required: ['address', 'recoveryMethod', 'authShare', 'recovery', 'addressSignature'],
    properties: { address: ADDRESS_FIELD, ...shareSetProperties },
  },
  response: { 200: USER_ANSWER },
} as const;

const reshareSchema = {
  params: addressParams,
  body: {
    type: 'object',
    required: ['recoveryMethod', 'authShare', 'recovery', 'addressSignature'],
    properties: shareSetProperties,
  },
  response: { 200: USER_ANSWER },
} as const;

const releaseParts = {
  params: addressParams,
  body: { type: 'object', required: ['replyKey'], properties: { replyKey: OBJECT_FIELD } },
} as const;

const authShareSchema = {
  ...releaseParts,
  response: {
    200: {
      type: 'object',
      required: ['authShare'],
      properties: { authShare: SEALED },
      additionalProperties: false,
    },
  },
} as const;

const recoverySchema = {
  ...releaseParts,
  response: {
    200: {
      type: 'object',
      required: ['recoveryMethod', 'recovery'],
      properties: {
        recoveryMethod: { type: 'string', enum: [...RECOVERY_METHODS] },
        recovery: {
          ...OPEN_OBJECT,
          description:
            'Sealed to replyKey for `gatehouse`; the stored PasswordBox for `user-passcode`, PasskeyBox for `passkey`.',
        },
      },
      additionalProperties: false,
    },
  },
} as const;

const transportKeySchema = {
  response: {
    200: {
      type: 'object',
      required: ['kid', 'publicKey'],
      properties: {
        kid: { type: 'string', description: 'RFC 7638 thumbprint of publicKey.' },
        publicKey: JWK,
      },
      additionalProperties: false,
    },
  },
} as const;

/** The user of the token, within the release limits. */
async function releaseTo(request: FastifyRequest, services: Services): Promise<Authenticated> {
  const auth = await authenticate(request, services);
  await hitLimits(
    services,
    [`wallet_release:ip:${rateLimitAddress(request)}`, WALLET_RELEASE_LIMITS.perIp],
    [`wallet_release:user:${appOf(request).id}:${auth.userId}`, WALLET_RELEASE_LIMITS.perUser],
  );
  return auth;
}

/** A recovery under a passkey names one of the user's own (else nothing could ever open it). */
async function requireOwnPasskey(
  services: Services,
  appId: string,
  auth: Authenticated,
  shares: { recoveryMethod: string; recovery: unknown },
): Promise<void> {
  // A malformed box is refused with the rest of the shares' checks.
  if (shares.recoveryMethod !== 'passkey' || !isPasskeyBox(shares.recovery)) return;
  const passkey = await services.passkeys.find(appId, shares.recovery.credentialId);
  if (passkey?.user_id !== auth.userId) throw new ApiError('passkey_not_found');
}

/** Creation: proven by the wallet's key, and registering the device key that signed. */
async function createWallet(
  request: SchemaRequest<typeof createSchema>,
  services: Services,
): Promise<EmbeddedWalletUserResponse> {
  const auth = await authenticate(request, services);
  const appId = appOf(request).id;
  const { address: raw, addressSignature, ...shares } = request.body;
  const address = checksumAddress(raw);
  const device = await requireDevice(request, services, auth, address, 'register');
  await requireOwnPasskey(services, appId, auth, shares);
  if (shares.recoveryMethod === 'gatehouse') {
    // Silent recovery only for a user something can confirm a new device with (step-up.ts).
    const { any } = await services.stepUp.factors(stepUpContext(request, auth), 'new_device');
    if (!any) throw new ApiError('recovery_password_required');
  }
  const proof = { challenge: device.challenge, signature: addressSignature };
  const user = await services.wallets.create(appId, auth.userId, address, shares, proof, async (trx) => {
    await services.devices.register(appId, auth.userId, address, device, { db: trx });
  });
  return { user };
}

/** The auth share, to a registered device key (and with MFA, its proof). */
async function releaseAuthShare(
  request: SchemaRequest<typeof releaseParts>,
  services: Services,
): Promise<AuthShareResponse> {
  const auth = await releaseTo(request, services);
  const appId = appOf(request).id;
  const { address } = await services.wallets.find(appId, auth.userId, request.params.address);
  const device = await requireDevice(request, services, auth, address, 'registered');
  await requireMfaProof(request, services, auth);
  const authShare = await services.wallets.releaseAuthShare(
    appId,
    auth.userId,
    address,
    request.body.replyKey,
  );
  await services.devices.used(appId, auth.userId, device.id);
  return { authShare };
}

/**
 * The recovery share to a new device: a step-up of this session approved for that device key (not
 * a login, however recent: a script on the page is present at every login), MFA when enrolled,
 * the new device key registered (at most WALLET_RECOVERY_LIMIT new ones per user) and the user
 * told by mail.
 */
async function releaseRecovery(
  request: SchemaRequest<typeof releaseParts>,
  services: Services,
): Promise<RecoveryResponse> {
  const auth = await releaseTo(request, services);
  const appId = appOf(request).id;
  const wallet = await services.wallets.find(appId, auth.userId, request.params.address);
  const { address } = wallet;
  const device = await requireDevice(request, services, auth, address, 'register');
  await requireNewDeviceStepUp(request, services, auth, {
    deviceId: device.id,
    recoveryMethod: wallet.recovery_method,
  });
  await requireMfaProof(request, services, auth);
  const isNew = await services.devices.register(appId, auth.userId, address, device, {
    beforeNew: () =>
      hitLimit(services, `wallet_recovery:user:${appId}:${auth.userId}`, WALLET_RECOVERY_LIMIT),
  });
  const released = await services.wallets.releaseRecovery(appId, auth.userId, address, request.body.replyKey);
  if (isNew) notifyNewDevice(request, services, auth, address);
  return released;
}

/** New shares: from a registered device, proven by the wallet's key (and with MFA, its proof). */
async function reshare(
  request: SchemaRequest<typeof reshareSchema>,
  services: Services,
): Promise<EmbeddedWalletUserResponse> {
  const auth = await authenticate(request, services);
  const { address } = await services.wallets.find(appOf(request).id, auth.userId, request.params.address);
  const device = await requireDevice(request, services, auth, address, 'registered');
  await requireMfaProof(request, services, auth);
  const { addressSignature, ...shares } = request.body;
  await requireOwnPasskey(services, appOf(request).id, auth, shares);
  const proof = { challenge: device.challenge, signature: addressSignature };
  return { user: await services.wallets.reshare(appOf(request).id, auth.userId, address, shares, proof) };
}

/**
 * The embedded wallet's provider endpoints (protocol/wallet-api.ts), for the wallet frame only
 * (registered under requireFrameCaller): transport key, creation, share release sealed to a reply
 * key, and reshare. All behind the access token of the user, for the app of the request, and the
 * frame's device proof (protocol/wallet-device.ts): the auth share and a reshare need a registered
 * device key; creation and recovery register the key that signed. Recovery also needs a step-up
 * approved for that key. With MFA enrolled, releasing a share and resharing also need the frame's MFA proof (§6).
 */
export function embeddedWalletRoutes(scope: SchemaRoutes, services: Services): void {
  scope.get(
    WALLET_API_PATHS.transportKey,
    { schema: transportKeySchema },
    async (request): Promise<TransportKeyResponse> => {
      await authenticate(request, services);
      return services.wallets.transportKey();
    },
  );
  scope.post(WALLET_API_PATHS.create, { schema: createSchema }, (request) => createWallet(request, services));
  scope.post(routeOf(WALLET_API_PATHS.authShare), { schema: authShareSchema }, (request) =>
    releaseAuthShare(request, services),
  );
  scope.post(routeOf(WALLET_API_PATHS.recovery), { schema: recoverySchema }, (request) =>
    releaseRecovery(request, services),
  );
  scope.post(routeOf(WALLET_API_PATHS.reshare), { schema: reshareSchema }, (request) =>
    reshare(request, services),
  );
}

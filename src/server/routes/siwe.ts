import type { FastifyRequest } from 'fastify';
import type { AuthResult, UserWire } from '../../protocol/api.js';
import {
  ETHEREUM_CHAIN_TYPE,
  type ExternalWalletAccountFields,
  eip155ChainId,
  SIWE_API_PATHS,
  type SiweAuthenticateBody,
  type SiweInitResponse,
} from '../../protocol/siwe-api.js';
import { WALLET_ACCOUNT_TYPE } from '../../protocol/wallet-api.js';
import { ApiError } from '../errors.js';
import { siweAddress, walletChange } from '../http/account-changes.js';
import { appOf } from '../http/app-context.js';
import { type Authenticated, authenticate } from '../http/authenticate.js';
import { clientAddress, rateLimitAddress } from '../http/client-ip.js';
import { CAPTCHA_TOKEN_FIELD, NAME_FIELD } from '../http/fields.js';
import { hitLimits, SIWE_INIT_RATE_LIMITS, SIWE_VERIFY_RATE_LIMITS } from '../http/limits.js';
import { logIn } from '../http/log-in.js';
import { requestLanguage } from '../http/message-language.js';
import type { SchemaRequest, SchemaRoutes } from '../http/schema-types.js';
import { embeddedWalletOf, withStepUp } from '../http/step-up-gate.js';
import { AUTH_RESULT, USER } from '../http/wire-schemas.js';
import type { App } from '../services/apps/apps.js';
import type { Services } from '../services/index.js';
import { checksumAddress } from '../services/login/siwe.js';
import { SIWE_MESSAGE_MAX_LENGTH } from '../services/login/siwe-message.js';
import type { AccountIdentity } from '../services/users/users.js';

/** Whether `address` is the user's own embedded wallet. */
const isEmbeddedAddress = (auth: Authenticated, address: string): boolean =>
  embeddedWalletOf(auth.user)?.address.toLowerCase() === address.toLowerCase();

const addressField = { type: 'string', maxLength: 64 } as const;
/** A 65-byte ECDSA signature is 132 characters; contract accounts may send longer ones. */
const SIGNATURE_MAX_LENGTH = 4096;

const initSchema = {
  body: {
    type: 'object',
    required: ['address'],
    properties: { address: addressField, token: CAPTCHA_TOKEN_FIELD },
  },
  response: {
    200: {
      type: 'object',
      required: ['nonce', 'address', 'expires_at'],
      properties: {
        nonce: { type: 'string' },
        address: { type: 'string', description: 'EIP-55.' },
        expires_at: { type: 'string', format: 'date-time' },
      },
      additionalProperties: false,
    },
  },
} as const;

const verifySchema = {
  body: {
    type: 'object',
    required: ['message', 'signature', 'chainId', 'walletClientType', 'connectorType'],
    properties: {
      message: { type: 'string', minLength: 1, maxLength: SIWE_MESSAGE_MAX_LENGTH },
      signature: { type: 'string', minLength: 1, maxLength: SIGNATURE_MAX_LENGTH },
      chainId: { type: 'integer', minimum: 1 },
      walletClientType: NAME_FIELD,
      connectorType: NAME_FIELD,
    },
  },
  response: { 200: AUTH_RESULT },
} as const;

const linkSchema = { body: verifySchema.body, response: { 200: USER } } as const;

const unlinkSchema = {
  body: { type: 'object', required: ['address'], properties: { address: addressField } },
  response: { 200: USER },
} as const;

/** The `wallet` linked account of an external wallet (§3), keyed by its lowercase address. */
function walletAccount(address: string, chainId: number, body: SiweAuthenticateBody): AccountIdentity {
  const data: ExternalWalletAccountFields = {
    address,
    chain_type: ETHEREUM_CHAIN_TYPE,
    chain_id: eip155ChainId(chainId),
    wallet_client: 'unknown',
    wallet_client_type: body.walletClientType,
    connector_type: body.connectorType,
  };
  return { type: WALLET_ACCOUNT_TYPE, subject: address.toLowerCase(), data: { ...data } };
}

/** The address a message claims, read before verification only to count it against its rate limit. */
function claimedAddress(message: string): string {
  return (/^0x[0-9a-fA-F]{40}$/m.exec(message)?.[0] ?? 'none').toLowerCase();
}

/** Sign-In With Ethereum (§7 `siwe/*`): nonce, login, link and unlink of external wallets. */
export function siweRoutes(app: SchemaRoutes, services: Services): void {
  function walletLoginApp(request: FastifyRequest): App {
    const current = appOf(request);
    if (!current.config.wallet_auth) throw new ApiError('disallowed_login_method');
    return current;
  }

  /** The checked message's wallet: its EIP-55 address and the account to log in or link with. */
  async function verified(request: SchemaRequest<{ body: (typeof verifySchema)['body'] }>) {
    const current = walletLoginApp(request);
    await hitLimits(
      services,
      [`siwe_verify:ip:${rateLimitAddress(request)}`, SIWE_VERIFY_RATE_LIMITS.perIp],
      [
        `siwe_verify:address:${current.id}:${claimedAddress(request.body.message)}`,
        SIWE_VERIFY_RATE_LIMITS.perAddress,
      ],
    );
    const { address, chainId } = await services.siwe.verify(
      { appId: current.id, allowedOrigins: current.allowedOrigins, origin: request.headers.origin },
      request.body,
    );
    return { current, account: walletAccount(address, chainId, request.body) };
  }

  app.post(SIWE_API_PATHS.init, { schema: initSchema }, async (request): Promise<SiweInitResponse> => {
    const current = walletLoginApp(request);
    const address = checksumAddress(request.body.address.trim());
    await hitLimits(
      services,
      [`siwe_init:ip:${rateLimitAddress(request)}`, SIWE_INIT_RATE_LIMITS.perIp],
      [`siwe_init:address:${current.id}:${address.toLowerCase()}`, SIWE_INIT_RATE_LIMITS.perAddress],
    );
    await services.captcha.verify(current, request.body.token, clientAddress(request), request.log);
    const { nonce, expiresAt } = await services.siwe.issueNonce(current.id, address);
    return { nonce, address, expires_at: new Date(expiresAt).toISOString() };
  });

  app.post(SIWE_API_PATHS.authenticate, { schema: verifySchema }, async (request): Promise<AuthResult> => {
    const { current, account } = await verified(request);
    return logIn(services, current, account, undefined, requestLanguage(request));
  });

  app.post(SIWE_API_PATHS.link, { schema: linkSchema }, async (request): Promise<UserWire> => {
    const auth = await authenticate(request, services);
    // The address the message names; a message naming none is refused by the verification.
    const named = siweAddress(request.body.message);
    const link = async () => {
      const { current, account } = await verified(request);
      return services.users.linkAccount(current.id, auth.userId, account);
    };
    // No name, or the embedded wallet itself: refused by the verification or the link, no code asked for.
    if (named === undefined || isEmbeddedAddress(auth, named)) return link();
    return withStepUp(request, services, auth, walletChange('link', named), link);
  });

  app.post(SIWE_API_PATHS.unlink, { schema: unlinkSchema }, async (request): Promise<UserWire> => {
    const auth = await authenticate(request, services);
    const address = checksumAddress(request.body.address.trim());
    const unlink = () =>
      services.users.unlinkAccount(
        appOf(request).id,
        auth.userId,
        WALLET_ACCOUNT_TYPE,
        address.toLowerCase(),
      );
    // The embedded wallet is never unlinked: refused at once, not after a step-up.
    if (isEmbeddedAddress(auth, address)) return unlink();
    return withStepUp(request, services, auth, walletChange('unlink', address), unlink);
  });
}

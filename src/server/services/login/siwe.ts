import { randomInt } from 'node:crypto';
import { siweChainNotSupportedMessage } from '../../../protocol/api-errors.js';
import {
  SIWE_CLOCK_SKEW_MS,
  SIWE_NONCE_LENGTH,
  SIWE_NONCE_TTL_MS,
  SIWE_VERSION,
} from '../../../protocol/siwe-api.js';
import type { Db } from '../../db/database.js';
import { ApiError, UserError } from '../../errors.js';
import { type AppSecrets, httpUrlSetting } from '../apps/app-secrets.js';
import type { Clock } from '../clock.js';
import type { Secrets } from '../crypto.js';
import { getAddress } from '../users/address.js';
import { isErc6492Signature, isSignedByUndeployed } from './erc6492.js';
import { isSignedBy } from './signatures.js';
import {
  parseSiweMessage,
  SIWE_MESSAGE_MAX_LENGTH,
  type SiweMessage,
  SiweParseError,
  timeProblem,
} from './siwe-message.js';

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** `siwe.chain_ids`: the chains a message may name (comma-separated ids); without it any chain. */
const SIWE_CHAIN_IDS_FIELD = 'siwe.chain_ids';
/**
 * `rpc_url.<chainId>`: the JSON-RPC URL used for the ERC-1271 and ERC-6492 checks of contract
 * accounts on that chain.
 */
const RPC_URL_PREFIX = 'rpc_url.';
const RPC_URL_FIELD = /^rpc_url\.([1-9][0-9]{0,15})$/;
export const SIWE_SETTING_HELP = `${SIWE_CHAIN_IDS_FIELD}=1,8453  ${RPC_URL_PREFIX}<chainId>=https://…`;

export interface SiweSetting {
  field: string;
  value: string | null;
}

/**
 * `siwe.chain_ids=<id,…>` or `rpc_url.<chainId>=<url>` from `gatehouse apps set` (null or ''
 * clears); undefined for any other field. Both are server-only settings of the app.
 */
export function parseSiweAssignment(argument: string): SiweSetting | undefined {
  const equals = argument.indexOf('=');
  if (equals < 0) return undefined;
  const field = argument.slice(0, equals).trim();
  const text = argument.slice(equals + 1).trim();
  const value = text === '' || text === 'null' ? null : text;
  if (field === SIWE_CHAIN_IDS_FIELD) {
    if (value === null) return { field, value };
    const ids = value.split(',').map((id) => id.trim());
    if (!ids.every((id) => /^[1-9][0-9]{0,15}$/.test(id)))
      throw new UserError(`Invalid value for ${field}: expected chain ids such as 1,8453, or null.`, 2);
    return { field, value: [...new Set(ids)].join(',') };
  }
  if (RPC_URL_FIELD.test(field))
    return { field, value: value === null ? null : httpUrlSetting(field, value) };
  if (field.startsWith(RPC_URL_PREFIX))
    throw new UserError(`Invalid setting ${field}: expected ${RPC_URL_PREFIX}<chain id>.`, 2);
  return undefined;
}

/** What the route knows of the request besides the body. */
export interface SiweRequestContext {
  appId: string;
  allowedOrigins: readonly string[];
  /** The request's Origin header. */
  origin: string | undefined;
}

export interface SiweProof {
  message: string;
  signature: string;
  chainId: number;
}

/** A verified sign-in: the EIP-55 address and the chain it was signed for. */
export interface VerifiedSiwe {
  address: string;
  chainId: number;
}

function refuse(reason: string): never {
  throw new ApiError('invalid_siwe_message', `Invalid sign-in message: ${reason}.`);
}

/** EIP-55 form of a 0x address; invalid_data for anything else (or a wrong mixed-case checksum). */
export function checksumAddress(address: string, field = 'address'): string {
  try {
    if (ADDRESS.test(address)) return getAddress(address);
  } catch {}
  throw new ApiError('invalid_data', `Invalid field '${field}': not an Ethereum address.`);
}

/**
 * Sign-In With Ethereum (EIP-4361, §5): nonces single use, bound to the app and address, kept as
 * HMACs for SIWE_NONCE_TTL_MS; messages checked against the app's origins, the request's Origin,
 * the clock, the app's chains and the signature (EOA, or through the app's RPC ERC-1271, and
 * ERC-6492 for an account not deployed yet).
 */
export class SiweService {
  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly settings: AppSecrets,
    private readonly now: Clock,
  ) {}

  private hash(appId: string, address: string, nonce: string): string {
    return this.secrets.hash('siwe-nonce', appId, address.toLowerCase(), nonce);
  }

  /** A new nonce for the address; earlier ones stay usable until they expire or are used. */
  async issueNonce(appId: string, address: string): Promise<{ nonce: string; expiresAt: number }> {
    let nonce = '';
    for (let i = 0; i < SIWE_NONCE_LENGTH; i += 1) nonce += NONCE_ALPHABET[randomInt(NONCE_ALPHABET.length)];
    const now = this.now();
    const expiresAt = now + SIWE_NONCE_TTL_MS;
    await this.db
      .insertInto('siwe_nonces')
      .values({
        nonce_hash: this.hash(appId, address, nonce),
        app_id: appId,
        address: address.toLowerCase(),
        expires_at: expiresAt,
        consumed_at: null,
        created_at: now,
      })
      .execute();
    return { nonce, expiresAt };
  }

  /** Uses the nonce at once (one UPDATE): false when it is not this address's, expired or used. */
  private async consumeNonce(appId: string, address: string, nonce: string): Promise<boolean> {
    const now = this.now();
    const result = await this.db
      .updateTable('siwe_nonces')
      .set({ consumed_at: now })
      .where('nonce_hash', '=', this.hash(appId, address, nonce))
      .where('app_id', '=', appId)
      .where('address', '=', address.toLowerCase())
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Checks a signed message for this request; consumes its nonce when everything else holds. */
  async verify(context: SiweRequestContext, proof: SiweProof): Promise<VerifiedSiwe> {
    if (proof.message.length > SIWE_MESSAGE_MAX_LENGTH) refuse('the message is too long');
    let message: SiweMessage;
    try {
      message = parseSiweMessage(proof.message);
    } catch (error) {
      if (error instanceof SiweParseError) refuse(error.message);
      throw error;
    }
    this.checkOrigin(context, message);
    this.checkTimes(message);
    if (message.version !== SIWE_VERSION) refuse(`Version must be ${SIWE_VERSION}`);
    if (message.chainId !== proof.chainId) refuse("the message's Chain ID is not the chainId sent");
    const stored = await this.settings.read(context.appId, [
      SIWE_CHAIN_IDS_FIELD,
      `${RPC_URL_PREFIX}${message.chainId}`,
    ]);
    const chains = stored[SIWE_CHAIN_IDS_FIELD]?.split(',');
    if (chains && !chains.includes(String(message.chainId))) {
      throw new ApiError('siwe_chain_not_supported', siweChainNotSupportedMessage(message.chainId));
    }
    const address = checksumAddress(message.address, 'message address');
    const rpcUrl = stored[`${RPC_URL_PREFIX}${message.chainId}` as const];
    const isSigned = isErc6492Signature(proof.signature) ? isSignedByUndeployed : isSignedBy;
    if (!(await isSigned(address, proof.message, proof.signature, message.chainId, rpcUrl))) {
      throw new ApiError('invalid_siwe_signature');
    }
    if (!(await this.consumeNonce(context.appId, address, message.nonce))) {
      throw new ApiError('invalid_siwe_nonce');
    }
    return { address, chainId: message.chainId };
  }

  /** Domain and URI belong to the app's origins; the request comes from a page of that domain. */
  private checkOrigin(context: SiweRequestContext, message: SiweMessage): void {
    const { origin } = context;
    if (origin === undefined) refuse('the request has no Origin');
    if (!context.allowedOrigins.includes(origin)) refuse('the request Origin is not an origin of this app');
    const page = new URL(origin);
    if (message.domain.toLowerCase() !== page.host) refuse("the domain is not the requesting page's");
    if (message.scheme !== null && `${message.scheme.toLowerCase()}:` !== page.protocol)
      refuse("the scheme is not the requesting page's");
    let uriOrigin: string;
    try {
      uriOrigin = new URL(message.uri).origin;
    } catch {
      refuse('the URI is not a URL');
    }
    if (!context.allowedOrigins.includes(uriOrigin)) refuse('the URI is not on an origin of this app');
  }

  /** Issued recently (not in the future), not expired, and valid already (Not Before). */
  private checkTimes(message: SiweMessage): void {
    const problem = timeProblem(message, this.now(), SIWE_NONCE_TTL_MS, SIWE_CLOCK_SKEW_MS);
    if (problem) refuse(problem);
  }

  async set(appId: string, field: string, value: string | null): Promise<void> {
    await this.settings.set(appId, field, value);
  }

  /** Which SIWE settings the app has (names only), sorted. */
  async configured(appId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('app_secrets')
      .select('name')
      .where('app_id', '=', appId)
      .where((eb) => eb.or([eb('name', '=', SIWE_CHAIN_IDS_FIELD), eb('name', 'like', `${RPC_URL_PREFIX}%`)]))
      .execute();
    return rows.map((row) => row.name).sort();
  }

  /** Deletes nonces past their expiry. */
  async sweep(): Promise<void> {
    await this.db.deleteFrom('siwe_nonces').where('expires_at', '<=', this.now()).execute();
  }
}

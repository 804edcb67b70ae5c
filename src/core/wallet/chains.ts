/**
 * The host's chain configuration (§3 `chains`, `supportedChains`, `defaultChain`, `rpcConfig`):
 * resolution and checks (§5), the chain of a transaction or of a remembered connection (§4.5, §9),
 * RPC and block-explorer URLs.
 */

import { CHAINS, type Chain, DEFAULT_CHAIN_ID } from '../../protocol/chains.js';
import { PROVIDER_ERROR_CODES } from '../../protocol/wallet-constants.js';
import * as CODES from '../errors/codes.js';
import { clientError } from '../errors/gatehouse-error.js';
import { MESSAGES } from '../errors/messages.js';
import { WALLET_MESSAGES } from '../errors/wallet-messages.js';
import { invalidParams, ProviderRpcError } from './provider-error.js';

/** A chain of the host's configuration: a full definition, or the id of a chain the wallet knows. */
export type ChainInput = Chain | number;

/** The chain part of the host-side configuration (§3). Every field is optional. */
export interface HostChainConfig {
  /** Chain definitions beyond the built-in table (e.g. a local dev chain, id 31337, with its RPC URL). */
  chains?: Chain[];
  /** The chains the wallet may use, in order; default: the built-in table and `chains`. */
  supportedChains?: ChainInput[];
  /** Default: the first supported chain when `supportedChains` is set, else Ethereum mainnet (§9). */
  defaultChain?: ChainInput;
  /** RPC URLs per chain id, used before the chain's own. */
  rpcConfig?: { rpcUrls?: Record<number, string> };
}

/** The resolved configuration: what the wallet reads. */
export interface ChainConfig {
  supportedChains: readonly Chain[];
  defaultChain: Chain;
  /** `rpcConfig.rpcUrls`, keyed by chain id. */
  rpcUrls: Readonly<Record<number, string>>;
}

function invalid(field: string, value: unknown): never {
  throw clientError(CODES.invalidConfig, MESSAGES.invalidConfig(field, value));
}

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
};

const isChainIdNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Checks a chain definition: id, name, native currency, `rpcUrls.default.http` and explorer URLs. */
function validateChain(value: unknown, field = 'chain'): Chain {
  const chain = value as Chain;
  const ok =
    !!chain &&
    typeof chain === 'object' &&
    isChainIdNumber(chain.id) &&
    typeof chain.name === 'string' &&
    chain.name.length > 0 &&
    !!chain.nativeCurrency &&
    typeof chain.nativeCurrency.symbol === 'string' &&
    typeof chain.nativeCurrency.name === 'string' &&
    Number.isInteger(chain.nativeCurrency.decimals) &&
    chain.nativeCurrency.decimals >= 0 &&
    Array.isArray(chain.rpcUrls?.default?.http) &&
    chain.rpcUrls.default.http.every(isHttpUrl) &&
    (chain.blockExplorers === undefined || isHttpUrl(chain.blockExplorers?.default?.url));
  if (!ok) invalid(field, value);
  return chain;
}

/**
 * Resolves and checks the host's chain configuration (§5): an empty `supportedChains`, or one without
 * the default chain, throws 'supportedChains must not be empty and must contain the default chain'.
 */
export function resolveChainConfig(config: HostChainConfig = {}): ChainConfig {
  const known = new Map<number, Chain>(CHAINS.map((chain) => [chain.id, chain]));
  if (config.chains !== undefined) {
    if (!Array.isArray(config.chains)) invalid('chains', config.chains);
    config.chains.forEach((chain, i) => {
      known.set(chain.id, validateChain(chain, `chains[${i}]`));
    });
  }
  const resolve = (input: ChainInput, field: string): Chain => {
    if (typeof input === 'number') {
      const chain = known.get(input);
      if (!chain) invalid(field, input);
      return chain;
    }
    const chain = validateChain(input, field);
    known.set(chain.id, chain);
    return chain;
  };
  const { supportedChains, defaultChain } = config;
  if (supportedChains !== undefined) {
    if (!Array.isArray(supportedChains)) invalid('supportedChains', supportedChains);
    const supported = supportedChains.map((input, i) => resolve(input, `supportedChains[${i}]`));
    const chosen = defaultChain !== undefined ? resolve(defaultChain, 'defaultChain') : supported[0];
    if (!chosen || !supported.some((c) => c.id === chosen.id)) chainsInvalid();
    return finalChains(supported, chosen, config);
  }
  // The built-in table, with the host's own definitions added (or replacing a table entry of the same id);
  // the default chain is supported as the host defined it (custom or not).
  const chosen =
    defaultChain !== undefined ? resolve(defaultChain, 'defaultChain') : known.get(DEFAULT_CHAIN_ID);
  if (!chosen) chainsInvalid();
  const supported = [...known.values()].map((c) => (c.id === chosen.id ? chosen : c));
  if (!supported.includes(chosen)) supported.push(chosen);
  return finalChains(supported, chosen, config);
}

function chainsInvalid(): never {
  throw clientError(CODES.invalidConfig, WALLET_MESSAGES.supportedChainsInvalid);
}

/** One chain per id (the first wins), and the host's RPC URL overrides checked. */
function finalChains(supported: Chain[], defaultChain: Chain, config: HostChainConfig): ChainConfig {
  const byId = new Map<number, Chain>();
  for (const chain of supported) if (!byId.has(chain.id)) byId.set(chain.id, chain);
  const rpcUrls: Record<number, string> = {};
  const overrides = config.rpcConfig?.rpcUrls;
  if (overrides !== undefined) {
    if (!overrides || typeof overrides !== 'object') invalid('rpcConfig.rpcUrls', overrides);
    for (const [id, url] of Object.entries(overrides)) {
      if (!isChainIdNumber(Number(id)) || !isHttpUrl(url)) invalid(`rpcConfig.rpcUrls.${id}`, url);
      rpcUrls[Number(id)] = url;
    }
  }
  return { supportedChains: [...byId.values()], defaultChain, rpcUrls };
}

/**
 * A chain id as callers write it: a number, a bigint, a `0x` hex or decimal string. Anything else
 * is refused with 'chainId must be a number' (-32602).
 */
export function parseChainId(value: unknown): number {
  let id = Number.NaN;
  if (typeof value === 'number') id = value;
  else if (typeof value === 'bigint' && value <= BigInt(Number.MAX_SAFE_INTEGER)) id = Number(value);
  else if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value)) id = Number(value);
  if (!isChainIdNumber(id)) throw invalidParams(WALLET_MESSAGES.chainIdMustBeNumber);
  return id;
}

/** `eth_chainId`'s form of an id: `0x` hex. */
export const chainIdToHex = (id: number): string => `0x${id.toString(16)}`;

function findSupportedChain(config: ChainConfig, id: number): Chain | undefined {
  return config.supportedChains.find((chain) => chain.id === id);
}

export const isSupportedChain = (config: ChainConfig, id: number): boolean =>
  findSupportedChain(config, id) !== undefined;

/**
 * The supported chain of an id (any form {@link parseChainId} takes); an unsupported one throws 4902
 * 'Chain ID {id} is not supported. It must be added to the config.supportedChains property of the provider.'
 */
export function requireSupportedChain(config: ChainConfig, id: unknown): Chain {
  const chainId = parseChainId(id);
  const chain = findSupportedChain(config, chainId);
  if (!chain) {
    throw new ProviderRpcError(
      PROVIDER_ERROR_CODES.unrecognizedChain,
      WALLET_MESSAGES.chainNotSupported(chainId),
      { chainId },
    );
  }
  return chain;
}

/** The chain of a transaction: its own chainId, which must be supported, else the default chain (§9). */
export function chainForTransaction(config: ChainConfig, chainId?: unknown): Chain {
  return chainId === undefined || chainId === null
    ? config.defaultChain
    : requireSupportedChain(config, chainId);
}

/** §4.5: the chain remembered for the wallet when it is still supported, else the default chain. */
export function chainForConnection(config: ChainConfig, storedChainId?: number | null): Chain {
  return (storedChainId != null && findSupportedChain(config, storedChainId)) || config.defaultChain;
}

/** The RPC URL of a chain: `rpcConfig.rpcUrls` first, then the chain's default; none → 'No RPC url found'. */
export function rpcUrlFor(config: ChainConfig, chain: Chain | number): string {
  const id = typeof chain === 'number' ? chain : chain.id;
  const definition = typeof chain === 'number' ? findSupportedChain(config, chain) : chain;
  const url = config.rpcUrls[id] ?? definition?.rpcUrls.default.http[0];
  if (!url)
    throw new ProviderRpcError(PROVIDER_ERROR_CODES.internal, WALLET_MESSAGES.noRpcUrl, { chainId: id });
  return url;
}

/** The chain's block-explorer page of an address or a transaction; null when the chain names no explorer. */
export function explorerUrl(chain: Chain, kind: 'address' | 'tx', value: string): string | null {
  const base = chain.blockExplorers?.default.url;
  if (!base) return null;
  return `${base.replace(/\/+$/, '')}/${kind}/${value}`;
}

/** EIP-3085 `wallet_addEthereumChain` parameters, for a wallet that answers 4902 (§4.5). */
export interface AddEthereumChainParameter {
  chainId: string;
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  rpcUrls: string[];
  blockExplorerUrls?: string[];
}

export function addEthereumChainParameter(config: ChainConfig, chain: Chain): AddEthereumChainParameter {
  const parameter: AddEthereumChainParameter = {
    chainId: chainIdToHex(chain.id),
    chainName: chain.name,
    nativeCurrency: { ...chain.nativeCurrency },
    rpcUrls: [rpcUrlFor(config, chain)],
  };
  const explorer = chain.blockExplorers?.default.url;
  if (explorer) parameter.blockExplorerUrls = [explorer];
  return parameter;
}

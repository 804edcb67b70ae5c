/**
 * The fee rules of §9 by chain family (BSC, OP stack, Arbitrum, Polygon's gas station, EIP-1559
 * elsewhere), for {@link prepareTransaction} in gas.ts.
 */
import {
  ARBITRUM_BASE_FEE_PERCENT,
  ARBITRUM_CHAIN_IDS,
  BSC_CHAIN_IDS,
  DEFAULT_BASE_FEE_PERCENT,
  DEFAULT_TRANSACTION_TYPE,
  FALLBACK_PRIORITY_FEE_WEI,
  LEGACY_TRANSACTION_TYPE,
  OP_STACK_BASE_FEE_PERCENT,
  OP_STACK_CHAIN_IDS,
  POLYGON_CHAIN_IDS,
  POLYGON_GAS_STATION_TIER,
  POLYGON_GAS_STATION_URLS,
} from '../../protocol/chains.js';
import { PROVIDER_ERROR_CODES } from '../../protocol/wallet-constants.js';
import { WALLET_MESSAGES } from '../errors/wallet-messages.js';
import { gweiToWei } from './format.js';
import { toQuantity } from './hex.js';
import { internalError, invalidParams, isProviderRpcError } from './provider-error.js';
import type { FetchLike, RpcClient } from './rpc.js';
import type { NormalizedTransactionRequest, TransactionType } from './transaction.js';

/** Which gas rule of §9 a chain follows. */
export type GasFamily = 'bsc' | 'op-stack' | 'arbitrum' | 'polygon' | 'default';

export function gasFamily(chainId: number): GasFamily {
  if (BSC_CHAIN_IDS.includes(chainId)) return 'bsc';
  if (OP_STACK_CHAIN_IDS.includes(chainId)) return 'op-stack';
  if (ARBITRUM_CHAIN_IDS.includes(chainId)) return 'arbitrum';
  if (POLYGON_CHAIN_IDS.includes(chainId)) return 'polygon';
  return 'default';
}

/** How 'Failed to set gas price for ... transaction' names each family. */
const FAMILY_NAMES: Record<GasFamily, string> = {
  bsc: 'BSC',
  'op-stack': 'OP stack',
  arbitrum: 'Arbitrum',
  polygon: 'Polygon',
  default: 'EIP-1559',
};

/** eth_maxPriorityFeePerGas, or 1 gwei from a node that does not have the method. */
async function nodePriorityFee(rpc: RpcClient): Promise<bigint> {
  try {
    return await rpc.maxPriorityFeePerGas();
  } catch (error) {
    const missing: number[] = [PROVIDER_ERROR_CODES.methodNotFound, PROVIDER_ERROR_CODES.methodNotSupported];
    if (isProviderRpcError(error) && missing.includes(error.code)) return FALLBACK_PRIORITY_FEE_WEI;
    throw error;
  }
}

async function requireBaseFee(rpc: RpcClient): Promise<bigint> {
  const baseFee = await rpc.latestBaseFee();
  if (baseFee === null) throw internalError(WALLET_MESSAGES.baseFeeUnavailable);
  return baseFee;
}

const percentOf = (value: bigint, percent: bigint): bigint => (value * percent) / 100n;

/** A Polygon gas station's answer: `standard.maxPriorityFee` and `standard.maxFee` in gwei, as wei. */
async function fetchPolygonGasStation(
  url: string,
  fetchImpl: FetchLike = (input, init) => globalThis.fetch(input, init),
): Promise<{ maxPriorityFeePerGas: bigint; maxFeePerGas: bigint }> {
  try {
    const response = await fetchImpl(url, { method: 'GET', headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`status ${response.status}`);
    const body = (await response.json()) as Record<string, { maxPriorityFee?: unknown; maxFee?: unknown }>;
    const tier = body?.[POLYGON_GAS_STATION_TIER];
    const { maxPriorityFee, maxFee } = tier ?? {};
    const isAmount = (v: unknown): v is number | string =>
      (typeof v === 'number' && Number.isFinite(v) && v >= 0) ||
      (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v));
    if (!isAmount(maxPriorityFee) || !isAmount(maxFee)) throw new Error('no standard tier');
    return { maxPriorityFeePerGas: gweiToWei(maxPriorityFee), maxFeePerGas: gweiToWei(maxFee) };
  } catch (error) {
    throw internalError(WALLET_MESSAGES.gasPriceFailed(FAMILY_NAMES.polygon), {
      url,
      cause: error instanceof Error ? error.message : String(error),
    });
  }
}

interface Fees {
  type: TransactionType;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
}

async function legacyFees(
  rpc: RpcClient,
  tx: NormalizedTransactionRequest,
  family: GasFamily,
  type: TransactionType,
): Promise<Fees> {
  if (tx.gasPrice !== undefined) return { type, gasPrice: tx.gasPrice };
  try {
    return { type, gasPrice: await rpc.gasPrice() };
  } catch (error) {
    throw internalError(WALLET_MESSAGES.gasPriceFailed(FAMILY_NAMES[family]), {
      cause: error instanceof Error ? error.message : String(error),
    });
  }
}

/** Where the Polygon gas station is, for the chain being prepared. */
export interface FeeOptions {
  chainId: number;
  fetch?: FetchLike;
  gasStationUrls?: Readonly<Record<number, string>>;
}

interface Given {
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
}
type Eip1559 = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

/** The fees of §9 for the chain's family: type 0 (gas price) or type 2 (max and priority fees). */
export async function computeFees(
  rpc: RpcClient,
  tx: NormalizedTransactionRequest,
  family: GasFamily,
  options: FeeOptions,
): Promise<Fees> {
  if (family === 'bsc') return legacyFees(rpc, tx, family, LEGACY_TRANSACTION_TYPE);
  const impliedLegacy =
    tx.gasPrice !== undefined && tx.maxFeePerGas === undefined && tx.maxPriorityFeePerGas === undefined;
  const type: TransactionType =
    tx.type ?? (impliedLegacy ? LEGACY_TRANSACTION_TYPE : DEFAULT_TRANSACTION_TYPE);
  if (type !== 2) return legacyFees(rpc, tx, family, type);
  const given: Given = { maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas };
  if (given.maxFeePerGas !== undefined && given.maxPriorityFeePerGas !== undefined) {
    return { type, maxFeePerGas: given.maxFeePerGas, maxPriorityFeePerGas: given.maxPriorityFeePerGas };
  }
  const fees = await familyFees(rpc, given, family, options);
  if (fees === null) {
    if (tx.type === undefined) return legacyFees(rpc, tx, family, LEGACY_TRANSACTION_TYPE);
    throw internalError(WALLET_MESSAGES.baseFeeUnavailable);
  }
  // A max fee of nothing (a base fee of 0 with no tip, a gas station answering 0) would never be mined.
  if (fees.maxFeePerGas <= 0n) {
    throw internalError(WALLET_MESSAGES.maxFeeNotSet, { chainId: options.chainId });
  }
  // A priority fee above the max fee would be refused by the node; the max fee caps it.
  const maxPriorityFeePerGas =
    fees.maxPriorityFeePerGas > fees.maxFeePerGas ? fees.maxFeePerGas : fees.maxPriorityFeePerGas;
  return { type, maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas };
}

/** Type-2 fees by family; null on a default chain without a base fee (no EIP-1559). */
function familyFees(rpc: RpcClient, given: Given, family: GasFamily, options: FeeOptions) {
  switch (family) {
    case 'op-stack':
      return opStackFees(rpc, given);
    case 'arbitrum':
      return arbitrumFees(rpc, given);
    case 'polygon':
      return polygonFees(given, options);
    case 'bsc':
    case 'default':
      return defaultFees(rpc, given);
  }
}

async function opStackFees(rpc: RpcClient, given: Given): Promise<Eip1559> {
  const maxPriorityFeePerGas = given.maxPriorityFeePerGas ?? (await nodePriorityFee(rpc));
  if (given.maxFeePerGas === undefined) {
    const maxFeePerGas =
      percentOf(await requireBaseFee(rpc), OP_STACK_BASE_FEE_PERCENT) + maxPriorityFeePerGas;
    return { maxFeePerGas, maxPriorityFeePerGas };
  }
  // §5: a max fee alone must exceed the priority fee.
  if (given.maxFeePerGas <= maxPriorityFeePerGas) {
    throw invalidParams(WALLET_MESSAGES.maxFeeBelowPriorityFee, {
      maxFeePerGas: toQuantity(given.maxFeePerGas),
      maxPriorityFeePerGas: toQuantity(maxPriorityFeePerGas),
    });
  }
  return { maxFeePerGas: given.maxFeePerGas, maxPriorityFeePerGas };
}

async function arbitrumFees(rpc: RpcClient, given: Given): Promise<Eip1559> {
  return {
    maxPriorityFeePerGas: given.maxPriorityFeePerGas ?? 0n,
    maxFeePerGas: given.maxFeePerGas ?? percentOf(await requireBaseFee(rpc), ARBITRUM_BASE_FEE_PERCENT),
  };
}

async function polygonFees(given: Given, options: FeeOptions): Promise<Eip1559> {
  const url = options.gasStationUrls?.[options.chainId] ?? POLYGON_GAS_STATION_URLS[options.chainId];
  if (!url) throw internalError(WALLET_MESSAGES.gasPriceFailed(FAMILY_NAMES.polygon));
  const station = await fetchPolygonGasStation(url, options.fetch);
  return {
    maxPriorityFeePerGas: given.maxPriorityFeePerGas ?? station.maxPriorityFeePerGas,
    maxFeePerGas: given.maxFeePerGas ?? station.maxFeePerGas,
  };
}

async function defaultFees(rpc: RpcClient, given: Given): Promise<Eip1559 | null> {
  const [priority, baseFee] = await Promise.all([
    given.maxPriorityFeePerGas ?? nodePriorityFee(rpc),
    given.maxFeePerGas === undefined ? rpc.latestBaseFee() : null,
  ]);
  if (given.maxFeePerGas !== undefined)
    return { maxFeePerGas: given.maxFeePerGas, maxPriorityFeePerGas: priority };
  if (baseFee === null) return null;
  return {
    maxFeePerGas: percentOf(baseFee, DEFAULT_BASE_FEE_PERCENT) + priority,
    maxPriorityFeePerGas: priority,
  };
}

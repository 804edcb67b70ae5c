/**
 * Transaction preparation (§4.6) with the gas rules of §9, the fee breakdown of the review screen and
 * the funds check (§5):
 * - no chainId → the default chain; type 2 unless given (a gasPrice alone means type 0);
 * - BSC (56, 97): type 0 with eth_gasPrice;
 * - OP stack (nine chains): max fee = last base fee × 126 % + priority fee (eth_maxPriorityFeePerGas),
 *   plus the layer-1 fee of the GasPriceOracle predeploy (getL1Fee of the unsigned transaction) in the total;
 * - Arbitrum (three chains): max fee = base fee × 120 %, priority fee 0;
 * - Polygon mainnet, Mumbai and Amoy: the gas station's standard tier (gwei → wei);
 * - elsewhere: priority fee from the node, max fee = base fee × 2 + priority fee (as ethers' fee data);
 * - nonce: the pending transaction count; gas limit: eth_estimateGas when not given.
 */
import {
  ARBITRUM_BASE_FEE_PERCENT,
  ARBITRUM_CHAIN_IDS,
  BSC_CHAIN_IDS,
  type Chain,
  DEFAULT_BASE_FEE_PERCENT,
  DEFAULT_TRANSACTION_TYPE,
  FALLBACK_PRIORITY_FEE_WEI,
  LEGACY_TRANSACTION_TYPE,
  OP_GAS_PRICE_ORACLE_ADDRESS,
  OP_GET_L1_FEE_SELECTOR,
  OP_STACK_BASE_FEE_PERCENT,
  OP_STACK_CHAIN_IDS,
  POLYGON_CHAIN_IDS,
  POLYGON_GAS_STATION_TIER,
  POLYGON_GAS_STATION_URLS,
} from '../../protocol/chains.js';
import { PROVIDER_ERROR_CODES } from '../../protocol/constants.js';
import { WALLET_MESSAGES } from '../errors/wallet-messages.js';
import { type ChainConfig, chainForTransaction, rpcUrlFor } from './chains.js';
import { gweiToWei } from './format.js';
import { hexToBytes, nodeQuantity, toQuantity } from './hex.js';
import { internalError, invalidParams, isProviderRpcError, ProviderRpcError } from './provider-error.js';
import { type FetchLike, type RpcCallRequest, RpcClient } from './rpc.js';
import {
  type NormalizedTransactionRequest,
  normalizeTransactionRequest,
  type PreparedTransaction,
  serializeUnsignedTransaction,
  type TransactionRequest,
  type TransactionType,
} from './transaction.js';

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

/** What the review screen shows (§2.3): every amount in wei. */
export interface FeeBreakdown {
  /** gasLimit × maxFeePerGas (type 2) or × gasPrice: the most the gas can cost. */
  gasFee: bigint;
  /** The OP-stack layer-1 data fee; 0 on other chains. */
  l1Fee: bigint;
  /** gasFee + l1Fee. */
  totalFee: bigint;
  /** value + totalFee: what the wallet must hold (§5 funds check). */
  total: bigint;
}

export interface PreparedTransactionResult {
  chain: Chain;
  transaction: PreparedTransaction;
  fees: FeeBreakdown;
}

export interface PrepareTransactionOptions {
  config: ChainConfig;
  /** The wallet's address: the sender, whatever `from` the request holds. */
  from: string;
  /** The client of the transaction's chain; default: one on `rpcUrlFor(config, chain)` with `fetch`. */
  rpc?: RpcClient;
  /** For the default RPC client and the gas station; default: the global fetch. */
  fetch?: FetchLike;
  /** Polygon gas-station URLs by chain id, over the defaults of POLYGON_GAS_STATION_URLS. */
  gasStationUrls?: Readonly<Record<number, string>>;
}

/** The fields eth_estimateGas sees (§5: never the gas-price fields). */
function estimateRequest(tx: NormalizedTransactionRequest, from: string | undefined): RpcCallRequest {
  const request: RpcCallRequest = { value: toQuantity(tx.value), data: tx.data };
  if (from) request.from = from;
  if (tx.to) request.to = tx.to;
  if (tx.accessList) request.accessList = tx.accessList;
  return request;
}

/**
 * eth_estimateGas for a request (§5): the gas-price fields are dropped, and when the estimate with
 * the sender fails it is retried without it; if both fail, the first failure is thrown.
 */
export async function estimateGas(rpc: RpcClient, tx: NormalizedTransactionRequest): Promise<bigint> {
  let gas: bigint;
  try {
    gas = await rpc.estimateGas(estimateRequest(tx, tx.from));
  } catch (error) {
    if (!tx.from) throw error;
    try {
      gas = await rpc.estimateGas(estimateRequest(tx, undefined));
    } catch {
      throw error;
    }
  }
  if (gas <= 0n) throw internalError(WALLET_MESSAGES.gasLimitNotSet);
  return gas;
}

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
export async function fetchPolygonGasStation(
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

/** The calldata of `getL1Fee(bytes)` with the unsigned serialized transaction, ABI-encoded by hand. */
export function encodeGetL1FeeCall(serializedTransaction: string): string {
  const bytes = hexToBytes(serializedTransaction);
  const word = (n: number) => n.toString(16).padStart(64, '0');
  const data = serializedTransaction.slice(2).padEnd(Math.ceil(bytes.length / 32) * 64, '0');
  return `${OP_GET_L1_FEE_SELECTOR}${word(32)}${word(bytes.length)}${data}`;
}

/** The OP-stack layer-1 data fee of a transaction, from the GasPriceOracle predeploy. */
export async function opStackL1Fee(rpc: RpcClient, tx: PreparedTransaction): Promise<bigint> {
  const data = encodeGetL1FeeCall(serializeUnsignedTransaction(tx));
  const result = await rpc.call({ to: OP_GAS_PRICE_ORACLE_ADDRESS, data });
  return nodeQuantity(result, 'eth_call getL1Fee');
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
) {
  if (tx.gasPrice !== undefined) return { type, gasPrice: tx.gasPrice };
  try {
    return { type, gasPrice: await rpc.gasPrice() };
  } catch (error) {
    throw internalError(WALLET_MESSAGES.gasPriceFailed(FAMILY_NAMES[family]), {
      cause: error instanceof Error ? error.message : String(error),
    });
  }
}

async function computeFees(
  rpc: RpcClient,
  tx: NormalizedTransactionRequest,
  family: GasFamily,
  options: PrepareTransactionOptions,
  chainId: number,
): Promise<Fees> {
  if (family === 'bsc') return legacyFees(rpc, tx, family, LEGACY_TRANSACTION_TYPE);
  const impliedLegacy =
    tx.gasPrice !== undefined && tx.maxFeePerGas === undefined && tx.maxPriorityFeePerGas === undefined;
  const type: TransactionType =
    tx.type ?? (impliedLegacy ? LEGACY_TRANSACTION_TYPE : DEFAULT_TRANSACTION_TYPE);
  if (type !== 2) return legacyFees(rpc, tx, family, type);

  const given = { maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas };
  if (given.maxFeePerGas !== undefined && given.maxPriorityFeePerGas !== undefined) {
    return { type, maxFeePerGas: given.maxFeePerGas, maxPriorityFeePerGas: given.maxPriorityFeePerGas };
  }
  let maxFeePerGas: bigint | undefined;
  let maxPriorityFeePerGas: bigint | undefined;
  switch (family) {
    case 'op-stack': {
      maxPriorityFeePerGas = given.maxPriorityFeePerGas ?? (await nodePriorityFee(rpc));
      if (given.maxFeePerGas !== undefined) {
        // §5: a max fee alone must exceed the priority fee.
        if (given.maxFeePerGas <= maxPriorityFeePerGas) {
          throw invalidParams(WALLET_MESSAGES.maxFeeBelowPriorityFee, {
            maxFeePerGas: toQuantity(given.maxFeePerGas),
            maxPriorityFeePerGas: toQuantity(maxPriorityFeePerGas),
          });
        }
        maxFeePerGas = given.maxFeePerGas;
      } else {
        maxFeePerGas = percentOf(await requireBaseFee(rpc), OP_STACK_BASE_FEE_PERCENT) + maxPriorityFeePerGas;
      }
      break;
    }
    case 'arbitrum': {
      maxPriorityFeePerGas = given.maxPriorityFeePerGas ?? 0n;
      maxFeePerGas = given.maxFeePerGas ?? percentOf(await requireBaseFee(rpc), ARBITRUM_BASE_FEE_PERCENT);
      break;
    }
    case 'polygon': {
      const url = options.gasStationUrls?.[chainId] ?? POLYGON_GAS_STATION_URLS[chainId];
      if (!url) throw internalError(WALLET_MESSAGES.gasPriceFailed(FAMILY_NAMES.polygon));
      const station = await fetchPolygonGasStation(url, options.fetch);
      maxPriorityFeePerGas = given.maxPriorityFeePerGas ?? station.maxPriorityFeePerGas;
      maxFeePerGas = given.maxFeePerGas ?? station.maxFeePerGas;
      break;
    }
    default: {
      const [priority, baseFee] = await Promise.all([
        given.maxPriorityFeePerGas ?? nodePriorityFee(rpc),
        given.maxFeePerGas === undefined ? rpc.latestBaseFee() : null,
      ]);
      maxPriorityFeePerGas = priority;
      if (given.maxFeePerGas !== undefined) maxFeePerGas = given.maxFeePerGas;
      else if (baseFee !== null) maxFeePerGas = percentOf(baseFee, DEFAULT_BASE_FEE_PERCENT) + priority;
      else if (tx.type === undefined) return legacyFees(rpc, tx, family, LEGACY_TRANSACTION_TYPE);
      else throw internalError(WALLET_MESSAGES.baseFeeUnavailable);
    }
  }
  if (maxFeePerGas === undefined) throw internalError(WALLET_MESSAGES.maxFeeNotSet);
  // A priority fee above the max fee would be refused by the node; the max fee caps it.
  if (maxPriorityFeePerGas > maxFeePerGas) maxPriorityFeePerGas = maxFeePerGas;
  return { type, maxFeePerGas, maxPriorityFeePerGas };
}

/** The review screen's amounts for a prepared transaction and its layer-1 fee. */
export function feeBreakdown(tx: PreparedTransaction, l1Fee = 0n): FeeBreakdown {
  const price = tx.type === 2 ? (tx.maxFeePerGas ?? 0n) : (tx.gasPrice ?? 0n);
  const gasFee = tx.gasLimit * price;
  const totalFee = gasFee + l1Fee;
  return { gasFee, l1Fee, totalFee, total: tx.value + totalFee };
}

/**
 * Prepares a transaction request for signing (§4.6): checks it (§5), picks its chain (the default
 * chain when it names none; an unsupported one throws 4902), then nonce, gas limit and fees per §9.
 */
export async function prepareTransaction(
  request: TransactionRequest,
  options: PrepareTransactionOptions,
): Promise<PreparedTransactionResult> {
  const tx = normalizeTransactionRequest(request);
  const chain = chainForTransaction(options.config, tx.chainId);
  const rpc = options.rpc ?? new RpcClient(rpcUrlFor(options.config, chain), { fetch: options.fetch });
  const family = gasFamily(chain.id);
  const from = options.from;
  const [nonce, gasLimit, fees] = await Promise.all([
    tx.nonce ?? rpc.pendingNonce(from),
    tx.gasLimit ?? estimateGas(rpc, { ...tx, from }),
    computeFees(rpc, tx, family, options, chain.id),
  ]);
  const transaction: PreparedTransaction = {
    chainId: chain.id,
    type: fees.type,
    from,
    to: tx.to,
    value: tx.value,
    data: tx.data,
    nonce,
    gasLimit,
  };
  if (fees.type === 2) {
    transaction.maxFeePerGas = fees.maxFeePerGas;
    transaction.maxPriorityFeePerGas = fees.maxPriorityFeePerGas;
  } else {
    transaction.gasPrice = fees.gasPrice;
  }
  if (tx.accessList && fees.type !== 0) transaction.accessList = tx.accessList;
  const l1Fee = family === 'op-stack' ? await opStackL1Fee(rpc, transaction) : 0n;
  return { chain, transaction, fees: feeBreakdown(transaction, l1Fee) };
}

/** §5 funds check: balance − value − fees must not be negative. */
export const hasSufficientFunds = (balance: bigint, fees: FeeBreakdown): boolean => balance >= fees.total;

/** Throws 'Wallet has insufficient funds for this transaction.' when {@link hasSufficientFunds} fails. */
export function assertSufficientFunds(balance: bigint, fees: FeeBreakdown): void {
  if (hasSufficientFunds(balance, fees)) return;
  throw new ProviderRpcError(PROVIDER_ERROR_CODES.invalidInput, WALLET_MESSAGES.insufficientFunds, {
    type: 'insufficient_funds',
    balance: toQuantity(balance),
    required: toQuantity(fees.total),
  });
}

/** Reads the balance of the sender and checks it against the fees (§4.6: check balance before submitting). */
export async function checkFunds(
  rpc: RpcClient,
  from: string,
  fees: FeeBreakdown,
): Promise<{ balance: bigint; sufficient: boolean }> {
  const balance = await rpc.getBalance(from);
  return { balance, sufficient: hasSufficientFunds(balance, fees) };
}

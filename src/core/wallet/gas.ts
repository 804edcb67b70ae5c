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
import { type Chain, OP_GAS_PRICE_ORACLE_ADDRESS, OP_GET_L1_FEE_SELECTOR } from '../../protocol/chains.js';
import { PROVIDER_ERROR_CODES } from '../../protocol/wallet-constants.js';
import { WALLET_MESSAGES } from '../errors/wallet-messages.js';
import { type ChainConfig, chainForTransaction, rpcUrlFor } from './chains.js';
import { computeFees, gasFamily } from './fees.js';
import { hexToBytes, nodeQuantity, toQuantity } from './hex.js';
import { internalError, ProviderRpcError } from './provider-error.js';
import { type FetchLike, type RpcCallRequest, RpcClient } from './rpc.js';
import {
  type NormalizedTransactionRequest,
  normalizeTransactionRequest,
  type PreparedTransaction,
  serializeUnsignedTransaction,
  type TransactionRequest,
} from './transaction.js';

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

/** The calldata of `getL1Fee(bytes)` with the unsigned serialized transaction, ABI-encoded by hand. */
export function encodeGetL1FeeCall(serializedTransaction: string): string {
  const bytes = hexToBytes(serializedTransaction);
  const word = (n: number) => n.toString(16).padStart(64, '0');
  const data = serializedTransaction.slice(2).padEnd(Math.ceil(bytes.length / 32) * 64, '0');
  return `${OP_GET_L1_FEE_SELECTOR}${word(32)}${word(bytes.length)}${data}`;
}

/** The OP-stack layer-1 data fee of a transaction, from the GasPriceOracle predeploy. */
async function opStackL1Fee(rpc: RpcClient, tx: PreparedTransaction): Promise<bigint> {
  const data = encodeGetL1FeeCall(serializeUnsignedTransaction(tx));
  const result = await rpc.call({ to: OP_GAS_PRICE_ORACLE_ADDRESS, data });
  return nodeQuantity(result, 'eth_call getL1Fee');
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
    computeFees(rpc, tx, family, { ...options, chainId: chain.id }),
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

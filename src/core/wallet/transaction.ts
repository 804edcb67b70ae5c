/**
 * The transaction request of §3 as a host or an EIP-1193 caller gives it, its checks (§5), its kind
 * and title, and the unsigned serialization the OP-stack layer-1 fee is computed on.
 */
import { DEFAULT_NATIVE_SYMBOL } from '../../protocol/chains.js';
import { PROVIDER_ERROR_CODES } from '../../protocol/wallet-constants.js';
import { TRANSACTION_TEXT, WALLET_MESSAGES } from '../errors/wallet-messages.js';
import { parseChainId } from './chains.js';
import { bytesToHex, hexToBytes, isAddress, isHex, parseQuantity, toQuantity } from './hex.js';
import { invalidParams, ProviderRpcError } from './provider-error.js';
import { type RlpItem, rlpEncode, rlpInteger } from './rlp.js';

/** A number, a bigint or a hex string (§5). */
export type Quantity = number | bigint | string;

export interface AccessListEntry {
  address: string;
  storageKeys: string[];
}
export type AccessList = AccessListEntry[];

export type TransactionType = 0 | 1 | 2;

/** Transaction request (§3); `gas` is accepted for `gasLimit`. */
export interface TransactionRequest {
  to?: string | null;
  from?: string;
  value?: Quantity;
  data?: string;
  chainId?: number | bigint | string;
  type?: number | string;
  gasLimit?: Quantity;
  gas?: Quantity;
  gasPrice?: Quantity;
  maxFeePerGas?: Quantity;
  maxPriorityFeePerGas?: Quantity;
  nonce?: Quantity;
  accessList?: AccessList;
}

/** A request with its values checked and parsed: what the preparation completes. */
export interface NormalizedTransactionRequest {
  to: string | null;
  from?: string;
  value: bigint;
  data: string;
  chainId?: number;
  type?: TransactionType;
  gasLimit?: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  nonce?: number;
  accessList?: AccessList;
}

/** A transaction ready to be signed: every field its type needs is set. */
export interface PreparedTransaction {
  chainId: number;
  type: TransactionType;
  from: string;
  to: string | null;
  value: bigint;
  data: string;
  nonce: number;
  gasLimit: bigint;
  /** Types 0 and 1. */
  gasPrice?: bigint;
  /** Type 2. */
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  accessList?: AccessList;
}

function parseType(value: unknown): TransactionType {
  const type =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && isHex(value)
        ? Number(value)
        : Number.NaN;
  if (type === 0 || type === 1 || type === 2) return type;
  throw invalidParams(WALLET_MESSAGES.invalidTransactionType);
}

function parseAccessList(value: unknown): AccessList {
  const valid =
    Array.isArray(value) &&
    value.every(
      (entry) =>
        entry &&
        typeof entry === 'object' &&
        isAddress(entry.address) &&
        Array.isArray(entry.storageKeys) &&
        entry.storageKeys.every((key: unknown) => isHex(key) && key.length === 66),
    );
  if (!valid) throw invalidParams(WALLET_MESSAGES.invalidAccessList);
  return (value as AccessList).map(({ address, storageKeys }) => ({
    address,
    storageKeys: [...storageKeys],
  }));
}

const optional = <T>(value: unknown, parse: (value: unknown) => T): T | undefined =>
  value === undefined || value === null ? undefined : parse(value);

/**
 * Checks a request (§5): quantities are numbers, bigints or hex strings, chainId a number, addresses
 * and data hex. Throws -32602 with the message of the first wrong field.
 */
export function normalizeTransactionRequest(request: TransactionRequest): NormalizedTransactionRequest {
  if (!request || typeof request !== 'object') throw new ProviderRpcError(PROVIDER_ERROR_CODES.invalidParams);
  checkHexFields(request);
  const normalized: NormalizedTransactionRequest = {
    to: request.to ?? null,
    value: optional(request.value, (v) => parseQuantity(v, 'value')) ?? 0n,
    data: request.data ?? '0x',
  };
  if (request.from) normalized.from = request.from;
  const chainId = optional(request.chainId, chainIdParam);
  if (chainId !== undefined) normalized.chainId = chainId;
  const type = optional(request.type, parseType);
  if (type !== undefined) normalized.type = type;
  const gasLimit =
    optional(request.gasLimit, (v) => parseQuantity(v, 'gasLimit')) ??
    optional(request.gas, (v) => parseQuantity(v, 'gasLimit'));
  if (gasLimit !== undefined) normalized.gasLimit = gasLimit;
  for (const field of ['gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas'] as const) {
    const value = optional(request[field], (v) => parseQuantity(v, field));
    if (value !== undefined) normalized[field] = value;
  }
  const nonce = optional(request.nonce, nonceParam);
  if (nonce !== undefined) normalized.nonce = nonce;
  const accessList = optional(request.accessList, parseAccessList);
  if (accessList) normalized.accessList = accessList;
  return normalized;
}

/** `to` and `from` are addresses, `data` even-length hex (absent or null is fine). */
function checkHexFields({ to, from, data }: TransactionRequest): void {
  if (to !== undefined && to !== null && !isAddress(to))
    throw invalidParams(WALLET_MESSAGES.invalidAddress('to'));
  if (from !== undefined && from !== null && !isAddress(from)) {
    throw invalidParams(WALLET_MESSAGES.invalidAddress('from'));
  }
  if (data !== undefined && data !== null && !(isHex(data) && data.length % 2 === 0)) {
    throw invalidParams(WALLET_MESSAGES.invalidData);
  }
}

function chainIdParam(value: unknown): number {
  try {
    return parseChainId(value);
  } catch {
    throw invalidParams(WALLET_MESSAGES.chainIdMustBeNumber);
  }
}

function nonceParam(value: unknown): number {
  const nonce = parseQuantity(value, 'nonce');
  if (nonce > BigInt(Number.MAX_SAFE_INTEGER)) throw invalidParams(WALLET_MESSAGES.invalidQuantity('nonce'));
  return Number(nonce);
}

/** §5: to and data → CONTRACT_CALL; to and value → SEND; else UNKNOWN. */
export type TransactionKind = 'CONTRACT_CALL' | 'SEND' | 'UNKNOWN';

export function transactionKind(tx: { to?: string | null; data?: string; value?: bigint }): TransactionKind {
  if (!tx.to) return 'UNKNOWN';
  if (tx.data && tx.data !== '0x') return 'CONTRACT_CALL';
  if (tx.value && tx.value > 0n) return 'SEND';
  return 'UNKNOWN';
}

/** The review screen's title (§5): 'Send {symbol}' for a SEND, else 'Review transaction'. */
export function transactionTitle(kind: TransactionKind, symbol: string = DEFAULT_NATIVE_SYMBOL): string {
  return kind === 'SEND' ? TRANSACTION_TEXT.sendTitle(symbol) : TRANSACTION_TEXT.reviewTitle;
}

const accessListItem = (list: AccessList | undefined): RlpItem =>
  (list ?? []).map((entry) => [hexToBytes(entry.address), entry.storageKeys.map(hexToBytes)]);

/**
 * The unsigned serialized transaction, as signers hash it: EIP-1559 `0x02 || rlp([...])`, EIP-2930
 * `0x01 || rlp([...])`, legacy EIP-155 `rlp([nonce, gasPrice, gas, to, value, data, chainId, 0, 0])`.
 */
export function serializeUnsignedTransaction(tx: PreparedTransaction): string {
  const to = tx.to ? hexToBytes(tx.to) : new Uint8Array(0);
  const data = hexToBytes(tx.data);
  const int = rlpInteger;
  if (tx.type === 2) {
    const fields: RlpItem = [
      int(tx.chainId),
      int(tx.nonce),
      int(tx.maxPriorityFeePerGas ?? 0n),
      int(tx.maxFeePerGas ?? 0n),
      int(tx.gasLimit),
      to,
      int(tx.value),
      data,
      accessListItem(tx.accessList),
    ];
    return `0x02${bytesToHex(rlpEncode(fields)).slice(2)}`;
  }
  if (tx.type === 1) {
    const fields: RlpItem = [
      int(tx.chainId),
      int(tx.nonce),
      int(tx.gasPrice ?? 0n),
      int(tx.gasLimit),
      to,
      int(tx.value),
      data,
      accessListItem(tx.accessList),
    ];
    return `0x01${bytesToHex(rlpEncode(fields)).slice(2)}`;
  }
  const fields: RlpItem = [
    int(tx.nonce),
    int(tx.gasPrice ?? 0n),
    int(tx.gasLimit),
    to,
    int(tx.value),
    data,
    int(tx.chainId),
    int(0),
    int(0),
  ];
  return bytesToHex(rlpEncode(fields));
}

/** A JSON-RPC transaction object (hex quantities), e.g. for `eth_signTransaction` in the frame. */
export interface RpcTransaction {
  from: string;
  to?: string;
  value: string;
  data: string;
  nonce: string;
  gas: string;
  chainId: string;
  type: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  accessList?: AccessList;
}

export function toRpcTransaction(tx: PreparedTransaction): RpcTransaction {
  const rpc: RpcTransaction = {
    from: tx.from,
    value: toQuantity(tx.value),
    data: tx.data,
    nonce: toQuantity(tx.nonce),
    gas: toQuantity(tx.gasLimit),
    chainId: toQuantity(tx.chainId),
    type: toQuantity(tx.type),
  };
  if (tx.to) rpc.to = tx.to;
  if (tx.type === 2) {
    rpc.maxFeePerGas = toQuantity(tx.maxFeePerGas ?? 0n);
    rpc.maxPriorityFeePerGas = toQuantity(tx.maxPriorityFeePerGas ?? 0n);
  } else {
    rpc.gasPrice = toQuantity(tx.gasPrice ?? 0n);
  }
  if (tx.accessList && tx.type !== 0) rpc.accessList = tx.accessList;
  return rpc;
}

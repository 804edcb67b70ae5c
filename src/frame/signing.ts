/**
 * `wallet:rpc`: the four signing methods, sign only. The core prepares transactions (nonce, gas,
 * fees), talks to the chain and broadcasts; the frame never sends anything to a chain.
 *
 * - personal_sign [message, address] and eth_sign [address, message]: EIP-191 signature of the
 *   message (0x-hex → its bytes, any other string → its UTF-8). eth_sign is signed the same way
 *   (prefixed), never as a raw hash, so it cannot be used to sign a transaction blindly.
 * - eth_signTypedData_v4 [address, typedData]: EIP-712 (JSON string or object).
 * - eth_signTransaction [tx]: the raw signed transaction (0x-hex); `chainId` is required.
 */
import { getBytes, isHexString } from 'ethers/utils';
import type { HDNodeWallet } from 'ethers/wallet';
import {
  WALLET_RPC_METHODS,
  type WalletRpcMethod,
  type WalletRpcRequest,
  type WalletTransactionRequest,
} from '../protocol/wallet-frame.js';
import { sameAddress } from './keys.js';

/** A request the frame refuses before signing (error type invalid_request_arguments). */
export class InvalidRpcRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidRpcRequestError';
  }
}

/** The signing wallet is not the address the request names. */
export class WrongSignerError extends InvalidRpcRequestError {
  constructor() {
    super('The address is not the wallet being used.');
    this.name = 'WrongSignerError';
  }
}

type TypedDataField = { name: string; type: string };
type TypedDataTypes = Record<string, TypedDataField[]>;

function isRpcMethod(method: unknown): method is WalletRpcMethod {
  return typeof method === 'string' && (WALLET_RPC_METHODS as readonly string[]).includes(method);
}

function requireSigner(wallet: HDNodeWallet, address: unknown): void {
  if (typeof address !== 'string' || !sameAddress(address, wallet.address)) throw new WrongSignerError();
}

function messageBytes(message: unknown): string | Uint8Array {
  if (typeof message !== 'string') throw new InvalidRpcRequestError('The message must be a string.');
  return isHexString(message) ? getBytes(message) : message;
}

/** A non-negative integer from a JSON-RPC quantity (0x-hex or decimal string, safe integer, bigint). */
function quantity(value: unknown, field: string): bigint | undefined {
  if (value === undefined || value === null) return undefined;
  let result: bigint;
  try {
    if (typeof value === 'bigint') result = value;
    else if (typeof value === 'number' && Number.isSafeInteger(value)) result = BigInt(value);
    else if (typeof value === 'string' && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value)) result = BigInt(value);
    else throw new Error();
  } catch {
    throw new InvalidRpcRequestError(`Invalid transaction field '${field}'.`);
  }
  if (result < 0n) throw new InvalidRpcRequestError(`Invalid transaction field '${field}'.`);
  return result;
}

function hexData(value: unknown, field: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !isHexString(value) || value.length % 2 !== 0) {
    throw new InvalidRpcRequestError(`Invalid transaction field '${field}'.`);
  }
  return value;
}

function address(value: unknown, field: string): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'string' || !isHexString(value, 20)) {
    throw new InvalidRpcRequestError(`Invalid transaction field '${field}'.`);
  }
  return value;
}

async function signTransaction(wallet: HDNodeWallet, tx: WalletTransactionRequest): Promise<string> {
  if (typeof tx !== 'object' || tx === null)
    throw new InvalidRpcRequestError('The transaction must be an object.');
  if (tx.from !== undefined) requireSigner(wallet, tx.from);
  const chainId = quantity(tx.chainId, 'chainId');
  if (chainId === undefined || chainId === 0n)
    throw new InvalidRpcRequestError('The transaction needs a chainId.');
  const type = quantity(tx.type, 'type');
  if (type !== undefined && type !== 0n && type !== 2n) {
    throw new InvalidRpcRequestError('Only type 0 and type 2 transactions are signed.');
  }
  const request = {
    type: type === undefined ? undefined : Number(type),
    chainId,
    to: address(tx.to, 'to'),
    value: quantity(tx.value, 'value'),
    data: hexData(tx.data, 'data'),
    nonce: ((n) => (n === undefined ? undefined : Number(n)))(quantity(tx.nonce, 'nonce')),
    gasLimit: quantity(tx.gas ?? tx.gasLimit, 'gas'),
    gasPrice: quantity(tx.gasPrice, 'gasPrice'),
    maxFeePerGas: quantity(tx.maxFeePerGas, 'maxFeePerGas'),
    maxPriorityFeePerGas: quantity(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas'),
  };
  const defined = Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined));
  return wallet.signTransaction(defined);
}

/** The types reachable from `primaryType`, without EIP712Domain (ethers derives the domain's own). */
function typesFor(types: TypedDataTypes, primaryType: string): TypedDataTypes {
  const reachable: TypedDataTypes = {};
  const visit = (name: string): void => {
    const fields = types[name];
    if (!fields || reachable[name] || name === 'EIP712Domain') return;
    if (!Array.isArray(fields)) throw new InvalidRpcRequestError(`Invalid typed data type '${name}'.`);
    reachable[name] = fields;
    for (const field of fields) visit(String(field.type).replace(/(\[\d*\])+$/, ''));
  };
  visit(primaryType);
  if (!reachable[primaryType]) throw new InvalidRpcRequestError('The typed data has no such primaryType.');
  return reachable;
}

/** eth_signTypedData_v4's argument (a JSON string or an object), checked; what review.ts shows and this signs. */
export interface TypedDataInput {
  domain?: Record<string, unknown>;
  types: TypedDataTypes;
  primaryType: string;
  message: Record<string, unknown>;
}

export function readTypedData(input: unknown): TypedDataInput {
  let data: unknown = input;
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input);
    } catch {
      throw new InvalidRpcRequestError('The typed data is not valid JSON.');
    }
  }
  const typed = data as Partial<Record<keyof TypedDataInput, unknown>> | null;
  if (
    typeof typed !== 'object' ||
    typed === null ||
    typeof typed.types !== 'object' ||
    typed.types === null ||
    typeof typed.primaryType !== 'string' ||
    typeof typed.message !== 'object' ||
    typed.message === null
  ) {
    throw new InvalidRpcRequestError('The typed data needs types, primaryType and message.');
  }
  return typed as TypedDataInput;
}

async function signTypedData(wallet: HDNodeWallet, input: unknown): Promise<string> {
  const typed = readTypedData(input);
  return wallet.signTypedData(typed.domain ?? {}, typesFor(typed.types, typed.primaryType), typed.message);
}

/** The signature (or raw signed transaction) for one `wallet:rpc` request. */
export async function signRpc(wallet: HDNodeWallet, request: WalletRpcRequest): Promise<string> {
  if (typeof request !== 'object' || request === null || !isRpcMethod(request.method)) {
    throw new InvalidRpcRequestError('Unsupported wallet RPC method.');
  }
  const params: unknown[] = Array.isArray(request.params) ? request.params : [];
  if (!Array.isArray(request.params)) throw new InvalidRpcRequestError('params must be an array.');
  try {
    switch (request.method) {
      case 'personal_sign':
        if (params[1] !== undefined) requireSigner(wallet, params[1]);
        return await wallet.signMessage(messageBytes(params[0]));
      case 'eth_sign':
        requireSigner(wallet, params[0]);
        return await wallet.signMessage(messageBytes(params[1]));
      case 'eth_signTypedData_v4':
        requireSigner(wallet, params[0]);
        return await signTypedData(wallet, params[1]);
      case 'eth_signTransaction':
        return await signTransaction(wallet, params[0] as WalletTransactionRequest);
    }
  } catch (error) {
    if (error instanceof InvalidRpcRequestError) throw error;
    // ethers' own argument errors (bad typed data values, inconsistent fee fields, …).
    const message = error instanceof Error ? error.message.split(' (')[0] : 'Invalid request.';
    throw new InvalidRpcRequestError(message ?? 'Invalid request.');
  }
}

/**
 * A minimal JSON-RPC client over fetch for the chain node calls of §7, with the node's and the
 * transport's failures as {@link ProviderRpcError}s of the §8 table:
 * - the node's JSON-RPC error keeps its code, message and data (ethers and viem decode reverts from them);
 * - no answer (network, timeout) → 4901 Chain Disconnected; HTTP 429 → -32005; 401/403 → 4100;
 *   a body that is not JSON → -32700; any other failure → -32603.
 */
import { API_TIMEOUT_MS } from '../../protocol/constants.js';
import { PROVIDER_ERROR_CODES } from '../../protocol/wallet-constants.js';
import { MESSAGES } from '../errors/messages.js';
import { WALLET_MESSAGES } from '../errors/wallet-messages.js';
import { type PollOptions, poll } from '../poll.js';
import { isHex, nodeQuantity } from './hex.js';
import { internalError, ProviderRpcError } from './provider-error.js';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface RpcClientOptions {
  /** Default: the global fetch. */
  fetch?: FetchLike;
  /** Per request; default 20 s (§9 API timeout). */
  timeoutMs?: number;
}

/** A transaction for eth_estimateGas and eth_call: JSON-RPC field names, hex quantities. */
export interface RpcCallRequest {
  from?: string;
  to?: string | null;
  value?: string;
  data?: string;
  gas?: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  nonce?: string;
  type?: string;
  accessList?: unknown;
}

/** The receipt fields read (§3). */
export interface TransactionReceipt {
  transactionHash: string;
  from: string;
  to: string | null;
  blockNumber: number;
  status: 'success' | 'reverted';
  gasUsed: bigint;
  effectiveGasPrice: bigint;
}

interface JsonRpcAnswer {
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
}

function transportError(status: number): ProviderRpcError {
  if (status === 429) return new ProviderRpcError(PROVIDER_ERROR_CODES.limitExceeded, undefined, { status });
  if (status === 401 || status === 403) {
    return new ProviderRpcError(PROVIDER_ERROR_CODES.unauthorized, undefined, { status });
  }
  return new ProviderRpcError(PROVIDER_ERROR_CODES.internal, undefined, { status });
}

/** A node's JSON-RPC error as it came, its code kept when it is an integer. */
function nodeError(error: NonNullable<JsonRpcAnswer['error']>): ProviderRpcError {
  const { code, message, data } = error;
  return new ProviderRpcError(
    typeof code === 'number' && Number.isInteger(code) ? code : PROVIDER_ERROR_CODES.internal,
    typeof message === 'string' && message ? message : undefined,
    data,
  );
}

function parseReceipt(value: unknown): TransactionReceipt | null {
  if (value === null) return null;
  const raw = value as Record<string, unknown>;
  const method = 'eth_getTransactionReceipt';
  if (!raw || typeof raw !== 'object' || !isHex(raw.transactionHash) || !isHex(raw.from)) {
    throw internalError(WALLET_MESSAGES.nodeInvalidAnswer(method));
  }
  return {
    transactionHash: raw.transactionHash,
    from: raw.from,
    to: isHex(raw.to) ? raw.to : null,
    blockNumber: Number(nodeQuantity(raw.blockNumber, method)),
    status: nodeQuantity(raw.status, method) === 1n ? 'success' : 'reverted',
    gasUsed: nodeQuantity(raw.gasUsed, method),
    // Before London a receipt may lack it; the gas price paid is then unknown here.
    effectiveGasPrice: raw.effectiveGasPrice === undefined ? 0n : nodeQuantity(raw.effectiveGasPrice, method),
  };
}

export class RpcClient {
  readonly url: string;
  private readonly fetchImpl: FetchLike;
  private readonly timeoutMs: number;
  private nextId = 1;

  constructor(url: string, options: RpcClientOptions = {}) {
    this.url = url;
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;
  }

  /** One JSON-RPC call; resolves with `result`, rejects with a {@link ProviderRpcError}. */
  async request<T = unknown>(method: string, params: readonly unknown[] = []): Promise<T> {
    const { response, text } = await this.post(method, params);
    let answer: JsonRpcAnswer;
    try {
      answer = JSON.parse(text) as JsonRpcAnswer;
    } catch {
      if (!response.ok) throw transportError(response.status);
      throw new ProviderRpcError(PROVIDER_ERROR_CODES.parseError, undefined, { method });
    }
    if (answer && typeof answer === 'object' && answer.error && typeof answer.error === 'object') {
      throw nodeError(answer.error);
    }
    if (!response.ok) throw transportError(response.status);
    if (!answer || typeof answer !== 'object' || !('result' in answer)) {
      throw internalError(WALLET_MESSAGES.nodeInvalidAnswer(method));
    }
    return answer.result as T;
  }

  /** The POST itself, cut off after the timeout; a network failure is 'disconnected' (4900). */
  private async post(method: string, params: readonly unknown[]) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.timeoutMs);
    try {
      const response = await this.fetchImpl(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params }),
        signal: controller.signal,
      });
      return { response, text: await response.text() };
    } catch (error) {
      const timedOut = controller.signal.aborted;
      throw new ProviderRpcError(
        PROVIDER_ERROR_CODES.chainDisconnected,
        timedOut ? MESSAGES.requestTimedOut : undefined,
        { method, cause: error instanceof Error ? error.message : String(error) },
      );
    } finally {
      clearTimeout(timer);
    }
  }

  private async quantity(method: string, params: readonly unknown[] = []): Promise<bigint> {
    return nodeQuantity(await this.request(method, params), method);
  }

  async chainId(): Promise<number> {
    return Number(await this.quantity('eth_chainId'));
  }

  maxPriorityFeePerGas(): Promise<bigint> {
    return this.quantity('eth_maxPriorityFeePerGas');
  }

  /** `baseFeePerGas` of the latest block; null on a chain without EIP-1559. */
  async latestBaseFee(): Promise<bigint | null> {
    const method = 'eth_getBlockByNumber';
    const block = await this.request<Record<string, unknown> | null>(method, ['latest', false]);
    if (!block || typeof block !== 'object') throw internalError(WALLET_MESSAGES.nodeInvalidAnswer(method));
    return block.baseFeePerGas === undefined || block.baseFeePerGas === null
      ? null
      : nodeQuantity(block.baseFeePerGas, method);
  }

  gasPrice(): Promise<bigint> {
    return this.quantity('eth_gasPrice');
  }

  estimateGas(tx: RpcCallRequest): Promise<bigint> {
    return this.quantity('eth_estimateGas', [tx]);
  }

  /** eth_getTransactionCount of the pending block: the next nonce (§4.6). */
  async pendingNonce(address: string): Promise<number> {
    return Number(await this.quantity('eth_getTransactionCount', [address, 'pending']));
  }

  getBalance(address: string): Promise<bigint> {
    return this.quantity('eth_getBalance', [address, 'latest']);
  }

  async call(tx: RpcCallRequest): Promise<string> {
    const result = await this.request('eth_call', [tx, 'latest']);
    if (!isHex(result)) throw internalError(WALLET_MESSAGES.nodeInvalidAnswer('eth_call'));
    return result;
  }

  /** Broadcasts a signed transaction; resolves with its hash. */
  async sendRawTransaction(raw: string): Promise<string> {
    const hash = await this.request('eth_sendRawTransaction', [raw]);
    if (!isHex(hash)) throw internalError(WALLET_MESSAGES.nodeInvalidAnswer('eth_sendRawTransaction'));
    return hash;
  }

  /** The receipt, or null while the transaction is not mined. */
  async getTransactionReceipt(hash: string): Promise<TransactionReceipt | null> {
    return parseReceipt(await this.request('eth_getTransactionReceipt', [hash]));
  }

  /** Polls eth_getTransactionReceipt until the transaction is mined (§9 polling helper). */
  async waitForReceipt(hash: string, options: PollOptions = {}): Promise<TransactionReceipt> {
    const receipt = await poll(() => this.getTransactionReceipt(hash), options);
    if (!receipt) throw internalError(WALLET_MESSAGES.receiptTimeout(hash), { hash });
    return receipt;
  }
}

/**
 * `LoginWidget.getEthereumProvider()`: an EIP-1193 provider for the embedded wallet (§4.5, §5, §8).
 * Accounts and chain come from the controller; signing methods go to the frame (through the sign
 * screen unless noPromptOnSignature); eth_sendTransaction through the review screen; every other
 * method goes to the current chain's RPC. Works as ethers' BrowserProvider and viem's custom()
 * transport: `request({ method, params })`, errors with `code`, `on`/`removeListener`.
 */

import type { EmbeddedWallet, SendTransactionResult } from '../../protocol/embedded-wallet.js';
import { PROVIDER_ERROR_CODES } from '../../protocol/wallet-constants.js';
import * as CODES from '../errors/codes.js';
import { toGatehouseError } from '../errors/gatehouse-error.js';
import { WALLET_FLOW_TEXT } from '../text/wallet-flow.js';
import { chainIdToHex } from './chains.js';
import { estimateGas } from './gas.js';
import { isAddress, toQuantity } from './hex.js';
import { invalidParams, isProviderRpcError, ProviderRpcError } from './provider-error.js';
import type { RpcClient } from './rpc.js';
import { normalizeTransactionRequest, type RpcTransaction, type TransactionRequest } from './transaction.js';

/** What the provider asks of the wallet controller (controller.ts). */
export interface ProviderWallet {
  wallet(): EmbeddedWallet | null;
  connect(interactive: boolean): Promise<string>;
  currentChainId(): number;
  switchChain(id: unknown): number;
  rpcClient(chainId?: number): RpcClient;
  signMessage(message: unknown): Promise<string>;
  ethSign(message: string): Promise<string>;
  signTypedData(data: unknown): Promise<string>;
  signTransaction(request: TransactionRequest): Promise<string>;
  populateTransaction(request: TransactionRequest): Promise<RpcTransaction>;
  sendTransaction(request: TransactionRequest): Promise<SendTransactionResult>;
}

export interface RequestArguments {
  method: string;
  params?: readonly unknown[] | object;
}

type Listener = (...args: unknown[]) => void;

/** Methods whose params must be an array (§5); the others take none or pass through. */
const ARRAY_PARAMS = new Set([
  'eth_sendTransaction',
  'eth_signTransaction',
  'eth_populateTransactionRequest',
  'wallet_switchEthereumChain',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'eth_estimateGas',
]);

/** Wallet-side methods an RPC node must never see. */
const UNSUPPORTED = new Set([
  'eth_signTypedData',
  'eth_signTypedData_v1',
  'eth_signTypedData_v3',
  'wallet_requestPermissions',
  'wallet_getPermissions',
  'wallet_watchAsset',
  'eth_coinbase',
]);

export class EmbeddedEthereumProvider {
  /** For libraries that look for it (wagmi's injected checks); this is not MetaMask. */
  readonly isGatehouse = true;
  private readonly wallet: ProviderWallet;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(wallet: ProviderWallet) {
    this.wallet = wallet;
  }

  async request(args: RequestArguments): Promise<unknown> {
    if (!args || typeof args !== 'object' || typeof args.method !== 'string') {
      throw new ProviderRpcError(PROVIDER_ERROR_CODES.invalidRequest);
    }
    const { method } = args;
    const params = args.params ?? [];
    if (ARRAY_PARAMS.has(method) && !Array.isArray(params)) {
      throw invalidParams(WALLET_FLOW_TEXT.paramsMustBeArray(method));
    }
    try {
      return await this.handle(method, params as readonly unknown[]);
    } catch (error) {
      throw toProviderError(error);
    }
  }

  private async handle(method: string, params: readonly unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_accounts': {
        const wallet = this.wallet.wallet();
        return wallet ? [wallet.address] : [];
      }
      case 'eth_requestAccounts':
        return [await this.wallet.connect(true)];
      case 'eth_chainId':
        return chainIdToHex(this.wallet.currentChainId());
      case 'net_version':
        return String(this.wallet.currentChainId());
      case 'wallet_switchEthereumChain': {
        const first = params[0];
        const id =
          typeof first === 'object' && first !== null ? (first as { chainId?: unknown }).chainId : first;
        if (id === undefined) throw invalidParams(WALLET_FLOW_TEXT.paramsMustBeArray(method));
        this.wallet.switchChain(id);
        return null;
      }
      case 'wallet_addEthereumChain': {
        // Only the host's supported chains are usable (§5): adding one switches to it, else 4902.
        const first = params[0] as { chainId?: unknown } | undefined;
        this.wallet.switchChain(first?.chainId);
        return null;
      }
      case 'personal_sign': {
        const [message, address] = params;
        this.checkAddress(address);
        return this.wallet.signMessage(message);
      }
      case 'eth_sign': {
        const [address, message] = params;
        this.checkAddress(address);
        if (typeof message !== 'string' || message === '')
          throw invalidParams(WALLET_FLOW_TEXT.messageNotEmpty);
        return this.wallet.ethSign(message);
      }
      case 'eth_signTypedData_v4': {
        const [address, data] = params;
        this.checkAddress(address);
        return this.wallet.signTypedData(data);
      }
      case 'eth_signTransaction': {
        const tx = this.transaction(params[0]);
        return this.wallet.signTransaction(tx);
      }
      case 'eth_populateTransactionRequest':
        return this.wallet.populateTransaction(this.transaction(params[0]));
      case 'eth_sendTransaction': {
        const tx = this.transaction(params[0]);
        const result = await this.wallet.sendTransaction(tx);
        return result.transactionHash;
      }
      case 'eth_estimateGas': {
        const request = normalizeTransactionRequest(this.transaction(params[0], false));
        const rpc = this.wallet.rpcClient(request.chainId ?? this.wallet.currentChainId());
        return toQuantity(await estimateGas(rpc, request));
      }
      default:
        if (UNSUPPORTED.has(method)) throw new ProviderRpcError(PROVIDER_ERROR_CODES.unsupportedMethod);
        return this.wallet.rpcClient().request(method, params);
    }
  }

  /** A signing method names the wallet's own address, else 4100 (§8 Unauthorized). */
  private checkAddress(address: unknown): void {
    const wallet = this.wallet.wallet();
    if (!wallet)
      throw new ProviderRpcError(PROVIDER_ERROR_CODES.unauthorized, WALLET_FLOW_TEXT.walletNotConnected);
    if (!isAddress(address) || address.toLowerCase() !== wallet.address.toLowerCase()) {
      throw new ProviderRpcError(PROVIDER_ERROR_CODES.unauthorized);
    }
  }

  /** The transaction object of a method; its `from`, when given, must be the wallet. */
  private transaction(value: unknown, checkFrom = true): TransactionRequest {
    if (!value || typeof value !== 'object')
      throw invalidParams(WALLET_FLOW_TEXT.paramsMustBeArray('transaction'));
    const tx = { ...(value as TransactionRequest) };
    if (checkFrom && tx.from !== undefined && tx.from !== null) this.checkAddress(tx.from);
    return tx;
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    return this.removeListener(event, listener);
  }

  /**
   * An event to its listeners: chainChanged and accountsChanged from the wallet (embedded/state.ts
   * fire()), connect and disconnect from embedded/announce.ts. A listener that throws is logged.
   */
  emit(event: string, value: unknown): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        listener(value);
      } catch (error) {
        console.error(error);
      }
    }
  }
}

/** Any failure as an EIP-1193 error (§8): provider errors as they are, others -32603. */
export function toProviderError(error: unknown): ProviderRpcError {
  if (isProviderRpcError(error)) return error;
  const failure = toGatehouseError(error);
  if (failure.code === CODES.mustBeAuthenticated || failure.code === CODES.embeddedWalletNotFound) {
    return new ProviderRpcError(PROVIDER_ERROR_CODES.unauthorized, failure.message);
  }
  if (failure.code === CODES.timeout) {
    return new ProviderRpcError(PROVIDER_ERROR_CODES.disconnected, failure.message);
  }
  return new ProviderRpcError(PROVIDER_ERROR_CODES.internal, failure.message);
}

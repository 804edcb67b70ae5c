/**
 * The session side of the WalletConnect provider (walletconnect.ts): sign-client's session shape
 * read as accounts and chains, the provider's options and interface, its error codes as EIP-1193 errors, and a small event emitter.
 */
import type { SignClient } from '@walletconnect/sign-client';
import type { ExternalEthereumProvider } from '../../../protocol/external-wallet.js';
import { PROVIDER_ERROR_CODES } from '../../../protocol/wallet-constants.js';
import { parseChainId } from '../chains.js';
import { ProviderRpcError } from '../provider-error.js';

export type Client = InstanceType<typeof SignClient>;
export type Session = ReturnType<Client['session']['get']>;

type InitOptions = NonNullable<Parameters<typeof SignClient.init>[0]>;
/** sign-client's key-value storage (pairings, keys, sessions). */
export type WalletConnectStorage = NonNullable<InitOptions['storage']>;

export interface WalletConnectOptions {
  /** The WalletConnect Cloud project id (32 hex characters). */
  projectId: string;
  /** WalletConnect's public relay unless a self-hosted (or test) relay is given. */
  relayUrl?: string;
  /** What the wallet shows of the app. */
  metadata: { name: string; description: string; url: string; icons: string[] };
  /** The app's supported chains; the first is the default. */
  chainIds: number[];
  /** Called with the `wc:` pairing URI as soon as it exists (to draw the QR code or deep link). */
  onDisplayUri?: (uri: string) => void;
  /** Keeps this app's pairings and sessions apart from other WalletConnect users of the page. */
  storagePrefix?: string;
  /** sign-client's own storage otherwise (IndexedDB in a browser, memory in Node). */
  storage?: WalletConnectStorage;
}

export interface WalletConnectProvider extends ExternalEthereumProvider {
  /** The current pairing URI while a pairing waits for the wallet; null otherwise. */
  readonly uri: string | null;
  /** Ends the session (the wallet gets session_delete) and forgets it. */
  disconnect(): Promise<void>;
  /** Closes the relay socket and timers; the session stays stored for the next page load. */
  close(): Promise<void>;
}

type Listener = (...args: unknown[]) => void;

/** What the wallet answers a session delete with (sign-client's USER_DISCONNECTED). */
export const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' };
/** sign-client's 'user rejected' family (5000 rejected, 5001-5003 rejected chains/methods/events). */
const isSdkRejection = (code: number): boolean => code >= 5000 && code <= 5003;

export const caip = (chainId: number): string => `eip155:${chainId}`;

/** `eip155:<chain>:<address>` → [chain, address]. */
function splitAccount(account: string): [number, string] | null {
  const [namespace, chain, address] = account.split(':');
  return namespace === 'eip155' && chain && address ? [Number(chain), address] : null;
}

/** An error of the wallet (a JSON-RPC error object from sign-client) with its numeric code kept. */
export function walletError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error;
  const { code, message, data } = (error ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  if (typeof code !== 'number') return new ProviderRpcError(PROVIDER_ERROR_CODES.internal, text);
  return new ProviderRpcError(isSdkRejection(code) ? PROVIDER_ERROR_CODES.userRejected : code, text, data);
}

/** A refused pairing: the user's rejection as 4001 'User rejected connection', others as they came. */
export function pairingError(error: unknown): ProviderRpcError {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'number' && (code === PROVIDER_ERROR_CODES.userRejected || isSdkRejection(code))) {
    return new ProviderRpcError(PROVIDER_ERROR_CODES.userRejected, 'User rejected connection');
  }
  return walletError(error);
}

export function accountsOf(session: Session): Array<[number, string]> {
  return (session.namespaces.eip155?.accounts ?? [])
    .map(splitAccount)
    .filter((a): a is [number, string] => a !== null);
}

export function approvedChains(session: Session): number[] {
  return [...new Set(accountsOf(session).map(([chain]) => chain))];
}

/** The session's addresses, those of `chainId` first, as the wallet wrote them, each once. */
export function sessionAddresses(session: Session, chainId: number): string[] {
  const accounts = accountsOf(session);
  const ordered = [...accounts.filter(([c]) => c === chainId), ...accounts];
  const seen = new Set<string>();
  return ordered
    .map(([, address]) => address)
    .filter((address) => !seen.has(address.toLowerCase()) && !!seen.add(address.toLowerCase()));
}

/** A chainChanged event's chain: wallets send a number, a hex or a decimal string; else the CAIP-2 id. */
export function eventChainId(data: unknown, caipChainId: string): number {
  try {
    return parseChainId(data);
  } catch {
    return Number(caipChainId.split(':')[1]);
  }
}

/** An accountsChanged event's addresses, CAIP-10 accounts reduced to their address. */
export const eventAddresses = (data: unknown[]): string[] =>
  data
    .filter((a): a is string => typeof a === 'string')
    .map((a) => (a.includes(':') ? (a.split(':')[2] ?? a) : a));

/** EIP-1193's on/removeListener; a listener's failure reaches neither the others nor sign-client. */
export class Emitter {
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set();
    this.listeners.set(event, set.add(listener));
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  protected emit(event: string, value: unknown): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        listener(value);
      } catch (error) {
        setTimeout(() => {
          throw error;
        });
      }
    }
  }
}

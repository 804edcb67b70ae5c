/**
 * WalletConnect v2 (a wallet app on another device, paired by a `wc:` URI shown as a QR code) as an
 * EIP-1193 provider, on `@walletconnect/sign-client` alone (no modal kit, no ethereum-provider): the
 * package is loaded only when the user picks WalletConnect. The wallet flow (wallets.ts) then treats
 * it like an extension: eth_requestAccounts pairs, eth_accounts restores a stored session, requests
 * travel over the session, and the wallet's session events become accountsChanged / chainChanged.
 */
import type { SignClient } from '@walletconnect/sign-client';
import { PROVIDER_ERROR_CODES } from '../../../protocol/constants.js';
import {
  type ExternalEthereumProvider,
  WALLET_CONNECT_DEFAULT_RELAY_URL,
  WALLET_CONNECT_EVENTS,
  WALLET_CONNECT_METHODS,
} from '../../../protocol/external-wallet.js';
import { chainIdToHex, parseChainId } from '../chains.js';
import { ProviderRpcError } from '../provider-error.js';

type Client = InstanceType<typeof SignClient>;
type Session = ReturnType<Client['session']['get']>;
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
const USER_DISCONNECTED = { code: 6000, message: 'User disconnected.' };
/** sign-client's 'user rejected' family (5000 rejected, 5001-5003 rejected chains/methods/events). */
const isSdkRejection = (code: number): boolean => code >= 5000 && code <= 5003;

const caip = (chainId: number): string => `eip155:${chainId}`;

/** `eip155:<chain>:<address>` → [chain, address]. */
function splitAccount(account: string): [number, string] | null {
  const [namespace, chain, address] = account.split(':');
  return namespace === 'eip155' && chain && address ? [Number(chain), address] : null;
}

/** An error of the wallet (a JSON-RPC error object from sign-client) with its numeric code kept. */
function walletError(error: unknown): ProviderRpcError {
  if (error instanceof ProviderRpcError) return error;
  const { code, message, data } = (error ?? {}) as { code?: unknown; message?: unknown; data?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  if (typeof code !== 'number') return new ProviderRpcError(PROVIDER_ERROR_CODES.internal, text);
  return new ProviderRpcError(isSdkRejection(code) ? PROVIDER_ERROR_CODES.userRejected : code, text, data);
}

/**
 * Creates the provider and restores a session an earlier page load stored. Create one per page:
 * sign-client shares one core per storagePrefix through `globalThis`.
 */
export async function createWalletConnectProvider(
  options: WalletConnectOptions,
): Promise<WalletConnectProvider> {
  const { SignClient } = await import('@walletconnect/sign-client');
  const client = await SignClient.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl ?? WALLET_CONNECT_DEFAULT_RELAY_URL,
    metadata: options.metadata,
    customStoragePrefix: options.storagePrefix,
    storage: options.storage,
    // No usage events to pulse.walletconnect.org.
    telemetryEnabled: false,
    // Relay failures (offline, blocked) reach the caller as rejections, not as console noise.
    logger: 'silent',
  });
  // Verify has no switch: in a browser it loads verify.walletconnect.org in a hidden iframe for every
  // proposal and request, which waits 5 s each when it cannot load (offline, self-hosted relay, CSP).
  // It only lets the wallet label our domain as verified, so the proposals go without it.
  client.core.verify.register = () => Promise.resolve('');
  return new WalletConnectEthereumProvider(client, options);
}

class WalletConnectEthereumProvider implements WalletConnectProvider {
  private session: Session | null = null;
  private chainId: number;
  private pairing: Promise<string[]> | null = null;
  private pairingUri: string | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(
    private readonly client: Client,
    private readonly options: WalletConnectOptions,
  ) {
    const defaultChain = options.chainIds[0];
    if (defaultChain === undefined) throw new Error('WalletConnect needs at least one chain');
    this.chainId = defaultChain;
    // The newest stored session that still runs and covers one of our chains (eth_accounts, no prompt).
    const ours = new Set(options.chainIds);
    const stored = client.session
      .getAll()
      .filter((s) => this.isLive(s) && this.accountsOf(s).some(([chain]) => ours.has(chain)))
      .sort((a, b) => b.expiry - a.expiry)[0];
    if (stored) this.adopt(stored);
    client.on('session_event', this.onSessionEvent);
    client.on('session_update', this.onSessionUpdate);
    client.on('session_delete', this.onSessionEnd);
    client.on('session_expire', this.onSessionEnd);
  }

  get uri(): string | null {
    return this.pairingUri;
  }

  async request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown> {
    switch (args.method) {
      case 'eth_requestAccounts':
        return this.connect();
      case 'eth_accounts':
        return this.liveSession() ? this.addresses() : [];
      case 'eth_chainId':
        return chainIdToHex(this.chainId);
      case 'wallet_switchEthereumChain':
        return this.switchChain(args.params);
      default:
        return this.forward(args.method, args.params, this.chainId);
    }
  }

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set();
    this.listeners.set(event, set.add(listener));
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  async disconnect(): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.forget();
    try {
      await this.client.disconnect({ topic: session.topic, reason: USER_DISCONNECTED });
    } catch {
      // The wallet could not be told (offline): still drop the session so no page load restores it.
      await this.client.session.delete(session.topic, USER_DISCONNECTED).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    this.client.off('session_event', this.onSessionEvent);
    this.client.off('session_update', this.onSessionUpdate);
    this.client.off('session_delete', this.onSessionEnd);
    this.client.off('session_expire', this.onSessionEnd);
    this.client.core.heartbeat.stop();
    await this.client.core.relayer.transportClose().catch(() => undefined);
  }

  // ---- connection ----

  /** A session that sign-client still holds and that has not expired (expiry is in seconds). */
  private isLive(session: Session): boolean {
    return session.expiry * 1000 > Date.now() && this.client.session.keys.includes(session.topic);
  }

  private liveSession(): Session | null {
    if (this.session && !this.isLive(this.session)) this.forget();
    return this.session;
  }

  private connect(): Promise<string[]> {
    if (this.liveSession()) return Promise.resolve(this.addresses());
    // A second eth_requestAccounts (Retry while the QR code shows) waits for the same pairing.
    this.pairing ??= this.pair().finally(() => {
      this.pairing = null;
      this.pairingUri = null;
    });
    return this.pairing;
  }

  private async pair(): Promise<string[]> {
    const { uri, approval } = await this.client
      .connect({
        optionalNamespaces: {
          eip155: {
            chains: this.options.chainIds.map(caip),
            methods: [...WALLET_CONNECT_METHODS],
            events: [...WALLET_CONNECT_EVENTS],
          },
        },
      })
      .catch((error: unknown) => {
        throw walletError(error);
      });
    if (uri) {
      this.pairingUri = uri;
      this.options.onDisplayUri?.(uri);
    }
    try {
      this.adopt(await approval());
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (typeof code === 'number' && (code === PROVIDER_ERROR_CODES.userRejected || isSdkRejection(code))) {
        throw new ProviderRpcError(PROVIDER_ERROR_CODES.userRejected, 'User rejected connection');
      }
      throw walletError(error);
    }
    return this.addresses();
  }

  /** Keeps a session; its chain is the chain of the wallet's first account (a wallet lists its current first). */
  private adopt(session: Session): void {
    this.session = session;
    const first = this.accountsOf(session)[0];
    if (first) this.chainId = first[0];
  }

  private forget(): void {
    if (!this.session) return;
    this.session = null;
    this.emit('accountsChanged', []);
  }

  private requireSession(): Session {
    const session = this.liveSession();
    if (!session) {
      throw new ProviderRpcError(PROVIDER_ERROR_CODES.disconnected, 'WalletConnect is not connected');
    }
    return session;
  }

  private accountsOf(session: Session): Array<[number, string]> {
    return (session.namespaces.eip155?.accounts ?? [])
      .map(splitAccount)
      .filter((a): a is [number, string] => a !== null);
  }

  private approvedChains(session: Session): number[] {
    return [...new Set(this.accountsOf(session).map(([chain]) => chain))];
  }

  /** The session's addresses, those of the current chain first, as the wallet wrote them. */
  private addresses(): string[] {
    if (!this.session) return [];
    const accounts = this.accountsOf(this.session);
    const ordered = [...accounts.filter(([c]) => c === this.chainId), ...accounts];
    const seen = new Set<string>();
    return ordered
      .map(([, address]) => address)
      .filter((address) => !seen.has(address.toLowerCase()) && !!seen.add(address.toLowerCase()));
  }

  // ---- requests ----

  /** Any other method goes to the wallet over the session; its errors keep their code (rejection: 4001). */
  private async forward(method: string, params: unknown, chainId: number): Promise<unknown> {
    const session = this.requireSession();
    if (!session.namespaces.eip155?.methods.includes(method)) {
      throw new ProviderRpcError(
        PROVIDER_ERROR_CODES.unsupportedMethod,
        `The wallet did not allow ${method} in this session`,
      );
    }
    try {
      return await this.client.request({
        topic: session.topic,
        chainId: caip(chainId),
        request: { method, params: params ?? [] },
      });
    } catch (error) {
      throw walletError(error);
    }
  }

  /**
   * A chain the session approved is ours to switch to at once (requests name their chain); the wallet
   * is told too, and only its 4902 matters. A chain the wallet did not approve is 4902 here, so the
   * flow asks the wallet to add it (wallet_addEthereumChain, which may extend the session).
   */
  private async switchChain(params: unknown): Promise<null> {
    const session = this.requireSession();
    const target = parseChainId((params as Array<{ chainId?: unknown }> | undefined)?.[0]?.chainId);
    if (!this.approvedChains(session).includes(target)) {
      throw new ProviderRpcError(
        PROVIDER_ERROR_CODES.unrecognizedChain,
        `Chain ${chainIdToHex(target)} is not part of the WalletConnect session`,
      );
    }
    const from = this.chainId;
    this.setChain(target);
    try {
      await this.forward('wallet_switchEthereumChain', params, from);
    } catch (error) {
      if (walletError(error).code === PROVIDER_ERROR_CODES.unrecognizedChain) throw error;
    }
    return null;
  }

  private setChain(chainId: number): void {
    if (chainId === this.chainId) return;
    this.chainId = chainId;
    this.emit('chainChanged', chainIdToHex(chainId));
  }

  // ---- the wallet's events ----

  private readonly onSessionEvent = ({
    topic,
    params,
  }: {
    topic: string;
    params: { event: { name: string; data: unknown }; chainId: string };
  }): void => {
    if (topic !== this.session?.topic) return;
    const { name, data } = params.event;
    if (name === 'chainChanged') {
      // Wallets send the chain as a number, a hex or a decimal string; the event's CAIP-2 id otherwise.
      let chainId: number;
      try {
        chainId = parseChainId(data);
      } catch {
        chainId = Number(params.chainId.split(':')[1]);
      }
      if (Number.isSafeInteger(chainId) && chainId > 0) this.setChain(chainId);
    } else if (name === 'accountsChanged' && Array.isArray(data)) {
      const addresses = data
        .filter((a): a is string => typeof a === 'string')
        .map((a) => (a.includes(':') ? (a.split(':')[2] ?? a) : a));
      this.emit('accountsChanged', addresses);
    }
  };

  private readonly onSessionUpdate = ({ topic }: { topic: string }): void => {
    if (topic !== this.session?.topic) return;
    const before = this.addresses().join();
    this.session = this.client.session.get(topic);
    const chains = this.approvedChains(this.session);
    const first = chains[0];
    if (first !== undefined && !chains.includes(this.chainId)) this.setChain(first);
    if (this.addresses().join() !== before) this.emit('accountsChanged', this.addresses());
  };

  private readonly onSessionEnd = ({ topic }: { topic: string }): void => {
    if (topic === this.session?.topic) this.forget();
  };

  private emit(event: string, value: unknown): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        listener(value);
      } catch (error) {
        // A listener's failure must not stop the others nor reach sign-client's event loop.
        setTimeout(() => {
          throw error;
        });
      }
    }
  }
}

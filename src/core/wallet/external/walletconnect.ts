/**
 * WalletConnect v2 (a wallet app on another device, paired by a `wc:` URI shown as a QR code) as an
 * EIP-1193 provider, on `@walletconnect/sign-client` alone (no modal kit, no ethereum-provider): the
 * package is loaded only when the user picks WalletConnect. The wallet flow (wallets.ts) then treats
 * it like an extension: eth_requestAccounts pairs, eth_accounts restores a stored session, requests
 * travel over the session, and the wallet's session events become accountsChanged / chainChanged.
 */

import {
  WALLET_CONNECT_DEFAULT_RELAY_URL,
  WALLET_CONNECT_EVENTS,
  WALLET_CONNECT_METHODS,
} from '../../../protocol/external-wallet.js';
import { PROVIDER_ERROR_CODES } from '../../../protocol/wallet-constants.js';
import { chainIdToHex, parseChainId } from '../chains.js';
import { ProviderRpcError } from '../provider-error.js';
import {
  accountsOf,
  approvedChains,
  type Client,
  caip,
  Emitter,
  eventAddresses,
  eventChainId,
  pairingError,
  type Session,
  sessionAddresses,
  USER_DISCONNECTED,
  type WalletConnectOptions,
  type WalletConnectProvider,
  walletError,
} from './walletconnect-session.js';

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

class WalletConnectEthereumProvider extends Emitter implements WalletConnectProvider {
  private session: Session | null = null;
  private chainId: number;
  private pairing: Promise<string[]> | null = null;
  private pairingUri: string | null = null;

  constructor(
    private readonly client: Client,
    private readonly options: WalletConnectOptions,
  ) {
    super();
    const defaultChain = options.chainIds[0];
    if (defaultChain === undefined) throw new Error('WalletConnect needs at least one chain');
    this.chainId = defaultChain;
    // The newest stored session that still runs and covers one of our chains (eth_accounts, no prompt).
    const ours = new Set(options.chainIds);
    const stored = client.session
      .getAll()
      .filter((s) => this.isLive(s) && accountsOf(s).some(([chain]) => ours.has(chain)))
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
      throw pairingError(error);
    }
    return this.addresses();
  }

  /** Keeps a session; its chain is the chain of the wallet's first account (a wallet lists its current first). */
  private adopt(session: Session): void {
    this.session = session;
    const first = accountsOf(session)[0];
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

  /** The session's addresses, those of the current chain first. */
  private addresses(): string[] {
    return this.session ? sessionAddresses(this.session, this.chainId) : [];
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
    if (!approvedChains(session).includes(target)) {
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
      const chainId = eventChainId(data, params.chainId);
      if (Number.isSafeInteger(chainId) && chainId > 0) this.setChain(chainId);
    } else if (name === 'accountsChanged' && Array.isArray(data)) {
      this.emit('accountsChanged', eventAddresses(data));
    }
  };

  private readonly onSessionUpdate = ({ topic }: { topic: string }): void => {
    if (topic !== this.session?.topic) return;
    const before = this.addresses().join();
    this.session = this.client.session.get(topic);
    const chains = approvedChains(this.session);
    const first = chains[0];
    if (first !== undefined && !chains.includes(this.chainId)) this.setChain(first);
    if (this.addresses().join() !== before) this.emit('accountsChanged', this.addresses());
  };

  private readonly onSessionEnd = ({ topic }: { topic: string }): void => {
    if (topic === this.session?.topic) this.forget();
  };
}

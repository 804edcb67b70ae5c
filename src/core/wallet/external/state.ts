/**
 * The external wallets of one client (§3, §4.4, §4.5): the page they live on, their connectors,
 * the connected wallets of `LoginWidget.$wallets`, and the state AWAITING_CONNECTION renders.
 */
import { atom } from 'nanostores';
import {
  type ExternalEthereumProvider,
  INJECTED_CONNECTOR,
  WALLET_REQUEST_TIMEOUT_MS,
  type WalletConnectStatus,
  type WalletProviderInfo,
} from '../../../protocol/external-wallet.js';
import { SCREENS, type ScreenName } from '../../../protocol/screens.js';
import type { RegistryWallet } from '../../../protocol/wallet-registry.js';
import type { Context } from '../../context.js';
import { externalWalletChains, externalWalletSettings } from '../../settings/external-wallets.js';
import { Connectors, type WalletConnector, type WalletPage } from './connectors.js';
import { WalletDiscovery } from './discovery.js';
import { timed, type WalletFlowError } from './errors.js';

/** What the wallet flow is for: a login, a link to the logged-in user, or a connection only (§4.4, §6). */
export type WalletFlowMode = 'login' | 'link' | 'connect';

/** The state AWAITING_CONNECTION and the connect-only screens render. */
export interface WalletFlowState {
  wallet: WalletProviderInfo | null;
  mode: WalletFlowMode;
  status: WalletConnectStatus;
  /** The signature request is with the wallet. */
  signing: boolean;
  /** 'Sign with your wallet' waits for the user. */
  signIntent: boolean;
  /** The connected address of this flow. */
  address: string | null;
  error: WalletFlowError | null;
  /** Failed attempts so far: after CONNECT_RETRY_LIMIT retries, 'Unable to connect wallet'. */
  failures: number;
  /** How the chosen wallet connects (§3 connectorType). */
  connectorType: string;
  /** WalletConnect: the pairing URI for the QR code or the deep links, once it exists. */
  pairingUri: string | null;
  /** WalletConnect: the wallet of the registry the user chose; null for any wallet. */
  registryWallet: RegistryWallet | null;
}

export const INITIAL_WALLET_FLOW: WalletFlowState = {
  wallet: null,
  mode: 'login',
  status: 'disconnected',
  signing: false,
  signIntent: false,
  address: null,
  error: null,
  failures: 0,
  connectorType: INJECTED_CONNECTOR,
  pairingUri: null,
  registryWallet: null,
};

/** A connected wallet: its connector, address and chain. */
export interface Connection extends WalletConnector {
  address: string;
  chainId: number;
  connectedAt: number;
}

export type Listener = (...args: unknown[]) => void;

export interface ExternalWalletsOptions {
  /** The page (EIP-6963 events, `window.ethereum`, `location`); `globalThis` by default. */
  page?: WalletPage;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  discoveryWaitMs?: number;
}

export const lower = (address: string): string => address.toLowerCase();

export class ExternalWallets {
  readonly $flow = atom(INITIAL_WALLET_FLOW);
  readonly connections = new Map<string, Connection>();
  readonly listeners = new Map<ExternalEthereumProvider, { accounts: Listener; chain: Listener }>();
  readonly page: WalletPage;
  readonly connectors: Connectors;
  /** `wallet.loginOrLink()` of `$wallets`: Sign-In With Ethereum with a connected wallet (flow.ts). */
  loginOrLink: (address: string) => Promise<void> = async () => {};
  private discovery: WalletDiscovery | null = null;

  constructor(
    readonly ctx: Context,
    readonly options: ExternalWalletsOptions = {},
  ) {
    this.page = options.page ?? (globalThis as unknown as WalletPage);
    this.connectors = new Connectors(ctx, this.page, (uri) => this.updateFlow({ pairingUri: uri }));
  }

  /** EIP-6963 discovery, started the first time wallets are needed; it never blocks a screen. */
  detect(): WalletDiscovery {
    this.discovery ??= new WalletDiscovery({ page: this.page, waitMs: this.options.discoveryWaitMs });
    return this.discovery;
  }

  chainConfig() {
    return externalWalletChains(this.ctx);
  }

  /**
   * A request to a wallet, timed out after the wallet request timeout (§9): the host's
   * `externalWallets.requestTimeoutMs` for this wallet type (walletClientType, else connectorType),
   * else WALLET_REQUEST_TIMEOUT_MS.
   */
  request(wallet: WalletConnector, method: string, params?: unknown[]): Promise<unknown> {
    const call = wallet.provider.request(params ? { method, params } : { method });
    const byType = externalWalletSettings(this.ctx).requestTimeoutMs;
    const ms = byType[wallet.walletClientType] ?? byType[wallet.connectorType] ?? WALLET_REQUEST_TIMEOUT_MS;
    return timed(call, ms);
  }

  sleep(ms: number): Promise<void> {
    return this.options.sleep ? this.options.sleep(ms) : new Promise((resolve) => setTimeout(resolve, ms));
  }

  now(): number {
    return this.options.now?.() ?? Date.now();
  }

  updateFlow(patch: Partial<WalletFlowState>): void {
    this.$flow.set({ ...this.$flow.get(), ...patch });
  }

  /** AWAITING_CONNECTION, or its connect-only variant. */
  awaitingScreen(): ScreenName {
    return this.$flow.get().mode === 'connect'
      ? SCREENS.awaitingConnectOnlyConnection
      : SCREENS.awaitingConnection;
  }

  /** The connection of the flow under way. */
  current(): Connection | undefined {
    const { address } = this.$flow.get();
    return address ? this.connections.get(lower(address)) : undefined;
  }
}

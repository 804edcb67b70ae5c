/**
 * The external wallets of one client (§3, §4.4, §4.5): the page they live on, their connectors,
 * the connected wallets of `LoginWidget.$wallets`, and the state AWAITING_CONNECTION renders.
 */
import { atom, type ReadableAtom } from 'nanostores';
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

/**
 * What the wallet flow is for: a login, a link to the logged-in user, or a connection only (§4.4,
 * §6). The flow's state holds it; the modal's intent for the flow is derived from it (intent()).
 */
export type WalletFlowMode = 'login' | 'link' | 'connect';

/** `wallet.loginOrLink()` of `$wallets` (choose.ts), given at construction. */
export type LoginOrLink = (w: ExternalWallets, address: string) => Promise<void>;

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

const INITIAL_WALLET_FLOW: WalletFlowState = {
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
  private readonly flow = atom(INITIAL_WALLET_FLOW);
  /** Written by begin() (a new flow and its mode) and updateFlow() (the rest). */
  readonly $flow: ReadableAtom<WalletFlowState> = this.flow;
  readonly connections = new Map<string, Connection>();
  readonly listeners = new Map<ExternalEthereumProvider, { accounts: Listener; chain: Listener }>();
  readonly page: WalletPage;
  readonly connectors: Connectors;
  private discovery: WalletDiscovery | null = null;

  constructor(
    readonly ctx: Context,
    private readonly siwe: LoginOrLink,
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

  /** `wallet.loginOrLink()` of `$wallets`: Sign-In With Ethereum with a connected wallet. */
  loginOrLink(address: string): Promise<void> {
    return this.siwe(this, address);
  }

  /** A new flow for `mode`: the one place a flow's mode is written. */
  begin(mode: WalletFlowMode, patch: Partial<Omit<WalletFlowState, 'mode'>> = {}): void {
    this.flow.set({ ...INITIAL_WALLET_FLOW, ...patch, mode });
  }

  /** The modal's intent for this flow, read from its mode: a link, else a login. */
  intent(): 'login' | 'link' {
    return this.flow.get().mode === 'link' ? 'link' : 'login';
  }

  updateFlow(patch: Partial<Omit<WalletFlowState, 'mode'>>): void {
    this.flow.set({ ...this.flow.get(), ...patch });
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

/**
 * External wallets in the client (§3, §4.4, §4.5, §6): the connector of browser extensions
 * (discovery.ts), the connected wallets of `LoginWidget.$wallets`, the connection history that
 * reconnects them on reload, chain enforcement on connect, and Sign-In With Ethereum (login and
 * link) behind AWAITING_CONNECTION. Loaded lazily, with its screens, the first time a page needs it.
 */
import { atom, type WritableAtom } from 'nanostores';
import type { AppConfigWire, AuthResult, UserWire } from '../../../protocol/api.js';
import type { HostConfig, LinkedAccount, User } from '../../../protocol/client.js';
import { PROVIDER_ERROR_CODES, QUERY_PARAMS, STORAGE_KEYS } from '../../../protocol/constants.js';
import {
  COINBASE_WALLET_CONNECTOR,
  CONNECT_RETRY_LIMIT,
  type ConnectedWallet,
  EXTERNAL_WALLET_EVENTS,
  EXTERNAL_WALLET_SCREENS,
  type ExternalEthereumProvider,
  INJECTED_CONNECTOR,
  METAMASK_CONNECT_DELAY_MS,
  METAMASK_RDNS,
  PHANTOM_CONNECTOR,
  PHANTOM_WALLET_CLIENT_TYPE,
  WALLET_CONNECT_CONNECTOR,
  type WalletConnectionRecord,
  type WalletConnectStatus,
  type WalletProviderInfo,
} from '../../../protocol/external-wallet.js';
import type { SharedStores } from '../../../protocol/loader.js';
import { SCREENS, type ScreenName } from '../../../protocol/screens.js';
import {
  SIWE_API_PATHS,
  type SiweAuthenticateBody,
  type SiweInitResponse,
} from '../../../protocol/siwe-api.js';
import { WALLET_REQUEST_TIMEOUT_MS } from '../../../protocol/wallet-frame.js';
import type { RegistryWallet } from '../../../protocol/wallet-registry.js';
import type { ApiClient } from '../../api/client.js';
import type { LoginCompletion } from '../../completion.js';
import { EXTERNAL_WALLET_ERROR_CODES, EXTERNAL_WALLET_TEXT } from '../../errors/external-wallet-text.js';
import {
  CLIENT_ERROR_CODES,
  clientError,
  GatehouseError,
  toGatehouseError,
} from '../../errors/gatehouse-error.js';
import { SESSION_MESSAGES } from '../../errors/messages.js';
import { PROVIDER_ERROR_VARIANTS } from '../../errors/wallet-messages.js';
import type { ModalController } from '../../modal.js';
import type { Session } from '../../session/session.js';
import type { KeyValueStorage } from '../../storage.js';
import {
  addEthereumChainParameter,
  chainIdToHex,
  isSupportedChain,
  parseChainId,
  requireSupportedChain,
  resolveChainConfig,
} from '../chains.js';
import { type WalletChoice, walletClientTypeOf } from './choices.js';
import { Connectors, type WalletConnector, type WalletPage } from './connectors.js';
import { type DetectedWallet, WalletDiscovery } from './discovery.js';
import { siweMessage, utf8ToHex } from './siwe.js';

/** What the external wallets need of the Gatehouse (which they are given). */
export interface ExternalWalletHost {
  api: ApiClient;
  session: Session;
  modal: ModalController;
  stores: SharedStores;
  events: EventTarget;
  storage: KeyValueStorage;
  $hostConfig: { get(): HostConfig; listen(listener: (config: HostConfig) => void): () => void };
  $appConfig: { get(): AppConfigWire | null };
  /** A login from CONNECT_OR_CREATE goes on to create an embedded wallet. */
  createWalletOnLogin: boolean;
  withCaptcha(start: (captchaToken?: string) => Promise<void>): Promise<void>;
  completeLogin(result: LoginCompletion): void;
  linkSucceeded(user: User, linkMethod: string, linkedAccount: LinkedAccount): void;
  linkFailed(error: unknown): GatehouseError;
  showFailure(error: unknown): GatehouseError;
}

/** What the wallet flow is for: a login, a link to the logged-in user, or a connection only (§4.4, §6). */
export type WalletFlowMode = 'login' | 'link' | 'connect';

/** A failure AWAITING_CONNECTION shows (§8). */
export interface WalletFlowError {
  code: string;
  message: string;
  detail: string | null;
  /** 'Retry' shows; otherwise 'Use a different wallet'. */
  retryable: boolean;
}

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

interface Connection extends WalletConnector {
  address: string;
  chainId: number;
  connectedAt: number;
}

type Listener = (...args: unknown[]) => void;

const lower = (address: string): string => address.toLowerCase();

export type { WalletConnector };
export { walletClientTypeOf };

/** The numeric code of a wallet's error (EIP-1193), looking into the wrappers some wallets add. */
export function providerCode(error: unknown): number | undefined {
  const value = error as { code?: unknown; data?: { originalError?: { code?: unknown } } } | null;
  const code = value?.code ?? value?.data?.originalError?.code;
  return typeof code === 'number' ? code : undefined;
}

/**
 * §8: the wallet connect error of a failure. A wallet that is busy or locked (-32002) says so with
 * the §8 variant for a connection (`connecting`) or another request, and where to look.
 */
export function describeWalletError(error: unknown, connecting = false): WalletFlowError {
  const codes = EXTERNAL_WALLET_ERROR_CODES;
  const text = EXTERNAL_WALLET_TEXT;
  const code = providerCode(error);
  if (code === PROVIDER_ERROR_CODES.userRejected) {
    return { code: codes.rejected, message: text.rejected, detail: null, retryable: true };
  }
  if (code === PROVIDER_ERROR_CODES.resourceUnavailable) {
    const { message, detail, retryable } = /lock/i.test(String((error as Error | null)?.message))
      ? PROVIDER_ERROR_VARIANTS.walletLocked
      : connecting
        ? PROVIDER_ERROR_VARIANTS.connectionRequestPending
        : PROVIDER_ERROR_VARIANTS.resourceRequestPending;
    return { code: codes.generic, message, detail, retryable };
  }
  const failure = error instanceof GatehouseError ? error : null;
  if (failure?.code === codes.userRejectedConnection) {
    return { code: failure.code, message: text.userRejectedConnection, detail: null, retryable: true };
  }
  if (failure?.code === codes.timedOut) {
    return { code: codes.timedOut, message: text.timedOut, detail: null, retryable: true };
  }
  if (failure?.code === codes.userExists) {
    return {
      code: codes.userExists,
      message: text.userExists,
      detail: text.userExistsDetail,
      retryable: false,
    };
  }
  if (failure?.code === codes.alreadyLinked) {
    return { code: codes.alreadyLinked, message: text.alreadyLinked, detail: null, retryable: false };
  }
  return {
    code: failure?.code ?? codes.generic,
    message: text.couldNotLogIn,
    detail: null,
    retryable: true,
  };
}

/** A wallet request that fails with 'Wallet request timed out' after WALLET_REQUEST_TIMEOUT_MS (§9). */
function timed<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(clientError(EXTERNAL_WALLET_ERROR_CODES.timedOut, EXTERNAL_WALLET_TEXT.timedOut)),
      timeoutMs,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export interface ExternalWalletsOptions {
  /** The page (EIP-6963 events, `window.ethereum`, `location`); `globalThis` by default. */
  page?: WalletPage;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  requestTimeoutMs?: number;
  discoveryWaitMs?: number;
}

export class ExternalWallets {
  readonly host: ExternalWalletHost;
  readonly $flow: WalletFlowStore;
  private discovery: WalletDiscovery | null = null;
  private readonly connections = new Map<string, Connection>();
  private readonly listeners = new Map<ExternalEthereumProvider, { accounts: Listener; chain: Listener }>();
  private readonly options: ExternalWalletsOptions;
  private readonly page: WalletPage;
  readonly connectors: Connectors;
  /** Whether this flow's connection was made by the flow (signing starts by itself) or found (a button). */
  private connectedByFlow = false;

  constructor(
    host: ExternalWalletHost,
    options: ExternalWalletsOptions = {},
    $flow = atom(INITIAL_WALLET_FLOW),
  ) {
    this.host = host;
    this.options = options;
    this.page = options.page ?? (globalThis as unknown as WalletPage);
    this.$flow = $flow;
    this.connectors = new Connectors(host, this.page, (uri) => this.updateFlow({ pairingUri: uri }));
  }

  // ---- discovery and the connector (§4.5) ----

  /** EIP-6963 discovery, started the first time wallets are needed; it never blocks a screen. */
  detect(): WalletDiscovery {
    this.discovery ??= new WalletDiscovery({ page: this.page, waitMs: this.options.discoveryWaitMs });
    return this.discovery;
  }

  private chainConfig() {
    return resolveChainConfig(this.host.$hostConfig.get());
  }

  private request(provider: ExternalEthereumProvider, method: string, params?: unknown[]): Promise<unknown> {
    const call = provider.request(params ? { method, params } : { method });
    return timed(call, this.options.requestTimeoutMs ?? WALLET_REQUEST_TIMEOUT_MS);
  }

  private sleep(ms: number): Promise<void> {
    return this.options.sleep ? this.options.sleep(ms) : new Promise((resolve) => setTimeout(resolve, ms));
  }

  /**
   * Connects a detected wallet: eth_requestAccounts (interactive) or eth_accounts (a reconnect,
   * no prompt). Interactive, an unsupported chain with shouldEnforceDefaultChainOnConnect switches
   * to the default chain. Null when a silent reconnect finds no account.
   */
  async connect(wallet: WalletConnector, interactive: boolean): Promise<Connection | null> {
    if (interactive && wallet.connectorType === INJECTED_CONNECTOR && wallet.info.rdns === METAMASK_RDNS)
      await this.sleep(METAMASK_CONNECT_DELAY_MS);
    const accounts = await this.request(
      wallet.provider,
      interactive ? 'eth_requestAccounts' : 'eth_accounts',
    );
    const address = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : null;
    if (!address) {
      if (!interactive) return null;
      throw clientError(EXTERNAL_WALLET_ERROR_CODES.generic, EXTERNAL_WALLET_TEXT.unableToRetrieveAccounts);
    }
    const chainId = parseChainId(await this.request(wallet.provider, 'eth_chainId'));
    const connection: Connection = {
      ...wallet,
      address,
      chainId,
      connectedAt: this.options.now?.() ?? Date.now(),
    };
    const config = this.chainConfig();
    if (interactive && this.host.$hostConfig.get().shouldEnforceDefaultChainOnConnect) {
      if (!isSupportedChain(config, chainId)) {
        this.updateFlow({ status: 'switching_to_supported_chain' });
        await this.switchProviderChain(connection, config.defaultChain.id);
      }
    }
    this.add(connection);
    return connection;
  }

  /** wallet_switchEthereumChain; a wallet that does not know the chain (4902) adds it, then switches (§4.5). */
  private async switchProviderChain(connection: Connection, chainId: number): Promise<void> {
    const config = this.chainConfig();
    const chain = requireSupportedChain(config, chainId);
    const params = [{ chainId: chainIdToHex(chain.id) }];
    try {
      await this.request(connection.provider, 'wallet_switchEthereumChain', params);
    } catch (error) {
      if (providerCode(error) !== PROVIDER_ERROR_CODES.unrecognizedChain) throw error;
      await this.request(connection.provider, 'wallet_addEthereumChain', [
        addEthereumChainParameter(config, chain),
      ]);
      await this.request(connection.provider, 'wallet_switchEthereumChain', params);
    }
    connection.chainId = chain.id;
    this.setChain(connection.provider, chain.id);
  }

  private add(connection: Connection): void {
    const key = lower(connection.address);
    const known = this.connections.has(key);
    this.connections.set(key, connection);
    this.watch(connection.provider);
    this.remember(connection);
    this.publish();
    if (!known) this.emitWallet(EXTERNAL_WALLET_EVENTS.walletConnected, connection);
  }

  private emitWallet(name: string, connection: Connection): void {
    this.host.events.dispatchEvent(new CustomEvent(name, { detail: this.toConnectedWallet(connection) }));
  }

  /** accountsChanged (none: every wallet of the provider disconnects, §4.5) and chainChanged. */
  private watch(provider: ExternalEthereumProvider): void {
    if (this.listeners.has(provider) || !provider.on) return;
    const accounts: Listener = (value) => {
      const list = Array.isArray(value) ? value.filter((a): a is string => typeof a === 'string') : [];
      const mine = [...this.connections.values()].filter((c) => c.provider === provider);
      if (list.length === 0) {
        for (const connection of mine) this.remove(connection);
        return;
      }
      const [first] = list;
      const current = mine[0];
      if (first && current && lower(current.address) !== lower(first)) {
        this.remove(current);
        this.add({ ...current, address: first, connectedAt: this.options.now?.() ?? Date.now() });
      }
    };
    const chain: Listener = (value) => {
      try {
        this.setChain(provider, parseChainId(value));
      } catch {
        // A chain id the wallet wrote in no form we read: the wallet keeps its last known chain.
      }
    };
    provider.on('accountsChanged', accounts);
    provider.on('chainChanged', chain);
    this.listeners.set(provider, { accounts, chain });
  }

  private setChain(provider: ExternalEthereumProvider, chainId: number): void {
    for (const [key, connection] of this.connections) {
      if (connection.provider === provider) this.connections.set(key, { ...connection, chainId });
    }
    this.publish();
  }

  private remove(connection: Connection): void {
    const key = lower(connection.address);
    if (!this.connections.delete(key)) return;
    this.forget(connection.address);
    if (![...this.connections.values()].some((c) => c.provider === connection.provider)) {
      const listeners = this.listeners.get(connection.provider);
      if (listeners) {
        connection.provider.removeListener?.('accountsChanged', listeners.accounts);
        connection.provider.removeListener?.('chainChanged', listeners.chain);
        this.listeners.delete(connection.provider);
      }
      // A WalletConnect session or a Coinbase link ends with the last of its wallets.
      if (connection.connectorType !== INJECTED_CONNECTOR) {
        const { disconnect } = connection.provider as { disconnect?: () => Promise<void> };
        disconnect?.call(connection.provider).catch(() => undefined);
      }
    }
    this.publish();
    this.emitWallet(EXTERNAL_WALLET_EVENTS.walletDisconnected, connection);
  }

  /** `wallet.disconnect()`: the wallet leaves `$wallets` and the connection history. */
  disconnect(address: string): void {
    const connection = this.connections.get(lower(address));
    if (connection) this.remove(connection);
  }

  private publish(): void {
    this.host.stores.$wallets.set([...this.connections.values()].map((c) => this.toConnectedWallet(c)));
  }

  private toConnectedWallet(connection: Connection): ConnectedWallet {
    const { address, provider, info } = connection;
    return {
      address,
      chainId: connection.chainId,
      connectedAt: connection.connectedAt,
      walletClientType: connection.walletClientType,
      connectorType: connection.connectorType,
      branding: { name: info.name, icon: info.icon, id: info.rdns || info.uuid },
      getEthereumProvider: () => Promise.resolve(provider),
      switchChain: async (chainId: number) => {
        const current = this.connections.get(lower(address));
        if (!current)
          throw clientError(EXTERNAL_WALLET_ERROR_CODES.notConnected, EXTERNAL_WALLET_TEXT.notConnected);
        await this.switchProviderChain(current, chainId);
      },
      loginOrLink: () => this.loginOrLink(address),
      disconnect: () => this.disconnect(address),
    };
  }

  // ---- connection history (§3): reconnect on reload ----

  history(): WalletConnectionRecord[] {
    try {
      const parsed: unknown = JSON.parse(this.host.storage.getItem(STORAGE_KEYS.walletConnections) ?? '[]');
      return Array.isArray(parsed)
        ? parsed.filter(
            (r): r is WalletConnectionRecord =>
              !!r && typeof r.address === 'string' && typeof r.walletClientType === 'string',
          )
        : [];
    } catch {
      return [];
    }
  }

  private saveHistory(records: WalletConnectionRecord[]): void {
    if (records.length === 0) this.host.storage.removeItem(STORAGE_KEYS.walletConnections);
    else this.host.storage.setItem(STORAGE_KEYS.walletConnections, JSON.stringify(records));
  }

  private remember(connection: Connection): void {
    const record: WalletConnectionRecord = {
      address: connection.address,
      connectorType: connection.connectorType,
      walletClientType: connection.walletClientType,
      connectedAt: connection.connectedAt,
    };
    const others = this.history().filter((r) => lower(r.address) !== lower(connection.address));
    this.saveHistory([record, ...others]);
  }

  private forget(address: string): void {
    this.saveHistory(this.history().filter((r) => lower(r.address) !== lower(address)));
  }

  /** At load: each remembered extension wallet is connected again without a prompt (eth_accounts). */
  async reconnect(): Promise<void> {
    for (const record of this.history()) {
      if (record.connectorType === WALLET_CONNECT_CONNECTOR && !this.connectors.walletConnectProjectId()) {
        this.reconnectWithProjectId(record);
        continue;
      }
      await this.reconnectRecord(record);
    }
  }

  /**
   * A WalletConnect session remembered while the page has not given its project id yet (init() often
   * comes after the widget's start): it reconnects once the id is there.
   */
  private reconnectWithProjectId(record: WalletConnectionRecord): void {
    const stop = this.host.$hostConfig.listen(() => {
      if (!this.connectors.walletConnectProjectId()) return;
      stop();
      void this.reconnectRecord(record);
    });
  }

  private async reconnectRecord(record: WalletConnectionRecord): Promise<void> {
    let wallet: WalletConnector | undefined;
    try {
      wallet = await this.connectors.forRecord(record, this.detect());
    } catch {
      return;
    }
    if (!wallet) return;
    try {
      const accounts = await this.request(wallet.provider, 'eth_accounts');
      const has =
        Array.isArray(accounts) &&
        accounts.some((a) => typeof a === 'string' && lower(a) === lower(record.address));
      if (has) await this.connect(wallet, false);
      else this.forget(record.address);
    } catch {
      // The wallet did not answer: it stays remembered for the next load.
    }
  }

  // ---- the wallet flow (§4.4) ----

  private updateFlow(patch: Partial<WalletFlowState>): void {
    this.$flow.set({ ...this.$flow.get(), ...patch });
  }

  private awaitingScreen(): ScreenName {
    return this.$flow.get().mode === 'connect'
      ? EXTERNAL_WALLET_SCREENS.awaitingConnectOnlyConnection
      : EXTERNAL_WALLET_SCREENS.awaitingConnection;
  }

  private currentConnection(): Connection | undefined {
    const { address } = this.$flow.get();
    return address ? this.connections.get(lower(address)) : undefined;
  }

  /**
   * A wallet was chosen (LANDING, LINK_WALLET_SCREEN, CONNECT_ONLY_LANDING_SCREEN): AWAITING_CONNECTION
   * (or the connect-only one), connect, then sign — at once after a fresh connection (§4.4).
   */
  async choose(wallet: DetectedWallet, mode: WalletFlowMode): Promise<void> {
    await this.chooseWallet(
      {
        kind: 'injected',
        key: wallet.info.uuid,
        name: wallet.info.name,
        icon: wallet.info.icon,
        detected: wallet,
      },
      mode,
    );
  }

  /**
   * An entry of the wallet list was chosen. Phantom missing: its in-app browser (mobile) or its
   * install screen (desktop). Otherwise AWAITING_CONNECTION while the connector loads (Coinbase's
   * SDK, WalletConnect's client), then the connection and the signature.
   */
  async chooseWallet(choice: WalletChoice, mode: WalletFlowMode): Promise<void> {
    if (choice.kind === 'phantom_missing') {
      this.$flow.set({ ...INITIAL_WALLET_FLOW, mode });
      this.host.modal.navigate(
        this.connectors.isMobile()
          ? EXTERNAL_WALLET_SCREENS.phantomInterstitial
          : EXTERNAL_WALLET_SCREENS.installPhantom,
      );
      return;
    }
    const registryWallet = choice.kind === 'wallet_connect' ? choice.wallet : null;
    const connectorType =
      choice.kind === 'injected'
        ? INJECTED_CONNECTOR
        : choice.kind === 'coinbase'
          ? COINBASE_WALLET_CONNECTOR
          : WALLET_CONNECT_CONNECTOR;
    const wallet =
      choice.kind === 'injected'
        ? choice.detected.info
        : { uuid: choice.key, name: choice.name, icon: choice.icon, rdns: '' };
    this.$flow.set({ ...INITIAL_WALLET_FLOW, wallet, mode, connectorType, registryWallet });
    this.chosen = null;
    this.host.modal.navigate(this.awaitingScreen());
    this.watchClose();
    try {
      this.chosen = await this.connectors.forChoice(choice);
    } catch (error) {
      // The connector's code or its client could not load: this wallet cannot be used here.
      this.updateFlow({ status: 'disconnected' });
      this.host.modal.navigate(EXTERNAL_WALLET_SCREENS.loginFailed);
      if (mode === 'link') this.host.linkFailed(error);
      return;
    }
    this.updateFlow({ wallet: this.chosen.info });
    await this.attempt();
  }

  private chosen: WalletConnector | null = null;
  private stopWatchingClose: (() => void) | null = null;

  /**
   * §4.4: closing the modal while a wallet is being paired is a refusal ('User rejected
   * connection'), the flow's outcome. A link flow's link:error is the one every closed link
   * reports (exited_link_flow, Gatehouse.closeModal), not a second one.
   */
  private watchClose(): void {
    this.stopWatchingClose?.();
    const stop = this.host.modal.$modal.listen((state) => {
      if (state.open) return;
      stop();
      this.stopWatchingClose = null;
      const flow = this.$flow.get();
      if (flow.status !== 'connecting') return;
      const error = clientError(
        EXTERNAL_WALLET_ERROR_CODES.userRejectedConnection,
        EXTERNAL_WALLET_TEXT.userRejectedConnection,
      );
      this.$flow.set({
        ...flow,
        status: 'disconnected',
        pairingUri: null,
        error: describeWalletError(error),
      });
    });
    this.stopWatchingClose = stop;
  }

  /** The entries of the wallet list for these walletList values (see choices.ts). */
  choices(detected: readonly DetectedWallet[], values: readonly string[]): WalletChoice[] {
    return this.connectors.choices(detected, values);
  }

  // ---- Phantom (§2.1, §2.2, §4.4) ----

  /** PHANTOM_INTERSTITIAL_SCREEN's link (see Connectors.phantomBrowseLink). */
  phantomBrowseLink(): string {
    return this.connectors.phantomBrowseLink();
  }

  /** INSTALL_PHANTOM_SCREEN's 'Reload': after installing, the page finds the extension. */
  reloadPage(): void {
    (this.page.location ?? globalThis.location).reload();
  }

  /**
   * §2.1: a page opened with `gatehouse_connector` and `gatehouse_wallet_client` resumes that wallet's
   * connection (Phantom's in-app browser, after the interstitial). The parameters leave the address.
   * On a desktop browser a Phantom connector cannot be resumed: LOGIN_FAILED_SCREEN.
   */
  async resumeFromUrl(): Promise<void> {
    const location = this.page.location ?? globalThis.location;
    const url = new URL(location.href);
    const connector = url.searchParams.get(QUERY_PARAMS.connector);
    const walletClient = url.searchParams.get(QUERY_PARAMS.walletClient);
    if (!connector) return;
    url.searchParams.delete(QUERY_PARAMS.connector);
    url.searchParams.delete(QUERY_PARAMS.walletClient);
    globalThis.history?.replaceState(globalThis.history.state, '', url.href);
    if (this.host.session.authenticated) return;
    const mode: WalletFlowMode = 'login';
    this.$flow.set({ ...INITIAL_WALLET_FLOW, mode });
    if (connector === PHANTOM_CONNECTOR && !this.connectors.isMobile()) {
      this.host.modal.open(EXTERNAL_WALLET_SCREENS.loginFailed, { intent: 'login' });
      return;
    }
    const type = connector === PHANTOM_CONNECTOR ? PHANTOM_WALLET_CLIENT_TYPE : walletClient;
    const wallet = await this.detect().find((info) => walletClientTypeOf(info) === type);
    this.host.modal.open(EXTERNAL_WALLET_SCREENS.awaitingConnection, { intent: 'login' });
    if (!wallet) {
      this.host.modal.navigate(EXTERNAL_WALLET_SCREENS.loginFailed);
      return;
    }
    await this.choose(wallet, mode);
  }

  /** 'Retry': connect again when not connected, else ask for the signature again. */
  async retry(): Promise<void> {
    const { error } = this.$flow.get();
    if (error && !error.retryable) return;
    this.updateFlow({ error: null });
    await this.attempt();
  }

  /** Counts the flows: an attempt whose flow was left (another wallet chosen, Back) stops after its wait. */
  private flowSeq = 0;

  private async attempt(): Promise<void> {
    const wallet = this.chosen;
    if (!wallet) return;
    const seq = ++this.flowSeq;
    let connection = this.currentConnection();
    if (!connection) {
      // A WalletConnect pairing still waiting (the user came back to it) keeps its URI.
      const { uri } = wallet.provider as { uri?: string | null };
      this.updateFlow({ status: 'connecting', error: null, pairingUri: uri ?? null });
      try {
        connection = (await this.connect(wallet, true)) ?? undefined;
        if (seq !== this.flowSeq) return;
      } catch (error) {
        if (seq !== this.flowSeq) return;
        this.updateFlow({ status: 'disconnected' });
        // Not an EIP-1193 answer (no code) nor a timeout: the wallet cannot be used here (§2.2).
        if (
          providerCode(error) === undefined &&
          !(error instanceof GatehouseError && error.code === EXTERNAL_WALLET_ERROR_CODES.timedOut)
        ) {
          this.host.modal.navigate(EXTERNAL_WALLET_SCREENS.loginFailed);
          if (this.$flow.get().mode === 'link') this.host.linkFailed(error);
          return;
        }
        this.fail(error, true);
        return;
      }
      if (!connection) return;
      this.connectedByFlow = true;
      this.updateFlow({ status: 'connected', address: connection.address, pairingUri: null });
    }
    const { mode } = this.$flow.get();
    if (mode === 'connect') {
      this.host.modal.updateFlow({ success: true });
      this.host.modal.navigate(EXTERNAL_WALLET_SCREENS.connectOnlyAuthenticated);
      return;
    }
    if (mode === 'link' && this.alreadyLinked(connection.address)) {
      this.fail(clientError(EXTERNAL_WALLET_ERROR_CODES.alreadyLinked, EXTERNAL_WALLET_TEXT.alreadyLinked));
      return;
    }
    if (this.connectedByFlow || this.$flow.get().failures > 0) await this.sign();
    else this.updateFlow({ signIntent: true });
  }

  private alreadyLinked(address: string): boolean {
    return !!this.host.stores.$user
      .get()
      ?.linkedAccounts.some((a) => a.type === 'wallet' && lower(a.address) === lower(address));
  }

  /** 'Sign with your wallet', or right after connecting: captcha first when enabled (§4.3), nonce, sign, authenticate or link. */
  async sign(): Promise<void> {
    this.updateFlow({ signIntent: false, error: null });
    await this.host.withCaptcha(async (captchaToken) => {
      const screen = this.awaitingScreen();
      if (this.host.modal.$modal.get().screen !== screen) this.host.modal.navigate(screen);
      try {
        await this.signIn(captchaToken);
      } catch (error) {
        this.updateFlow({ signing: false });
        this.fail(error);
      }
    });
  }

  private async signIn(captchaToken: string | undefined): Promise<void> {
    const connection = this.currentConnection();
    if (!connection)
      throw clientError(EXTERNAL_WALLET_ERROR_CODES.notConnected, EXTERNAL_WALLET_TEXT.notConnected);
    const { mode } = this.$flow.get();
    const init = await this.host.api.post<SiweInitResponse>(SIWE_API_PATHS.init, {
      address: connection.address,
      token: captchaToken,
    });
    const location = this.page.location ?? globalThis.location;
    const message = siweMessage({
      domain: location.host,
      address: init.address,
      uri: location.origin,
      chainId: connection.chainId,
      nonce: init.nonce,
      issuedAt: new Date(this.options.now?.() ?? Date.now()).toISOString(),
    });
    this.updateFlow({ signing: true });
    const signature = await this.request(connection.provider, 'personal_sign', [
      utf8ToHex(message),
      connection.address,
    ]);
    if (typeof signature !== 'string')
      throw clientError(EXTERNAL_WALLET_ERROR_CODES.generic, EXTERNAL_WALLET_TEXT.couldNotLogIn);
    const body: SiweAuthenticateBody = {
      message,
      signature,
      chainId: connection.chainId,
      walletClientType: connection.walletClientType,
      connectorType: connection.connectorType,
    };
    if (mode === 'login') {
      const result = await this.host.api.post<AuthResult>(SIWE_API_PATHS.authenticate, body);
      const user = this.host.session.signIn(result);
      this.updateFlow({ signing: false });
      this.host.completeLogin({ user, isNewUser: result.is_new_user, loginMethod: 'siwe' });
      return;
    }
    const token = await this.host.session.getAccessToken();
    if (!token)
      throw clientError(CLIENT_ERROR_CODES.mustBeAuthenticated, SESSION_MESSAGES.mustBeAuthenticated);
    const user = this.host.session.setUser(
      await this.host.api.post<UserWire>(SIWE_API_PATHS.link, body, token),
    );
    this.updateFlow({ signing: false });
    const account = user.linkedAccounts.find(
      (a) => a.type === 'wallet' && lower(a.address) === lower(connection.address),
    );
    if (account) this.host.linkSucceeded(user, 'siwe', account);
  }

  /** §8: the failure shows on the awaiting screen; after CONNECT_RETRY_LIMIT retries, 'Unable to connect wallet'. */
  private fail(error: unknown, connecting = false): void {
    const failure = toGatehouseError(error);
    if (failure.code === 'allowlist_rejected') {
      this.host.showFailure(failure);
      return;
    }
    let described = describeWalletError(error, connecting);
    const failures = this.$flow.get().failures + 1;
    if (described.retryable && failures > CONNECT_RETRY_LIMIT) {
      described = { ...described, message: EXTERNAL_WALLET_TEXT.unableToConnect, retryable: false };
    }
    this.updateFlow({ error: described, failures, signing: false, signIntent: false });
    this.host.modal.updateFlow({ busy: false });
    if (this.$flow.get().mode === 'link') {
      this.host.linkFailed(
        new GatehouseError({ ...failure, code: described.code, message: described.message }),
      );
    }
  }

  /** 'Use a different wallet': back to the list this flow started from. */
  useDifferentWallet(): void {
    const { mode } = this.$flow.get();
    this.$flow.set({ ...INITIAL_WALLET_FLOW, mode });
    this.chosen = null;
    this.host.modal.navigate(
      mode === 'link'
        ? EXTERNAL_WALLET_SCREENS.linkWallet
        : mode === 'connect'
          ? EXTERNAL_WALLET_SCREENS.connectOnlyLanding
          : SCREENS.landing,
    );
  }

  /** `wallet.loginOrLink()`: SIWE with a connected wallet — a login, or a link when someone is logged in. */
  async loginOrLink(address: string): Promise<void> {
    const connection = this.connections.get(lower(address));
    if (!connection)
      throw clientError(EXTERNAL_WALLET_ERROR_CODES.notConnected, EXTERNAL_WALLET_TEXT.notConnected);
    const mode: WalletFlowMode = this.host.session.authenticated ? 'link' : 'login';
    this.chosen = connection;
    this.connectedByFlow = true;
    this.$flow.set({
      ...INITIAL_WALLET_FLOW,
      wallet: connection.info,
      mode,
      status: 'connected',
      address: connection.address,
      connectorType: connection.connectorType,
    });
    this.host.modal.open(EXTERNAL_WALLET_SCREENS.awaitingConnection, {
      intent: mode === 'link' ? 'link' : 'login',
    });
    await this.attempt();
  }

  // ---- window.LoginWidget (§6) ----

  /** `connectWallet()`: CONNECT_ONLY_LANDING_SCREEN; no login needed. Resolves once the modal is open. */
  connectWallet(): void {
    this.detect();
    this.$flow.set({ ...INITIAL_WALLET_FLOW, mode: 'connect' });
    if (this.host.modal.isOpen) this.host.modal.close();
    this.host.modal.open(EXTERNAL_WALLET_SCREENS.connectOnlyLanding, { intent: 'login' });
  }

  /** `connectOrCreateWallet()`: CONNECT_OR_CREATE, whose wallets connect without a login (§2.2, §6). */
  connectOrCreate(): void {
    this.detect();
    this.$flow.set({ ...INITIAL_WALLET_FLOW, mode: 'connect' });
    if (this.host.modal.isOpen) this.host.modal.close();
    this.host.modal.open(EXTERNAL_WALLET_SCREENS.connectOrCreate, { intent: 'login' });
  }

  /** `linkWallet()`: LINK_WALLET_SCREEN for the logged-in user; the outcome is link:success or link:error. */
  linkWallet(): void {
    if (!this.host.session.authenticated) {
      throw this.host.linkFailed(
        clientError(CLIENT_ERROR_CODES.mustBeAuthenticated, SESSION_MESSAGES.mustBeAuthenticated),
      );
    }
    this.detect();
    this.$flow.set({ ...INITIAL_WALLET_FLOW, mode: 'link' });
    if (this.host.modal.isOpen) this.host.modal.close();
    this.host.modal.open(EXTERNAL_WALLET_SCREENS.linkWallet, { intent: 'link' });
  }

  /** `unlinkWallet(address)`: resolves with the updated user; the embedded wallet cannot be unlinked (§8). */
  async unlinkWallet(address: string): Promise<User> {
    const user = this.host.stores.$user.get();
    const embedded = user?.linkedAccounts.some(
      (a) => a.type === 'wallet' && a.walletClientType === 'gatehouse' && lower(a.address) === lower(address),
    );
    if (embedded) {
      throw clientError(
        EXTERNAL_WALLET_ERROR_CODES.cannotUnlinkEmbedded,
        EXTERNAL_WALLET_TEXT.cannotUnlinkEmbedded,
      );
    }
    const token = await this.host.session.getAccessToken();
    if (!token)
      throw clientError(CLIENT_ERROR_CODES.mustBeAuthenticated, SESSION_MESSAGES.mustBeAuthenticated);
    return this.host.session.setUser(
      await this.host.api.post<UserWire>(SIWE_API_PATHS.unlink, { address: address.trim() }, token),
    );
  }
}

export type WalletFlowStore = WritableAtom<WalletFlowState>;

/** The external wallets of a Gatehouse: one per client, created with the first use. */
const instances = new WeakMap<ExternalWalletHost, ExternalWallets>();

export function externalWallets(host: ExternalWalletHost, options?: ExternalWalletsOptions): ExternalWallets {
  let wallets = instances.get(host);
  if (!wallets) {
    wallets = new ExternalWallets(host, options, atom(INITIAL_WALLET_FLOW));
    instances.set(host, wallets);
  }
  return wallets;
}

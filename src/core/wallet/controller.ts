/**
 * The embedded wallet in the client (§4.2, §4.5, §4.6): creation (on login or from the API),
 * connection and recovery, the recovery password flow, signing, sending with the review screen,
 * key export, and the chain remembered per address. Loaded lazily by the Gatehouse the first time
 * a wallet flow needs it; drives the EMBEDDED_WALLET_* screens through `$walletUi` (ui-state.ts).
 */
import type { AppConfigWire } from '../../protocol/api.js';
import type { HostConfig, User } from '../../protocol/client.js';
import {
  DIALOG_CLOSE_DELAY_BEFORE_CONSENT_MS,
  PASSWORD_FLOW_AUTO_CLOSE_MS,
  PROVIDER_ERROR_CODES,
  STORAGE_KEYS,
} from '../../protocol/constants.js';
import {
  type EmbeddedWallet,
  KEY_EXPORT_VIEW_WIDTH,
  type PriceDisplay,
  type SendTransactionResult,
  SIGN_SUCCESS_CLOSE_MS,
  WALLET_CREATED_AUTO_CLOSE_MS,
} from '../../protocol/embedded-wallet.js';
import { EVENTS } from '../../protocol/events.js';
import type { SharedStores } from '../../protocol/loader.js';
import { SCREENS, type ScreenName } from '../../protocol/screens.js';
import { type TokenPriceResponse, WALLET_API_PATHS } from '../../protocol/wallet-api.js';
import {
  KEY_EXPORT_MIN_WAIT_MS,
  WALLET_FRAME_QUERY,
  WALLET_FRAME_REQUESTS,
  type WalletRpcRequest,
  walletExportPath,
} from '../../protocol/wallet-frame.js';
import type { ApiClient } from '../api/client.js';
import type { LoginCompletion } from '../completion.js';
import type { ResolvedConfig } from '../config.js';
import {
  CLIENT_ERROR_CODES,
  clientError,
  type GatehouseError,
  toGatehouseError,
} from '../errors/gatehouse-error.js';
import { SESSION_MESSAGES, WALLET_MESSAGES } from '../errors/messages.js';
import { WALLET_ERROR_CODES, WALLET_FLOW_TEXT } from '../errors/wallet-flow-text.js';
import { emit } from '../events.js';
import type { ModalController } from '../modal.js';
import type { Session } from '../session/session.js';
import type { KeyValueStorage } from '../storage.js';
import { type ChainConfig, chainForConnection, requireSupportedChain, resolveChainConfig } from './chains.js';
import { type MountedFrame, WalletProxy, WalletProxyError } from './embedded.js';
import type { ExternalWalletHost, ExternalWallets } from './external/wallets.js';
import { assertSufficientFunds } from './gas.js';
import { generateRecoveryPassword, recoveryFileName, validatePassword } from './password.js';
import { EmbeddedEthereumProvider, toProviderError } from './provider.js';
import { isProviderRpcError, ProviderRpcError } from './provider-error.js';
import { type FetchLike, RpcClient } from './rpc.js';
import { explorerLink, type PreparedSend, prepareSend, sendPreview } from './send.js';
import { displayMessage, parseTypedData, summarizeTypedData, typedDataJson } from './sign-display.js';
import { normalizeTransactionRequest, type TransactionRequest, toRpcTransaction } from './transaction.js';
import {
  INITIAL_WALLET_UI,
  type SignUiOptions,
  type TransactionUiOptions,
  type WalletActions,
  type WalletPasswordStep,
  type WalletSendUi,
  type WalletSignUi,
  type WalletUiState,
  type WalletUiStore,
} from './ui-state.js';

/** Test seams of the wallet frame (GatehouseOptions.walletFrame). */
export interface WalletFrameSeams {
  mount?: (url: string) => MountedFrame;
  messages?: EventTarget;
  hostOrigin?: string;
}

/** What the controller needs of the Gatehouse (which it is given). */
export interface WalletHost {
  api: ApiClient;
  session: Session;
  modal: ModalController;
  stores: SharedStores;
  $walletUi: WalletUiStore;
  events: EventTarget;
  storage: KeyValueStorage;
  options: { appId: string; apiUrl: string; fetch?: FetchLike; walletFrame?: WalletFrameSeams };
  $appConfig: { get(): AppConfigWire | null };
  $hostConfig: { get(): HostConfig };
  $config: { get(): ResolvedConfig };
  /** Cancels a finished login's pending close (a wallet screen is about to show). */
  holdModal(): void;
  /** `login:success` and its analytics (§4.2). */
  loginSucceeded(result: LoginCompletion): void;
}

/** The Gatehouse as the external wallets see it (their host API goes through this controller). */
type ExternalHost = WalletHost & ExternalWalletHost;

/** The embedded wallet's settings: the host's `embeddedWallets` over the app's (§3, §6, §9). */
export interface WalletSettings {
  createOnLogin: 'off' | 'all-users' | 'users-without-wallets';
  requirePassword: boolean;
  noPrompt: boolean;
  primary: PriceDisplay;
  waitForConfirmation: boolean;
}

export function walletSettings(app: AppConfigWire | null, host: HostConfig): WalletSettings {
  const own = host.embeddedWallets ?? {};
  const server = app?.embedded_wallet_config;
  return {
    createOnLogin: own.createOnLogin ?? server?.create_on_login ?? 'off',
    requirePassword: own.requireUserPasswordOnCreate ?? server?.require_user_password_on_create ?? false,
    noPrompt: own.noPromptOnSignature ?? server?.no_prompt_on_signature ?? false,
    primary: own.priceDisplay?.primary ?? 'fiat-currency',
    waitForConfirmation: host.waitForTransactionConfirmation ?? true,
  };
}

/** The user's embedded wallet (walletClientType 'gatehouse'), if any. */
export function embeddedWalletOf(user: User | null | undefined): EmbeddedWallet | null {
  const account = user?.linkedAccounts.find((a) => a.type === 'wallet' && a.walletClientType === 'gatehouse');
  if (account?.type !== 'wallet') return null;
  return {
    address: account.address,
    chainType: 'ethereum',
    walletClientType: 'gatehouse',
    recoveryMethod: account.recoveryMethod ?? 'gatehouse',
  };
}

/** §4.2, §6: whether a login creates a wallet for this user. */
export function shouldCreateOnLogin(setting: WalletSettings['createOnLogin'], user: User): boolean {
  if (setting === 'off' || embeddedWalletOf(user)) return false;
  if (setting === 'users-without-wallets') return !user.linkedAccounts.some((a) => a.type === 'wallet');
  return true;
}

const rejected = (): ProviderRpcError =>
  new ProviderRpcError(PROVIDER_ERROR_CODES.userRejected, WALLET_FLOW_TEXT.userRejected);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

interface OpenRequest {
  kind: 'sign' | 'send';
  reject: (error: Error) => void;
  /** Resolved (or failed for good): closing no longer rejects. */
  settled: boolean;
  abort: AbortController;
}

interface PasswordRun {
  /** Runs at finalizing with the chosen password. */
  submit: (password: string) => Promise<void>;
  resolve: () => void;
  reject: (error: Error) => void;
  /** The text shown at 'done' when `submit` fails. */
  failureText: string;
}

type Listener = (value: unknown) => void;

export class WalletController implements WalletActions {
  readonly proxy: WalletProxy;
  private readonly host: WalletHost;
  private readonly $ui: WalletUiStore;
  /** The address the frame holds the key of on this device (connected or recovered). */
  private connectedAddress: string | null = null;
  private connecting: Promise<string> | null = null;
  /** Calls waiting on EMBEDDED_WALLET_CONNECTING_SCREEN, given up when it closes. */
  private readonly connectAborts = new Set<() => void>();
  private chainId: number | null = null;
  private request: OpenRequest | null = null;
  private signRun: (() => Promise<void>) | null = null;
  private sendRun: (() => Promise<void>) | null = null;
  private recoveryWait: { resolve: () => void; reject: (error: Error) => void; address: string } | null =
    null;
  private passwordRun: PasswordRun | null = null;
  private exportWait: { resolve: () => void } | null = null;
  private closeTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly prices = new Map<string, Promise<number | null>>();
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(host: WalletHost) {
    this.host = host;
    this.$ui = host.$walletUi;
    this.$ui.set(INITIAL_WALLET_UI);
    const { appId, apiUrl, walletFrame } = host.options;
    this.proxy = new WalletProxy({
      apiUrl,
      appId,
      clientAnalyticsId: this.clientAnalyticsId(),
      hostOrigin: walletFrame?.hostOrigin,
      messages: walletFrame?.messages,
      mount: walletFrame?.mount,
    });
    // Logged out (here, in another tab, or by custom auth): the wallet is no longer this page's.
    host.stores.$authenticated.listen((authenticated) => {
      if (!authenticated) this.reset();
    });
  }

  private provider: EmbeddedEthereumProvider | null = null;

  /** `LoginWidget.getEthereumProvider()`: one EIP-1193 provider per page. */
  // ---- external wallets (§6): their code is a chunk of its own (external/wallets.ts) ----

  private async external(): Promise<ExternalWallets> {
    const { externalWallets } = await import('./external/wallets.js');
    return externalWallets(this.host as ExternalHost);
  }

  /** `LoginWidget.connectWallet()`: CONNECT_ONLY_LANDING_SCREEN, no login needed. */
  async connectWallet(): Promise<void> {
    (await this.external()).connectWallet();
  }

  /**
   * `LoginWidget.connectOrCreateWallet()` (§6): needs no session and no connected wallet. Logged
   * in, the user gets an embedded wallet when they have none; otherwise CONNECT_OR_CREATE offers
   * the wallets (a connection only) and the other ways in, whose login then creates the wallet.
   */
  async connectOrCreateWallet(): Promise<void> {
    if (this.host.session.authenticated) {
      if (!this.wallet()) await this.createWallet();
      return;
    }
    const host = this.host as ExternalHost;
    host.createWalletOnLogin = true;
    (await this.external()).connectOrCreate();
    const stop = host.modal.$modal.listen((state) => {
      if (state.open) return;
      stop();
      // Closed without a login (a login has taken the flag already).
      host.createWalletOnLogin = false;
    });
  }

  /** `LoginWidget.linkWallet()`: LINK_WALLET_SCREEN for the logged-in user. */
  async linkWallet(): Promise<void> {
    (await this.external()).linkWallet();
  }

  /** `LoginWidget.unlinkWallet(address)`: resolves with the updated user. */
  async unlinkWallet(address: unknown): Promise<User> {
    return (await this.external()).unlinkWallet(String(address ?? ''));
  }

  getEthereumProvider(): EmbeddedEthereumProvider {
    this.provider ??= new EmbeddedEthereumProvider(this);
    return this.provider;
  }

  /** The page's client analytics id (the Gatehouse stored it at start). */
  private clientAnalyticsId(): string {
    return this.host.storage.getItem(STORAGE_KEYS.clientAnalyticsId) ?? '';
  }

  /** Opens the modal (if closed) at the screen; a pending auto-close of the previous screen is dropped. */
  private show(screen: ScreenName): void {
    // A 'Success' about to close must not close the next request's screen (sign right after sign).
    clearTimeout(this.closeTimer);
    this.host.holdModal();
    if (this.host.modal.isOpen) this.host.modal.navigate(screen);
    else this.host.modal.open(screen);
  }

  /** Closes the modal (without asking beforeClose again). */
  private close(): void {
    this.host.holdModal();
    this.host.modal.close();
  }

  // ---- settings, chain, events ----

  settings(): WalletSettings {
    return walletSettings(this.host.$appConfig.get(), this.host.$hostConfig.get());
  }

  chainConfig(): ChainConfig {
    return resolveChainConfig(this.host.$hostConfig.get());
  }

  private update(patch: Partial<WalletUiState>): void {
    this.$ui.set({ ...this.$ui.get(), ...patch });
  }

  /** The provider's events (chainChanged, accountsChanged). */
  on(event: string, listener: Listener): void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
  }

  off(event: string, listener: Listener): void {
    this.listeners.get(event)?.delete(listener);
  }

  private fire(event: string, value: unknown): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        listener(value);
      } catch (error) {
        console.error(error);
      }
    }
  }

  /** The embedded wallet of the logged-in user, or null. */
  wallet(): EmbeddedWallet | null {
    return this.host.session.authenticated ? embeddedWalletOf(this.host.stores.$user.get()) : null;
  }

  private storedChains(): Record<string, number> {
    try {
      const value = JSON.parse(this.host.storage.getItem(STORAGE_KEYS.walletChains) ?? '{}') as unknown;
      return value && typeof value === 'object' ? (value as Record<string, number>) : {};
    } catch {
      return {};
    }
  }

  /** The wallet's current chain id (§4.5: the remembered one when supported, else the default chain). */
  currentChainId(): number {
    if (this.chainId !== null) return this.chainId;
    const address = this.wallet()?.address;
    const stored = address ? this.storedChains()[address.toLowerCase()] : undefined;
    this.chainId = chainForConnection(this.chainConfig(), stored ?? null).id;
    return this.chainId;
  }

  /** wallet_switchEthereumChain (§4.5): a supported chain, remembered per address; 4902 otherwise. */
  switchChain(id: unknown): number {
    const chain = requireSupportedChain(this.chainConfig(), id);
    const changed = chain.id !== this.currentChainId();
    this.chainId = chain.id;
    const address = this.wallet()?.address;
    if (address) {
      const chains = this.storedChains();
      chains[address.toLowerCase()] = chain.id;
      this.host.storage.setItem(STORAGE_KEYS.walletChains, JSON.stringify(chains));
    }
    if (changed) this.fire('chainChanged', `0x${chain.id.toString(16)}`);
    return chain.id;
  }

  rpcClient(chainId = this.currentChainId()): RpcClient {
    const config = this.chainConfig();
    const chain = requireSupportedChain(config, chainId);
    const url = config.rpcUrls[chain.id] ?? chain.rpcUrls.default.http[0];
    if (!url) throw new ProviderRpcError(PROVIDER_ERROR_CODES.internal, WALLET_MESSAGES.noRpcUrl);
    return new RpcClient(url, { fetch: this.host.options.fetch });
  }

  // ---- session ----

  private async accessToken(message: string = SESSION_MESSAGES.mustBeAuthenticated): Promise<string> {
    const token = this.host.session.authenticated ? await this.host.session.getAccessToken() : null;
    if (!token) throw clientError(CLIENT_ERROR_CODES.mustBeAuthenticated, message);
    return token;
  }

  /** The user logged out: forget the connection and every open request. */
  reset(): void {
    const had = this.connectedAddress !== null;
    this.connectedAddress = null;
    this.connecting = null;
    this.chainId = null;
    this.settleOpen(rejected());
    this.recoveryWait?.reject(rejected());
    this.recoveryWait = null;
    this.passwordRun?.reject(
      clientError(WALLET_ERROR_CODES.exitedSetPasswordFlow, WALLET_FLOW_TEXT.exitedPasswordFlow),
    );
    this.passwordRun = null;
    this.exportWait?.resolve();
    this.exportWait = null;
    clearTimeout(this.closeTimer);
    this.$ui.set(INITIAL_WALLET_UI);
    if (had) this.fire('accountsChanged', []);
  }

  // ---- creation (§4.6) ----

  /**
   * The end of a login that creates a wallet (§4.2): the creation screen after 900 ms (in a dialog),
   * the password steps first with requireUserPasswordOnCreate, then the created screen for a new
   * user (auto-close 2.5 s) or the modal closes. Resolves with the updated user; a failure logs out
   * and rejects.
   */
  async createOnLogin(result: LoginCompletion): Promise<void> {
    try {
      const user = await this.createForLogin(result.isNewUser);
      this.host.loginSucceeded({ ...result, user });
    } catch (error) {
      const failure = toGatehouseError(error);
      emit(this.host.events, EVENTS.loginError, { code: failure.code, message: failure.message });
    }
  }

  private async createForLogin(isNewUser: boolean): Promise<User> {
    const { requirePassword } = this.settings();
    const config = this.host.$config.get();
    const modalOpen = this.host.modal.isOpen;
    if (modalOpen && config.inDialog) await sleep(DIALOG_CLOSE_DELAY_BEFORE_CONSENT_MS);
    this.update({
      create: {
        status: 'creating',
        address: null,
        isNewUser,
        passwordRequired: requirePassword,
        error: null,
      },
    });
    if (modalOpen || requirePassword) this.show(SCREENS.embeddedWalletOnAccountCreate);
    try {
      const wallet = requirePassword
        ? await this.passwordFlow({
            automatic: true,
            failureText: WALLET_FLOW_TEXT.creationFailed,
            submit: async (password) => {
              await this.create(false, password);
            },
          }).then(() => this.requireWallet())
        : await this.create(false);
      this.update({ create: { ...this.$ui.get().create, status: 'created', address: wallet.address } });
      if (!this.host.modal.isOpen) return this.host.stores.$user.get() as User;
      if (requirePassword) {
        // The password flow's 'done' closes the modal itself (1400 ms).
      } else if (isNewUser) {
        this.show(SCREENS.embeddedWalletCreated);
        clearTimeout(this.closeTimer);
        this.closeTimer = setTimeout(() => this.close(), WALLET_CREATED_AUTO_CLOSE_MS);
      } else {
        this.close();
      }
      return this.host.stores.$user.get() as User;
    } catch (error) {
      const failure = toGatehouseError(error);
      this.update({
        create: { ...this.$ui.get().create, status: 'error', error: creationErrorText(failure) },
      });
      await this.host.session.logout();
      this.reset();
      this.update({
        create: {
          ...INITIAL_WALLET_UI.create,
          isNewUser,
          status: 'error',
          error: creationErrorText(failure),
        },
      });
      throw failure;
    }
  }

  /** `LoginWidget.createWallet()`: with requireUserPasswordOnCreate the password steps open first. */
  async createWallet(): Promise<EmbeddedWallet> {
    await this.accessToken();
    if (this.wallet()) throw clientError('embedded_wallet_already_exists', WALLET_FLOW_TEXT.onlyOneWallet);
    if (!this.settings().requirePassword) return this.create(true);
    this.update({
      create: { status: 'creating', address: null, isNewUser: false, passwordRequired: true, error: null },
    });
    this.show(SCREENS.embeddedWalletOnAccountCreate);
    await this.passwordFlow({
      automatic: false,
      failureText: WALLET_FLOW_TEXT.creationFailed,
      submit: async (password) => {
        await this.create(true, password);
      },
    });
    return this.requireWallet();
  }

  private requireWallet(): EmbeddedWallet {
    const wallet = this.wallet();
    if (!wallet)
      throw clientError(WALLET_ERROR_CODES.embeddedWalletNotFound, WALLET_FLOW_TEXT.missingEmbeddedWallet);
    return wallet;
  }

  /**
   * §4.6 steps: access token, proxy ready (30 s; 15 s from the API), `wallet:create` (10 s, identical
   * pending calls shared), refresh the user, require the embedded wallet; then `wallet:created`.
   */
  async create(fromApi: boolean, recoveryPassword?: string): Promise<EmbeddedWallet> {
    const accessToken = await this.accessToken(WALLET_FLOW_TEXT.loginAgain);
    const reply = await this.proxy.create(
      recoveryPassword === undefined ? { accessToken } : { accessToken, recoveryPassword },
      fromApi,
    );
    try {
      await this.host.session.refresh();
    } catch (error) {
      throw clientError(CLIENT_ERROR_CODES.unknown, WALLET_FLOW_TEXT.refreshUserFailed, error);
    }
    const wallet = this.wallet();
    if (!wallet || wallet.address.toLowerCase() !== reply.address.toLowerCase()) {
      throw clientError(WALLET_ERROR_CODES.embeddedWalletNotFound, WALLET_FLOW_TEXT.missingEmbeddedWallet);
    }
    this.connectedAddress = wallet.address;
    emit(this.host.events, EVENTS.walletCreated, wallet);
    this.fire('accountsChanged', [wallet.address]);
    return wallet;
  }

  // ---- connection and recovery (§4.6) ----

  /**
   * Makes the wallet usable on this device: `wallet:connect`; when the frame has no device share,
   * `wallet:recover` — silently for 'gatehouse', with the password of EMBEDDED_WALLET_RECOVERY_SCREEN
   * for 'user-passcode' (only when `interactive`). Resolves with the address.
   */
  connect(interactive: boolean, withScreen = false): Promise<string> {
    const wallet = this.wallet();
    if (!this.host.session.authenticated) {
      return Promise.reject(
        clientError(CLIENT_ERROR_CODES.mustBeAuthenticated, SESSION_MESSAGES.mustBeAuthenticated),
      );
    }
    if (!wallet) {
      return Promise.reject(
        clientError(WALLET_ERROR_CODES.embeddedWalletNotFound, WALLET_FLOW_TEXT.mustHaveWallet),
      );
    }
    if (this.connectedAddress === wallet.address) return Promise.resolve(wallet.address);
    // A flow that shows a screen anyway shows EMBEDDED_WALLET_CONNECTING_SCREEN while the frame loads the key.
    if (withScreen) this.show(SCREENS.embeddedWalletConnecting);
    // A silent connect under way may end in "recover with the password": an interactive call then asks.
    const run = this.connecting
      ? interactive
        ? this.connecting.catch(() => this.runConnect(wallet, true))
        : this.connecting
      : this.runConnect(wallet, interactive);
    this.connecting = run;
    run.then(
      () => {
        if (this.connecting === run) this.connecting = null;
      },
      () => {
        if (this.connecting === run) this.connecting = null;
      },
    );
    if (!withScreen) return run;
    // Closing EMBEDDED_WALLET_CONNECTING_SCREEN gives up the call (4001); the connection itself goes on.
    return new Promise<string>((resolve, reject) => {
      const abort = () => reject(rejected());
      this.connectAborts.add(abort);
      run.then(resolve, reject).finally(() => this.connectAborts.delete(abort));
    });
  }

  private async runConnect(wallet: EmbeddedWallet, interactive: boolean): Promise<string> {
    const accessToken = await this.accessToken();
    const { address } = wallet;
    this.update({ connecting: { status: 'connecting', error: null } });
    try {
      await this.proxy.request(WALLET_FRAME_REQUESTS.connect, { accessToken, address });
    } catch (error) {
      if (!(error instanceof WalletProxyError) || error.walletErrorType !== 'wallet_not_on_device') {
        this.update({ connecting: { status: 'error', error: WALLET_FLOW_TEXT.unableToConnect } });
        throw error;
      }
      if (wallet.recoveryMethod === 'user-passcode') {
        if (!interactive) {
          this.update({ connecting: { status: 'idle', error: null } });
          throw error;
        }
        await this.askRecoveryPassword(address);
      } else {
        this.update({ connecting: { status: 'recovering', error: null } });
        try {
          await this.proxy.request(WALLET_FRAME_REQUESTS.recover, { accessToken, address });
        } catch (recoverError) {
          this.update({ connecting: { status: 'error', error: WALLET_FLOW_TEXT.unableToRecover } });
          throw recoverError;
        }
      }
    }
    this.connectedAddress = address;
    this.update({ connecting: { status: 'connected', error: null } });
    this.fire('accountsChanged', [address]);
    return address;
  }

  /** EMBEDDED_WALLET_RECOVERY_SCREEN: waits for submitRecoveryPassword to succeed; closing rejects (4001). */
  private askRecoveryPassword(address: string): Promise<void> {
    this.update({ recovery: { address, busy: false, error: null } });
    this.show(SCREENS.embeddedWalletRecovery);
    return new Promise<void>((resolve, reject) => {
      this.recoveryWait = { resolve, reject, address };
    });
  }

  async submitRecoveryPassword(password: string): Promise<void> {
    const wait = this.recoveryWait;
    if (!wait || this.$ui.get().recovery.busy) return;
    this.update({ recovery: { address: wait.address, busy: true, error: null } });
    try {
      const accessToken = await this.accessToken();
      await this.proxy.request(WALLET_FRAME_REQUESTS.recover, {
        accessToken,
        address: wait.address,
        recoveryPin: password,
      });
      this.recoveryWait = null;
      this.update({ recovery: { address: wait.address, busy: false, error: null } });
      wait.resolve();
    } catch (error) {
      const type = error instanceof WalletProxyError ? error.walletErrorType : null;
      const text =
        type === 'invalid_recovery_pin' || type === 'invalid_request_arguments'
          ? WALLET_FLOW_TEXT.invalidRecoveryPassword
          : WALLET_FLOW_TEXT.genericError;
      this.update({ recovery: { address: wait.address, busy: false, error: text } });
    }
  }

  // ---- the recovery password flow (§4.6) ----

  /** `LoginWidget.setWalletPassword()`: PASSWORD_UPDATE_SPLASH_SCREEN, then the steps; resolves at 'done'. */
  async setWalletPassword(): Promise<EmbeddedWallet> {
    await this.accessToken();
    const wallet = this.wallet();
    if (!wallet)
      throw clientError(WALLET_ERROR_CODES.embeddedWalletNotFound, WALLET_FLOW_TEXT.mustHaveWallet);
    if (wallet.recoveryMethod === 'user-passcode') {
      throw clientError(WALLET_ERROR_CODES.passwordAlreadyExists, WALLET_FLOW_TEXT.passwordAlreadySet);
    }
    await this.connect(true, true);
    await this.passwordFlow({
      automatic: false,
      splash: true,
      failureText: WALLET_FLOW_TEXT.settingPasswordFailed,
      submit: async (recoveryPassword) => {
        const accessToken = await this.accessToken();
        await this.proxy.request(WALLET_FRAME_REQUESTS.setRecoveryPassword, {
          accessToken,
          address: wallet.address,
          recoveryPassword,
        });
        await this.host.session.refresh();
      },
    });
    return this.requireWallet();
  }

  private passwordFlow(options: {
    automatic: boolean;
    splash?: boolean;
    failureText: string;
    submit: (password: string) => Promise<void>;
  }): Promise<void> {
    this.update({
      password: {
        step: 'creating',
        automatic: options.automatic,
        password: '',
        generated: false,
        fileName: recoveryFileName(this.host.$config.get().appName),
        busy: false,
        error: null,
      },
    });
    if (options.splash) this.show(SCREENS.embeddedWalletPasswordUpdateSplash);
    return new Promise<void>((resolve, reject) => {
      this.passwordRun = { submit: options.submit, resolve, reject, failureText: options.failureText };
    });
  }

  beginWalletPassword(): void {
    if (!this.passwordRun) return;
    this.show(SCREENS.embeddedWalletPasswordUpdate);
  }

  setWalletPasswordDraft(password: string): void {
    const state = this.$ui.get().password;
    if (!this.passwordRun || state.step !== 'creating') return;
    this.update({ password: { ...state, password, generated: false } });
  }

  generateWalletPassword(): void {
    const state = this.$ui.get().password;
    if (!this.passwordRun || state.step !== 'creating') return;
    this.update({ password: { ...state, password: generateRecoveryPassword(), generated: true } });
  }

  async walletPasswordNext(): Promise<void> {
    const run = this.passwordRun;
    const state = this.$ui.get().password;
    if (!run || state.busy || state.step === 'done') return;
    const order: WalletPasswordStep[] = ['creating', 'saving', 'confirming', 'finalizing'];
    if (state.step === 'creating' && !validatePassword(state.password).valid) return;
    if (state.step !== 'finalizing') {
      this.update({ password: { ...state, step: order[order.indexOf(state.step) + 1] ?? 'finalizing' } });
      return;
    }
    this.update({ password: { ...state, busy: true, error: null } });
    try {
      await run.submit(state.password);
    } catch (error) {
      console.warn(toGatehouseError(error).message);
      this.update({
        password: { ...this.$ui.get().password, busy: false, step: 'done', error: run.failureText },
      });
      this.passwordRun = null;
      run.reject(clientError(WALLET_ERROR_CODES.unknownEmbeddedWalletError, run.failureText, error));
      return;
    }
    this.passwordRun = null;
    // The password stays in memory no longer than needed.
    this.update({
      password: { ...this.$ui.get().password, password: '', busy: false, step: 'done', error: null },
    });
    if (state.automatic) {
      clearTimeout(this.closeTimer);
      this.closeTimer = setTimeout(() => this.close(), PASSWORD_FLOW_AUTO_CLOSE_MS);
    }
    run.resolve();
  }

  walletPasswordBack(): void {
    const state = this.$ui.get().password;
    if (!this.passwordRun || state.busy || state.step === 'creating' || state.step === 'done') return;
    const order: WalletPasswordStep[] = ['creating', 'saving', 'confirming', 'finalizing'];
    this.update({ password: { ...state, step: order[order.indexOf(state.step) - 1] ?? 'creating' } });
  }

  cancelWalletPassword(): void {
    const run = this.passwordRun;
    const state = this.$ui.get().password;
    if (!run || state.automatic || state.busy) return;
    this.passwordRun = null;
    this.update({ password: { ...state, password: '' } });
    run.reject(clientError(WALLET_ERROR_CODES.exitedSetPasswordFlow, WALLET_FLOW_TEXT.exitedPasswordFlow));
    this.close();
  }

  // ---- the modal closes ----

  /**
   * The user closes the modal (§4.6): false keeps it open (an automatic password flow during
   * set-up). A sign or send request not yet done rejects with 4001; a recovery wait rejects too; a
   * user-started password flow rejects with user_exited_set_password_flow.
   */
  beforeClose(): boolean {
    const password = this.$ui.get().password;
    if (this.passwordRun && password.automatic && password.step !== 'done') return false;
    clearTimeout(this.closeTimer);
    for (const abort of this.connectAborts) abort();
    this.connectAborts.clear();
    this.settleOpen(rejected());
    if (this.recoveryWait) {
      this.recoveryWait.reject(rejected());
      this.recoveryWait = null;
    }
    if (this.passwordRun) {
      this.cancelWalletPassword();
    }
    if (this.exportWait) {
      this.exportWait.resolve();
      this.exportWait = null;
      this.update({ export: { ...INITIAL_WALLET_UI.export } });
    }
    return true;
  }

  private settleOpen(error: Error): void {
    const open = this.request;
    if (!open) return;
    this.request = null;
    this.signRun = null;
    this.sendRun = null;
    open.abort.abort(error);
    if (!open.settled) {
      open.settled = true;
      open.reject(error);
    }
  }

  private openRequest(kind: 'sign' | 'send'): OpenRequest {
    if (this.request && !this.request.settled) {
      throw new ProviderRpcError(PROVIDER_ERROR_CODES.resourceUnavailable, WALLET_FLOW_TEXT.requestPending);
    }
    this.settleOpen(rejected());
    const open: OpenRequest = { kind, reject: () => {}, settled: false, abort: new AbortController() };
    this.request = open;
    return open;
  }

  cancelWalletRequest(): void {
    if (!this.request) return;
    this.settleOpen(rejected());
    this.close();
  }

  // ---- signing (§4.6) ----

  /** The frame signs; nothing else in this file touches keys. */
  async rpcSign(request: WalletRpcRequest): Promise<string> {
    const address = await this.connect(true);
    const accessToken = await this.accessToken(WALLET_FLOW_TEXT.mustBeAuthenticatedBeforeSigning);
    const reply = await this.proxy.request(WALLET_FRAME_REQUESTS.rpc, { accessToken, address, request });
    return reply.response.data;
  }

  /** `LoginWidget.signMessage(message, uiOptions)`: resolves with the signature (personal_sign). */
  async signMessage(message: unknown, uiOptions: SignUiOptions = {}): Promise<string> {
    if (typeof message !== 'string' || message === '') {
      throw clientError(WALLET_ERROR_CODES.invalidMessage, WALLET_FLOW_TEXT.messageNotEmpty);
    }
    const address = await this.connect(true, !this.settings().noPrompt);
    return this.sign(
      { method: 'personal_sign', params: [message, address] },
      { kind: 'message', message: displayMessage(message), typedData: null },
      uiOptions,
    );
  }

  /** `LoginWidget.signTypedData(data, uiOptions)`: EIP-712 v4; resolves with the signature. */
  async signTypedData(data: unknown, uiOptions: SignUiOptions = {}): Promise<string> {
    const typed = parseTypedData(data);
    const address = await this.connect(true, !this.settings().noPrompt);
    return this.sign(
      { method: 'eth_signTypedData_v4', params: [address, typedDataJson(typed)] },
      { kind: 'typedData', message: null, typedData: summarizeTypedData(typed) },
      uiOptions,
    );
  }

  /** eth_sign: the message is shown like personal_sign's. */
  async ethSign(message: string, uiOptions: SignUiOptions = {}): Promise<string> {
    const address = await this.connect(true, !this.settings().noPrompt);
    return this.sign(
      { method: 'eth_sign', params: [address, message] },
      { kind: 'message', message: displayMessage(message), typedData: null },
      uiOptions,
    );
  }

  /**
   * EMBEDDED_WALLET_SIGN_REQUEST_SCREEN unless noPromptOnSignature: approveSign() signs, 'Success'
   * shows, the modal closes after 1400 ms; closing before rejects with 4001.
   */
  private sign(
    request: WalletRpcRequest,
    display: Pick<WalletSignUi, 'kind' | 'message' | 'typedData'>,
    uiOptions: SignUiOptions,
  ): Promise<string> {
    if (this.settings().noPrompt) return this.rpcSign(request);
    const open = this.openRequest('sign');
    return new Promise<string>((resolve, reject) => {
      open.reject = reject;
      const state: WalletSignUi = { ...display, uiOptions: { ...uiOptions }, status: 'ready', error: null };
      this.update({ sign: state, send: null });
      this.signRun = async () => {
        const current = this.$ui.get().sign;
        if (!current || current.status === 'signing' || current.status === 'done') return;
        this.update({ sign: { ...current, status: 'signing', error: null } });
        try {
          const signature = await this.rpcSign(request);
          if (this.request !== open) return;
          open.settled = true;
          this.update({ sign: { ...current, status: 'done', error: null } });
          clearTimeout(this.closeTimer);
          this.closeTimer = setTimeout(() => {
            if (this.request === open) this.request = null;
            this.close();
          }, SIGN_SUCCESS_CLOSE_MS);
          resolve(signature);
        } catch (error) {
          if (this.request !== open) return;
          console.warn(toGatehouseError(error).message);
          this.update({ sign: { ...current, status: 'error', error: WALLET_FLOW_TEXT.genericError } });
        }
      };
      this.show(SCREENS.embeddedWalletSignRequest);
    });
  }

  async approveSign(): Promise<void> {
    await this.signRun?.();
  }

  // ---- sending (§4.6) ----

  /**
   * `LoginWidget.sendTransaction(request, uiOptions)` and eth_sendTransaction: prepare, review on
   * EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN (unless noPromptOnSignature), sign in the frame,
   * broadcast, wait for the receipt (waitForTransactionConfirmation). Closing before 'done' rejects 4001.
   */
  async sendTransaction(
    request: TransactionRequest,
    uiOptions: TransactionUiOptions = {},
  ): Promise<SendTransactionResult> {
    normalizeTransactionRequest(request);
    const from = await this.connect(true, !this.settings().noPrompt);
    const withChain: TransactionRequest = { ...request, chainId: request.chainId ?? this.currentChainId() };
    const settings = this.settings();
    const config = this.chainConfig();
    // §4.5: a chain outside supportedChains is refused (4902) before anything shows.
    requireSupportedChain(config, withChain.chainId);
    if (settings.noPrompt) {
      const prepared = await prepareSend(withChain, { config, from, fetch: this.host.options.fetch });
      assertSufficientFunds(prepared.balance, prepared.fees);
      return this.submit(prepared, settings.waitForConfirmation);
    }
    const open = this.openRequest('send');
    return new Promise<SendTransactionResult>((resolve, reject) => {
      open.reject = reject;
      let prepared: PreparedSend | null = null;
      const setSend = (patch: Partial<WalletSendUi>): void => {
        if (this.request !== open) return;
        const current = this.$ui.get().send;
        if (current) this.update({ send: { ...current, ...patch } });
      };
      this.update({
        sign: null,
        send: {
          uiOptions: { ...uiOptions },
          status: 'preparing',
          preview: null,
          transactionHash: null,
          transactionUrl: null,
          error: null,
        },
      });
      this.show(SCREENS.embeddedWalletSendTransaction);
      const preparing = (async () => {
        try {
          prepared = await prepareSend(withChain, { config, from, fetch: this.host.options.fetch });
          const { symbol } = prepared.chain.nativeCurrency;
          const price = await this.tokenPrice(prepared.chain.id, symbol);
          const preview = sendPreview(prepared, price, uiOptions, settings.primary);
          setSend({
            status: preview.insufficientFunds ? 'error' : 'ready',
            preview,
            error: preview.insufficientFunds ? WALLET_MESSAGES.insufficientFunds : null,
          });
        } catch (error) {
          console.warn(toGatehouseError(error).message);
          setSend({
            status: 'error',
            error:
              isProviderRpcError(error) && error.code === PROVIDER_ERROR_CODES.invalidParams
                ? error.message
                : WALLET_MESSAGES.preparingFailed,
          });
        }
      })();
      this.sendRun = async () => {
        await preparing;
        const current = this.$ui.get().send;
        if (!prepared || !current || this.request !== open) return;
        if (
          current.status !== 'ready' &&
          !(
            current.status === 'error' &&
            current.transactionHash === null &&
            current.preview &&
            !current.preview.insufficientFunds
          )
        ) {
          return;
        }
        setSend({ status: 'submitting', error: null });
        try {
          const result = await this.submit(
            prepared,
            settings.waitForConfirmation,
            open.abort.signal,
            (hash) =>
              setSend({ transactionHash: hash, transactionUrl: explorerLink(prepared!.chain, 'tx', hash) }),
          );
          if (this.request !== open) return;
          open.settled = true;
          setSend({ status: 'done' });
          resolve(result);
        } catch (error) {
          if (this.request !== open) return;
          console.warn(toGatehouseError(error).message);
          const hash = this.$ui.get().send?.transactionHash ?? null;
          setSend({
            status: 'error',
            error: hash ? WALLET_MESSAGES.processingFailed : sendErrorText(error),
          });
          if (hash) {
            open.settled = true;
            reject(toProviderError(error));
          }
        }
      };
    });
  }

  async approveSend(): Promise<void> {
    await this.sendRun?.();
  }

  /** Signs in the frame (eth_signTransaction), broadcasts, and waits for the receipt when asked. */
  private async submit(
    prepared: PreparedSend,
    waitForConfirmation: boolean,
    signal?: AbortSignal,
    onHash?: (hash: string) => void,
  ): Promise<SendTransactionResult> {
    const raw = await this.rpcSign({
      method: 'eth_signTransaction',
      params: [toRpcTransaction(prepared.transaction)],
    });
    signal?.throwIfAborted();
    const hash = await prepared.rpc.sendRawTransaction(raw);
    onHash?.(hash);
    const { from, to } = prepared.transaction;
    if (!waitForConfirmation) {
      return {
        transactionHash: hash,
        from,
        to,
        blockNumber: null,
        status: null,
        gasUsed: null,
        effectiveGasPrice: null,
      };
    }
    const receipt = await prepared.rpc.waitForReceipt(hash, { signal });
    return {
      transactionHash: receipt.transactionHash,
      from: receipt.from,
      to: receipt.to,
      blockNumber: receipt.blockNumber,
      status: receipt.status,
      gasUsed: receipt.gasUsed.toString(),
      effectiveGasPrice: receipt.effectiveGasPrice.toString(),
    };
  }

  /** eth_signTransaction: prepared like a send, signed by the frame, not broadcast. */
  async signTransaction(request: TransactionRequest): Promise<string> {
    const from = await this.connect(true);
    const prepared = await prepareSend(
      { ...request, chainId: request.chainId ?? this.currentChainId() },
      { config: this.chainConfig(), from, fetch: this.host.options.fetch },
    );
    return this.rpcSign({ method: 'eth_signTransaction', params: [toRpcTransaction(prepared.transaction)] });
  }

  /** GET /api/v1/token_price (§7), once per chain and symbol; null when it cannot answer (native only). */
  private tokenPrice(chainId: number, symbol: string): Promise<number | null> {
    const key = `${chainId}:${symbol}`;
    let price = this.prices.get(key);
    if (!price) {
      const query = new URLSearchParams({ chainId: String(chainId), tokenSymbol: symbol });
      price = this.host.api.get<TokenPriceResponse>(`${WALLET_API_PATHS.tokenPrice}?${query}`).then(
        (answer) => (typeof answer?.usd === 'number' && Number.isFinite(answer.usd) ? answer.usd : null),
        () => {
          this.prices.delete(key);
          return null;
        },
      );
      this.prices.set(key, price);
    }
    return price;
  }

  // ---- export (§2.3, §4.6) ----

  /**
   * `LoginWidget.exportWallet()`: EMBEDDED_WALLET_KEY_EXPORT_SCREEN with the provider-origin export
   * view, shown at least 1 s after the call; resolves when the screen closes.
   */
  async exportWallet(): Promise<void> {
    const started = Date.now();
    const address = await this.connect(true, true);
    const accessToken = await this.accessToken();
    this.update({ export: { url: null, address, width: KEY_EXPORT_VIEW_WIDTH } });
    this.show(SCREENS.embeddedWalletKeyExport);
    const closed = new Promise<void>((resolve) => {
      this.exportWait = { resolve };
    });
    const url = this.exportUrl(accessToken, address);
    const wait = KEY_EXPORT_MIN_WAIT_MS - (Date.now() - started);
    if (wait > 0) await sleep(wait);
    if (this.exportWait) this.update({ export: { url, address, width: KEY_EXPORT_VIEW_WIDTH } });
    await closed;
  }

  private exportUrl(accessToken: string, address: string): string {
    const url = new URL(walletExportPath(this.host.options.appId), this.host.options.apiUrl);
    const config = this.host.$config.get();
    const dark = config.theme === 'dark';
    const params: Record<string, string> = {
      [WALLET_FRAME_QUERY.token]: accessToken,
      [WALLET_FRAME_QUERY.address]: address,
      [WALLET_FRAME_QUERY.width]: String(KEY_EXPORT_VIEW_WIDTH),
      [WALLET_FRAME_QUERY.clientAnalyticsId]: this.clientAnalyticsId(),
      [WALLET_FRAME_QUERY.origin]:
        this.host.options.walletFrame?.hostOrigin ?? globalThis.location?.origin ?? '',
      [WALLET_FRAME_QUERY.background]: dark ? '#1a1b1f' : '#ffffff',
      [WALLET_FRAME_QUERY.foreground]: dark ? '#ffffff' : '#1a1b1f',
      [WALLET_FRAME_QUERY.accent]: config.accentColor,
    };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  }
}

/** §8 wallet creation texts for a failure. */
function creationErrorText(error: GatehouseError): string {
  if (error.code === CLIENT_ERROR_CODES.mustBeAuthenticated) return WALLET_FLOW_TEXT.loginAgain;
  if (error.message === WALLET_FLOW_TEXT.onlyOneWallet) return WALLET_FLOW_TEXT.onlyOneWallet;
  return WALLET_FLOW_TEXT.genericError;
}

/** §8 transaction texts: insufficient funds, or the generic processing failure. */
function sendErrorText(error: unknown): string {
  if (error instanceof WalletProxyError && error.walletErrorType === 'insufficient_funds') {
    return WALLET_MESSAGES.insufficientFunds;
  }
  if (isProviderRpcError(error) && /insufficient funds/i.test(error.message))
    return WALLET_MESSAGES.insufficientFunds;
  return WALLET_MESSAGES.processingFailed;
}

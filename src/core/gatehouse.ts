import { atom, computed, type ReadableAtom } from 'nanostores';
import { type AcceptTermsResponse, API_PATHS, type AppConfigWire } from '../protocol/api.js';
import type { HostConfig, LinkedAccount, User } from '../protocol/client.js';
import { QUERY_PARAMS, STORAGE_KEYS } from '../protocol/constants.js';
import { EVENTS } from '../protocol/events.js';
import {
  OAUTH_LINK_METHODS,
  type SharedStores,
  WALLET_WIDGET_METHODS,
  type WidgetMethod,
} from '../protocol/loader.js';
import { SCREENS, type ScreenName } from '../protocol/screens.js';
import { ANALYTICS_EVENTS, Analytics } from './analytics.js';
import { clientAnalyticsId } from './analytics-id.js';
import { ApiClient, type FetchLike } from './api/client.js';
import type { CaptchaController } from './captcha.js';
import {
  type CompletionStep,
  type LoginCompletion,
  needsConsent,
  stepAfterConsent,
  stepAfterLogin,
} from './completion.js';
import {
  hasLoginConfig,
  hasWalletConfig,
  mergeHostConfig,
  type ResolvedConfig,
  resolveConfig,
  validateHostConfig,
} from './config.js';
import { passwordlessCodeMessage } from './errors/code-message.js';
import {
  CLIENT_ERROR_CODES,
  clientError,
  GatehouseError,
  toGatehouseError,
} from './errors/gatehouse-error.js';
import { MESSAGES, SESSION_MESSAGES } from './errors/messages.js';
import { emit } from './events.js';
import type { CustomAuthSync } from './flows/custom-auth.js';
import { EmailFlow } from './flows/email.js';
import type { OAuthScreenState } from './flows/oauth.js';
import type { OAuthLogin } from './flows/oauth-login.js';
import { isOAuthProvider, readOAuthReturn, withoutOAuthParams } from './flows/oauth-return.js';
import type { SmsFlow } from './flows/sms.js';
import { hasLoginMethod } from './login-methods.js';
import { type AuthFlowState, ModalController } from './modal.js';
import { adoptForkedToken } from './session/forked-token.js';
import { Session } from './session/session.js';
import { browserStorage, type KeyValueStorage } from './storage.js';
import type { WalletController, WalletFrameSeams } from './wallet/controller.js';
import type { WalletActions, WalletUiState, WalletUiStore } from './wallet/ui-state.js';

/** The names of WalletActions: each loads the wallet code and calls it (see the constructor). */
export const WALLET_ACTIONS = [
  'approveSign',
  'approveSend',
  'cancelWalletRequest',
  'submitRecoveryPassword',
  'beginWalletPassword',
  'setWalletPasswordDraft',
  'generateWalletPassword',
  'walletPasswordNext',
  'walletPasswordBack',
  'cancelWalletPassword',
] as const satisfies readonly (keyof WalletActions)[];

export interface GatehouseOptions {
  appId: string;
  apiUrl: string;
  stores: SharedStores;
  fetch?: FetchLike;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  storage?: KeyValueStorage;
  /** Where DOM events are dispatched; the host's window by default. */
  events?: EventTarget;
  /** Sends the page to an identity provider (OAuth); `location.assign` by default. */
  navigate?: (url: string) => void;
  /** Keeps the OAuth verifier and state across the redirect; this tab's sessionStorage by default. */
  oauthStorage?: KeyValueStorage;
  /** The page's CSP nonce, for Turnstile's script when a captcha is needed. */
  nonce?: string;
  /** Test seams of the embedded wallet's frame (default: a hidden iframe on this page). */
  walletFrame?: WalletFrameSeams;
}

const noop = (): void => {};

/**
 * The client: app configuration, session, the email flow and the modal's navigation, and the
 * methods of window.LoginWidget. Framework-free; the widget renders its stores and calls its actions.
 */
export class Gatehouse implements WalletActions {
  readonly api: ApiClient;
  readonly session: Session;
  readonly modal = new ModalController();
  readonly email: EmailFlow;
  readonly analytics: Analytics;
  /** AWAITING_OAUTH_SCREEN's state; the OAuth flow itself loads the first time it is needed. */
  readonly $oauth = atom<OAuthScreenState>({ provider: null, mode: 'login', status: 'idle', error: null });
  private oauthLogin: Promise<OAuthLogin> | undefined;
  private readonly oauthOptions: Pick<GatehouseOptions, 'navigate' | 'oauthStorage'>;
  readonly stores: SharedStores;
  readonly $appConfig = atom<AppConfigWire | null>(null);
  readonly $hostConfig = atom<HostConfig>({});
  readonly $config: ReadableAtom<ResolvedConfig> = computed(
    [this.$appConfig, this.$hostConfig],
    resolveConfig,
  );
  /** Settles once the app configuration and the stored session are known (rejects when they cannot be). */
  readonly ready: Promise<void>;
  private readonly appId: string;
  readonly events: EventTarget;
  private closeTimer: ReturnType<typeof setTimeout> | undefined;
  private sms: Promise<SmsFlow> | undefined;
  /** A login waiting for the user's answer on AFFIRMATIVE_CONSENT_SCREEN. */
  private pendingLogin: LoginCompletion | null = null;
  /** A restored session asked again for the terms (see resumeConsent). */
  private consentResumed = false;
  /** Custom auth, loaded with its code when a host first configures customAuth. */
  private customAuthSync: Promise<CustomAuthSync> | undefined;
  /** The captcha of CAPTCHA_SCREEN, loaded with its code the first time a login needs it (§4.3). */
  captcha: CaptchaController | null = null;
  private readonly nonce: string | undefined;
  /** The state the EMBEDDED_WALLET_* screens render (core/wallet/ui-state.ts). */
  readonly $walletUi: WalletUiStore = atom<WalletUiState>(undefined as never);
  /** The embedded wallet, loaded with its code the first time a wallet flow needs it. */
  private walletLoad: Promise<WalletController> | undefined;
  private walletLoaded: WalletController | null = null;
  readonly options: GatehouseOptions;
  readonly storage: KeyValueStorage;
  // WalletActions, defined in the constructor (WALLET_ACTIONS).
  declare approveSign: WalletActions['approveSign'];
  declare approveSend: WalletActions['approveSend'];
  declare cancelWalletRequest: WalletActions['cancelWalletRequest'];
  declare submitRecoveryPassword: WalletActions['submitRecoveryPassword'];
  declare beginWalletPassword: WalletActions['beginWalletPassword'];
  declare setWalletPasswordDraft: WalletActions['setWalletPasswordDraft'];
  declare generateWalletPassword: WalletActions['generateWalletPassword'];
  declare walletPasswordNext: WalletActions['walletPasswordNext'];
  declare walletPasswordBack: WalletActions['walletPasswordBack'];
  declare cancelWalletPassword: WalletActions['cancelWalletPassword'];

  constructor(options: GatehouseOptions) {
    const storage = options.storage ?? browserStorage();
    this.options = options;
    this.storage = storage;
    adoptForkedToken(storage);
    // The WalletActions of the screens: each loads the wallet code (already there once a wallet screen shows).
    for (const name of WALLET_ACTIONS) {
      this[name] = ((...args: unknown[]) =>
        this.walletCall((wallet) => (wallet[name] as (...a: unknown[]) => unknown)(...args))) as never;
    }
    this.appId = options.appId;
    this.stores = options.stores;
    this.events = options.events ?? globalThis;
    this.nonce = options.nonce;
    this.api = new ApiClient({
      apiUrl: options.apiUrl,
      appId: options.appId,
      clientAnalyticsId: clientAnalyticsId(storage),
      fetch: options.fetch,
      sleep: options.sleep,
    });
    this.session = new Session({
      api: this.api,
      appId: options.appId,
      storage,
      stores: options.stores,
      events: this.events,
      now: options.now,
    });
    this.email = new EmailFlow(this.api, this.session);
    this.oauthOptions = { navigate: options.navigate, oauthStorage: options.oauthStorage };
    this.analytics = new Analytics(this.api, clientAnalyticsId(storage), options.now);
    this.ready = this.start();
    this.ready.catch(noop);
  }

  private async start(): Promise<void> {
    try {
      this.$appConfig.set(await this.api.get<AppConfigWire>(API_PATHS.app(this.appId)));
    } catch (error) {
      const failure = toGatehouseError(error);
      // "could not reach" already names Gatehouse and the URL; every other failure says what it was about.
      if (failure.code === CLIENT_ERROR_CODES.network) throw failure;
      throw new GatehouseError({
        type: failure.type,
        code: failure.code,
        status: failure.status,
        message: MESSAGES.appConfigFailed(this.appId, failure.message),
        details: failure,
      });
    }
    await this.session.restore();
    this.stores.$ready.set(true);
    this.resumeOAuth();
    this.analytics.track(ANALYTICS_EVENTS.sdkInitialized);
    void this.syncCustomAuth();
    this.resumeConsent();
    this.walletAfterLogin();
    // §3: the external wallets connected before this load come back without a prompt; §2.1: a
    // `gatehouse_connector` in the address resumes a wallet connection.
    const resume = globalThis.location?.search.includes(QUERY_PARAMS.connector);
    if (resume || this.storage.getItem(STORAGE_KEYS.walletConnections)) {
      import('./wallet/external/wallets.js').then(({ externalWallets }) => {
        const wallets = externalWallets(this);
        return Promise.all([wallets.reconnect(), resume && wallets.resumeFromUrl()]);
      }, noop);
    }
  }

  // ---- window.LoginWidget ----

  /** Dispatches a call forwarded by the loader. */
  call(method: WidgetMethod | string, args: unknown[]): Promise<unknown> {
    if ((WALLET_WIDGET_METHODS as readonly string[]).includes(method)) {
      return this.walletCall((wallet) =>
        (wallet[method as keyof WalletController] as (...a: unknown[]) => unknown)(...args),
      );
    }
    if (Object.hasOwn(OAUTH_LINK_METHODS, method)) {
      return this.linkOAuth(OAUTH_LINK_METHODS[method as keyof typeof OAUTH_LINK_METHODS]);
    }
    switch (method) {
      case 'init':
        return this.init(args[0]);
      case 'login':
        return this.login();
      case 'logout':
        return this.logout();
      case 'getAccessToken':
        return this.getAccessToken();
      case 'unlinkOAuth':
        return this.unlinkOAuth(String(args[0] ?? ''), String(args[1] ?? ''));
      case 'linkEmail':
        return this.openLink(SCREENS.linkEmail);
      case 'linkPhone':
        return this.openLink(SCREENS.linkPhone);
      case 'updateEmail':
        return this.updateEmail();
      case 'unlinkEmail':
      case 'unlinkPhone':
        return this.unlink(method, String(args[0] ?? ''));
      case 'forkSession':
        return this.forkSession();
      default:
        return Promise.reject(clientError(CLIENT_ERROR_CODES.unknownMethod, MESSAGES.unknownMethod(method)));
    }
  }

  /** Merges host-side configuration over the app's; resolves once the app is ready. */
  async init(config: unknown): Promise<void> {
    let host = validateHostConfig(config);
    if (hasLoginConfig(host)) host = (await import('./login-config.js')).validateLoginConfig(host);
    const merged = mergeHostConfig(this.$hostConfig.get(), host);
    // §5: embeddedWallets' values; supportedChains not empty and holding the default chain.
    if (hasWalletConfig(merged)) (await import('./wallet/host-config.js')).validateWalletConfig(merged);
    this.$hostConfig.set(merged);
    await this.ready;
    // Custom auth: every init() re-checks the host's token (it may be new, or no longer loading).
    await this.syncCustomAuth();
    // The host may require terms itself (legal.requireUsersAcceptTerms).
    this.resumeConsent();
    // §5: a captcha needs the app's site key in its t: form; anything else throws here.
    (await this.captchaCode())?.captchaConfig(this.$appConfig.get(), this.$hostConfig.get());
    // §5: the host's methods must leave at least one that the app has switched on.
    if (!hasLoginMethod(this.$appConfig.get(), this.$hostConfig.get())) {
      throw clientError(CLIENT_ERROR_CODES.invalidConfig, MESSAGES.mustEnableOneLoginMethod);
    }
  }

  /** Opens the modal at LANDING (showing a loading state until the app is ready). */
  async login(): Promise<void> {
    const waiting = !this.stores.$ready.get();
    if (waiting) this.openModal();
    try {
      await this.ready;
    } catch (error) {
      this.modal.close();
      throw error;
    }
    if (this.session.authenticated) {
      console.warn(MESSAGES.alreadyLoggedIn);
      // The consent screen stays: it waits for the user's answer.
      if (!this.pendingLogin && !this.consentResumed) this.modal.close();
      return;
    }
    if (!waiting) this.openModal();
  }

  async logout(): Promise<void> {
    await this.ready;
    this.pendingLogin = null;
    this.consentResumed = false;
    this.closeModal();
    await this.session.logout();
  }

  async getAccessToken(): Promise<string | null> {
    await this.ready;
    return this.session.getAccessToken();
  }

  /**
   * Hands this user's session to another page: resolves with the refresh token of a new session of
   * the same user, for `?gatehouse_token=` on that page (§2.1, §4.1). Rejects with
   * must_be_authenticated when nobody is logged in.
   */
  async forkSession(): Promise<string> {
    await this.ready;
    return this.session.fork();
  }

  /**
   * Custom auth: checks the host's token now (see flows/custom-auth.ts; it also re-checks on focus,
   * visibility and an interval). The code loads the first time a host configures customAuth.
   */
  async syncCustomAuth(): Promise<void> {
    if (!this.$hostConfig.get().customAuth) return;
    this.customAuthSync ??= import('./flows/custom-auth.js').then(
      ({ CustomAuthSync }) =>
        new CustomAuthSync({
          api: this.api,
          session: this.session,
          config: () => this.$hostConfig.get().customAuth,
          user: () => this.stores.$user.get(),
          completeLogin: (result) => this.completeLogin(result),
          logout: () => this.logout(),
          events: this.events,
          page: typeof window === 'undefined' ? undefined : window,
        }),
    );
    await (await this.customAuthSync).sync();
  }

  /** Stops the custom-auth re-checks (focus, visibility, interval). */
  async stopCustomAuth(): Promise<void> {
    (await this.customAuthSync)?.stop();
  }

  // ---- actions of the screens ----

  /** Closing the modal while the terms wait for an answer declines them (§4.2). */
  closeModal(): void {
    // The wallet's screens: a pending request rejects (4001); an automatic password set-up stays open.
    if (this.modal.isOpen && this.walletLoaded?.beforeClose() === false) return;
    clearTimeout(this.closeTimer);
    if (this.pendingLogin || this.consentResumed) {
      void this.declineTerms();
      return;
    }
    // §8 exited_link_flow: the user closed a link (or email update) before it was done.
    const flow = this.modal.$flow.get();
    if (this.modal.isOpen && flow.intent !== 'login' && !flow.success) {
      this.linkFailed(clientError(CLIENT_ERROR_CODES.exitedLinkFlow, MESSAGES.exitedLinkFlow));
    }
    this.modal.close();
  }

  /** LANDING: send a code, then ask for it; a refusal goes to ERROR_SCREEN. */
  async submitEmail(email: string): Promise<void> {
    await this.withCaptcha(async (captchaToken) => {
      await this.email.sendCode(email, captchaToken);
      this.modal.updateFlow({ channel: 'email', email: this.email.email, resent: false });
      this.modal.navigate(SCREENS.awaitingPasswordlessCode);
    });
  }
  /** The phone field (LANDING, LINK_PHONE_SCREEN): text a code to the qualified number, then ask for it. */
  async submitPhone(phoneNumber: string): Promise<void> {
    await this.withCaptcha(async (captchaToken) => {
      const sms = await this.smsFlow();
      await sms.sendCode(phoneNumber, captchaToken);
      this.modal.updateFlow({ channel: 'sms', phoneNumber: sms.phoneNumber, resent: false });
      this.modal.navigate(SCREENS.awaitingPasswordlessCode);
    });
  }

  /** AWAITING_PASSWORDLESS_CODE: a refused code stays on the screen with the §8 text; true on success. */
  async submitCode(code: string): Promise<boolean> {
    const flow = this.modal.$flow.get();
    if (flow.busy || flow.success) return false;
    this.modal.updateFlow({ busy: true, error: null, resent: false });
    try {
      await this.redeemCode(code);
      return true;
    } catch (error) {
      const failure = toGatehouseError(error);
      const linking = flow.intent !== 'login';
      if (linking) this.linkFailed(failure);
      if (failure.code === 'allowlist_rejected' || failure.code === 'linked_to_another_user') {
        this.showFailure(failure);
        return false;
      }
      this.modal.updateFlow({ busy: false, error: failure });
      if (!linking) {
        emit(this.events, EVENTS.loginError, {
          code: failure.code,
          message: passwordlessCodeMessage(failure),
        });
      }
      return false;
    }
  }

  /** The code of the flow under way: a login, a link or an email update (§4.4). */
  private async redeemCode(code: string): Promise<void> {
    const flow = this.modal.$flow.get();
    if (flow.intent === 'login') {
      const { user, isNewUser } =
        flow.channel === 'sms'
          ? await (await this.smsFlow()).authenticate(code)
          : await this.email.authenticate(code);
      this.completeLogin({ user, isNewUser, loginMethod: flow.channel });
      return;
    }
    const { redeemLinkCode } = await import('./flows/linking.js');
    const previous = this.stores.$user.get()?.email?.address;
    const { user, account } = await redeemLinkCode(this.api, this.session, flow, code, previous);
    if (account) this.linkSucceeded(user, flow.channel, account);
  }

  /** The SMS flow, loaded with the first code sent (the phone field itself is lazy too). */
  private smsFlow(): Promise<SmsFlow> {
    this.sms ??= import('./flows/sms.js').then(({ SmsFlow }) => new SmsFlow(this.api, this.session));
    return this.sms;
  }

  /** `LoginWidget.unlinkEmail(address)` / `unlinkPhone(number)`: resolves with the updated user. */
  private async unlink(method: 'unlinkEmail' | 'unlinkPhone', value: string): Promise<User> {
    await this.ready;
    const linking = await import('./flows/linking.js');
    return method === 'unlinkEmail'
      ? linking.unlinkEmail(this.api, this.session, value)
      : linking.unlinkPhone(this.api, this.session, value);
  }

  /**
   * The end of every link flow (email, SMS, OAuth…): `$user` already holds the updated user;
   * `link:success` goes out and the modal closes after the success delay (§4.2).
   */
  linkSucceeded(user: User, linkMethod: string, linkedAccount: LinkedAccount): void {
    this.modal.updateFlow({ busy: false, success: true, error: null });
    emit(this.events, EVENTS.linkSuccess, { user, linkMethod, linkedAccount });
    this.after(stepAfterConsent(this.$config.get(), this.modal.isOpen, false), () => this.modal.close());
  }

  /** A failed link flow: `link:error` with the code and message; returns the error for the caller to show or throw. */
  linkFailed(error: unknown): GatehouseError {
    const failure = toGatehouseError(error);
    emit(this.events, EVENTS.linkError, { code: failure.code, message: failure.message });
    return failure;
  }

  /** LINK_EMAIL_SCREEN / LINK_PHONE_SCREEN (§2.2) for the logged-in user; the outcome is link:success or link:error. */
  private async openLink(screen: ScreenName, flow: Partial<AuthFlowState> = {}): Promise<void> {
    await this.ready;
    if (!this.session.authenticated) {
      throw this.linkFailed(
        clientError(CLIENT_ERROR_CODES.mustBeAuthenticated, SESSION_MESSAGES.mustBeAuthenticated),
      );
    }
    clearTimeout(this.closeTimer);
    if (this.modal.isOpen) this.modal.close();
    this.modal.open(screen, { intent: 'link', ...flow });
  }

  /** UPDATE_EMAIL_SCREEN: the user's email moves to a new, verified address (§5). */
  async updateEmail(): Promise<void> {
    await this.ready;
    if (this.session.authenticated && !this.stores.$user.get()?.email) {
      throw this.linkFailed(clientError(CLIENT_ERROR_CODES.invalidInput, MESSAGES.emailRequiredForUpdate));
    }
    await this.openLink(SCREENS.updateEmail, { intent: 'update' });
  }

  async resendCode(): Promise<void> {
    const { email, phoneNumber, channel, busy } = this.modal.$flow.get();
    const destination = channel === 'sms' ? phoneNumber : email;
    if (!destination || busy) return;
    this.modal.updateFlow({ resent: false });
    // A new code is a new init call: behind a new captcha when captcha is on (§4.3).
    await this.withCaptcha(async (captchaToken) => {
      if (channel === 'sms') await (await this.smsFlow()).sendCode(destination, captchaToken);
      else await this.email.sendCode(destination, captchaToken);
      this.modal.updateFlow({ resent: true });
      if (this.modal.$modal.get().screen !== SCREENS.awaitingPasswordlessCode) {
        this.modal.navigate(SCREENS.awaitingPasswordlessCode);
      }
    });
  }

  /**
   * LANDING's social buttons: log in with an identity provider (§4.3, §4.4). Sends the page to the
   * provider; the login completes when the page comes back (resumeOAuth).
   */
  async loginWithOAuth(provider: string): Promise<void> {
    await this.ready;
    if (this.session.authenticated) {
      console.warn(MESSAGES.alreadyLoggedIn);
      return;
    }
    await (await this.oauth()).start(provider, 'login');
  }

  /** `LoginWidget.linkGoogle()` … `linkApple()`: the same redirect, adding the account to the logged-in user. */
  async linkOAuth(provider: string): Promise<void> {
    await this.ready;
    if (!this.session.authenticated) {
      throw this.linkFailed(
        clientError(CLIENT_ERROR_CODES.mustBeAuthenticated, SESSION_MESSAGES.mustBeAuthenticated),
      );
    }
    await (await this.oauth()).start(provider, 'link');
  }

  /** `LoginWidget.unlinkOAuth(provider, subject)`: resolves with the updated user. */
  async unlinkOAuth(provider: string, subject: string): Promise<User> {
    await this.ready;
    return (await this.oauth()).unlink(provider, subject);
  }

  /** AWAITING_OAUTH_SCREEN's retry: the same provider and purpose again, from the start. */
  async retryOAuth(): Promise<void> {
    const { provider, mode } = this.$oauth.get();
    if (provider) await (await this.oauth()).start(provider, mode);
  }

  /** The OAuth login (with PKCE), loaded the first time a login or a return needs it. */
  private oauth(): Promise<OAuthLogin> {
    this.oauthLogin ??= import('./flows/oauth-login.js').then(
      ({ OAuthLogin }) =>
        new OAuthLogin({
          api: this.api,
          session: this.session,
          modal: this.modal,
          $oauth: this.$oauth,
          events: this.events,
          ...this.oauthOptions,
          openModal: () => this.openModal(),
          withCaptcha: (start) => this.withCaptcha(start),
          completeLogin: (result) => this.completeLogin(result),
          linkSucceeded: (user, method, account) => this.linkSucceeded(user, method, account),
          linkFailed: (error) => this.linkFailed(error),
          showFailure: (error) => this.showFailure(error),
        }),
    );
    return this.oauthLogin;
  }

  /** At start: the page came back from an identity provider (§2.1). The parameters leave the address at once. */
  private resumeOAuth(): void {
    const href = globalThis.location?.href;
    const returned = href ? readOAuthReturn(href) : null;
    if (!href || !returned) return;
    globalThis.history?.replaceState(globalThis.history.state, '', withoutOAuthParams(href));
    const provider = isOAuthProvider(returned.provider) ? returned.provider : null;
    this.$oauth.set({ provider, mode: 'login', status: 'verifying', error: null });
    this.openModal();
    this.modal.navigate(SCREENS.awaitingOauth);
    void this.oauth().then(
      (oauth) => oauth.finish(returned),
      (error: unknown) => this.showFailure(error),
    );
  }

  /** The user edits the code after a refusal: the alert goes away. */
  clearError(): void {
    if (this.modal.$flow.get().error) this.modal.updateFlow({ error: null });
  }

  /**
   * §4.3, for every login initiation (email, SMS, OAuth, wallet…): `start` makes the init call with
   * the captcha token and moves on (to the awaiting screen, the provider…). When captcha is on
   * (host `captchaEnabled` over the app's) and nobody is logged in, CAPTCHA_SCREEN shows first and
   * `start(token)` runs once the challenge is solved (after CAPTCHA_RESULT_DELAY_MS, or on 'Continue'
   * with `requireIntent`); a failed or timed-out challenge goes to ERROR_SCREEN. Otherwise
   * `start()` runs at once. A failure of `start` goes to showFailure; invalid_captcha also resets
   * the captcha. Never rejects; resolves once `start` has run or CAPTCHA_SCREEN shows.
   */
  /** The captcha code, loaded (outside the startup bundle) once the host or the app turns captcha on. */
  private async captchaCode() {
    const wanted = this.$hostConfig.get().captchaEnabled ?? this.$appConfig.get()?.captcha_enabled;
    return wanted === undefined || wanted === false ? null : import('./captcha.js');
  }

  async withCaptcha(
    start: (captchaToken?: string) => Promise<void>,
    options: { requireIntent?: boolean } = {},
  ): Promise<void> {
    if (this.modal.$flow.get().busy) return;
    const origin = this.modal.$modal.get().screen;
    const run = async (token?: string): Promise<void> => {
      this.modal.updateFlow({ busy: true, error: null });
      try {
        await start(token);
        this.modal.updateFlow({ busy: false });
        // 'Back' from where `start` went leads to where the login began, not to a spent captcha.
        const shown = this.modal.$modal.get();
        if (shown.previousScreen === SCREENS.captcha) {
          this.modal.$modal.set({ ...shown, previousScreen: origin === shown.screen ? null : origin });
        }
      } catch (error) {
        const failure = this.showFailure(error);
        if (failure.code === 'invalid_captcha') this.captcha?.reset();
      }
    };
    this.modal.updateFlow({ busy: true, error: null });
    try {
      const code = await this.captchaCode();
      const config = code?.captchaConfig(this.$appConfig.get(), this.$hostConfig.get());
      if (!code || !config || this.session.authenticated) {
        await run();
        return;
      }
      this.captcha ??= new code.CaptchaController({ ...config, nonce: this.nonce });
      this.captcha.begin(
        { onToken: (token) => void run(token), onFailure: (error) => this.showFailure(error) },
        options.requireIntent,
      );
      this.modal.updateFlow({ busy: false });
      if (!this.modal.isOpen) this.openModal();
      if (this.modal.$modal.get().screen !== SCREENS.captcha) this.modal.navigate(SCREENS.captcha);
    } catch (error) {
      this.showFailure(error);
    }
  }

  private openModal(): void {
    clearTimeout(this.closeTimer);
    if (!this.modal.isOpen) this.analytics.track(ANALYTICS_EVENTS.modalOpen);
    this.modal.open();
  }

  // ---- the end of every login (§4.2) ----

  /**
   * Every login flow calls this once its auth result is stored (session.signIn): the success shows,
   * then AFFIRMATIVE_CONSENT_SCREEN when the terms must still be accepted, else `login:success` and
   * the modal closes. See completion.ts for the order and the delays.
   */
  completeLogin(result: LoginCompletion): void {
    clearTimeout(this.closeTimer);
    this.modal.updateFlow({ busy: false, success: true, error: null });
    const next = stepAfterLogin(this.$config.get(), result.user, this.modal.isOpen);
    if (next.step === 'consent') {
      this.pendingLogin = result;
      this.after(next, () => {
        this.modal.open();
        this.modal.navigate(SCREENS.affirmativeConsent);
      });
      return;
    }
    this.finishLogin(result, next);
  }

  /** AFFIRMATIVE_CONSENT_SCREEN 'Accept': records the acceptance, then the login completes. */
  async acceptTerms(): Promise<void> {
    const pending = this.pendingLogin;
    if ((!pending && !this.consentResumed) || this.modal.$flow.get().busy) return;
    this.modal.updateFlow({ busy: true, error: null });
    try {
      const token = await this.session.getAccessToken();
      if (!token)
        throw clientError(CLIENT_ERROR_CODES.mustBeAuthenticated, SESSION_MESSAGES.mustBeAuthenticated);
      const answer = await this.api.post<AcceptTermsResponse>(API_PATHS.acceptTerms, {}, token);
      const user = this.session.setUser(answer.user);
      this.modal.updateFlow({ busy: false });
      const next = stepAfterConsent(this.$config.get(), this.modal.isOpen, true);
      if (pending) {
        this.finishLogin({ ...pending, user }, next);
      } else {
        this.consentResumed = false;
        this.after(next, () => this.modal.close());
      }
    } catch (error) {
      this.modal.updateFlow({ busy: false, error: toGatehouseError(error) });
    }
  }

  /** AFFIRMATIVE_CONSENT_SCREEN 'No thanks' (or closing it): the user is logged out (§4.2). */
  async declineTerms(): Promise<void> {
    if (!this.pendingLogin && !this.consentResumed) return;
    this.pendingLogin = null;
    this.consentResumed = false;
    clearTimeout(this.closeTimer);
    this.modal.close();
    await this.session.logout();
  }

  /**
   * A failed step of a login: `allowlist_rejected` goes to ALLOWLIST_REJECTION_SCREEN, anything else
   * to ERROR_SCREEN (§8). Every flow routes its failures through here.
   */
  showFailure(error: unknown): GatehouseError {
    const failure = toGatehouseError(error);
    this.modal.updateFlow({ busy: false, error: failure });
    if (failure.code === 'allowlist_rejected') {
      emit(this.events, EVENTS.loginError, { code: failure.code, message: failure.message });
      this.modal.navigate(SCREENS.allowlistRejection);
    } else {
      this.modal.navigate(SCREENS.error);
    }
    return failure;
  }

  /** ALLOWLIST_REJECTION_SCREEN without a configured link: back to LANDING to log in another way. */
  tryAnotherAccount(): void {
    this.modal.updateFlow({ error: null, busy: false, success: false });
    this.modal.navigate(SCREENS.landing);
  }

  /**
   * A restored session whose user has not accepted the required terms (the page was left on the
   * consent screen, or the app began requiring terms) is asked again, and declining logs out. Its
   * login was not made on this page, so accepting fires no login:success.
   */
  private resumeConsent(): void {
    const user = this.stores.$user.get();
    if (this.pendingLogin || this.consentResumed || !user || !needsConsent(this.$config.get(), user)) return;
    this.consentResumed = true;
    this.modal.open();
    this.modal.navigate(SCREENS.affirmativeConsent);
  }

  private finishLogin(result: LoginCompletion, next: CompletionStep): void {
    this.pendingLogin = null;
    if (this.walletAfterLogin(result)) return;
    this.loginSucceeded(result);
    this.after(next, () => this.modal.close());
  }

  loginSucceeded(result: LoginCompletion): void {
    emit(this.events, EVENTS.loginSuccess, result);
    this.analytics.track(ANALYTICS_EVENTS.loginSuccess, {
      loginMethod: result.loginMethod,
      isNewUser: result.isNewUser,
    });
  }

  // ---- the embedded wallet (§4.2, §4.6): thin wrappers; the code is core/wallet/controller.ts ----

  /**
   * After a login (`result`) or at start: a user with an embedded wallet has it loaded silently
   * (a password recovery waits for a wallet call). §4.2: with `embeddedWallets.createOnLogin` (over
   * the app's) a login goes on to wallet creation, and `login:success` fires with the wallet
   * (WalletController.createOnLogin); true then.
   */
  private walletAfterLogin(result?: LoginCompletion): boolean {
    const wallet = this.stores.$user.get()?.wallet;
    if (wallet?.walletClientType === 'gatehouse') {
      this.walletCall((controller) => controller.connect(false)).catch(noop);
      return false;
    }
    // connectOrCreateWallet(): a login from CONNECT_OR_CREATE gets a wallet when it has none.
    const setting = this.createWalletOnLogin
      ? 'users-without-wallets'
      : (this.$hostConfig.get().embeddedWallets?.createOnLogin ??
        this.$appConfig.get()?.embedded_wallet_config?.create_on_login);
    this.createWalletOnLogin = false;
    if (!result || !setting || setting === 'off' || (setting === 'users-without-wallets' && wallet))
      return false;
    void this.walletCall((controller) => controller.createOnLogin(result));
    return true;
  }

  /** Set by connectOrCreateWallet() while CONNECT_OR_CREATE is open. */
  createWalletOnLogin = false;

  /** Cancels the pending close of a finished login (a wallet screen is about to show). */
  holdModal(): void {
    clearTimeout(this.closeTimer);
  }

  private async walletCall<T>(run: (wallet: WalletController) => T | Promise<T>): Promise<T> {
    await this.ready;
    this.walletLoad ??= import('./wallet/controller.js').then(
      ({ WalletController }) => (this.walletLoaded = new WalletController(this)),
    );
    return run(await this.walletLoad);
  }

  /** Runs the step after its delay (at once without one); closing or a new login cancels it. */
  private after(step: CompletionStep, run: () => void): void {
    clearTimeout(this.closeTimer);
    if (step.delayMs === 0) run();
    else this.closeTimer = setTimeout(run, step.delayMs);
  }
}

/**
 * The contract between the loader (loader/, a tiny classic script) and the widget bundle it
 * imports by URL, and the shape of `window.LoginWidget`. Types and constants only: protocol has
 * no dependencies, so the nanostores atoms are described structurally.
 */
import type { HostConfig, User } from './client.js';
import type { OAuthProvider } from './constants.js';
import type { EmbeddedWallet, SendTransactionResult } from './embedded-wallet.js';
import type { ConnectedWallet } from './external-wallet.js';
import type { FarcasterSignerResponse } from './farcaster.js';
import type { FarcasterCastId, FarcasterCastInput } from './farcaster-frame.js';
import type { FiatOnRampStatus, FundWalletOptions } from './funding.js';
import type { MfaMethod } from './mfa.js';

/** Logged by the loader, and the reason of every rejected call, when data-app-id is not 25 characters (§1). */
export const INVALID_APP_ID_MESSAGE = 'Cannot initialize the Gatehouse provider with an invalid app ID';

/** Start of the reason given when the widget bundle cannot be loaded; the provider's origin follows. */
export const WIDGET_LOAD_FAILED_MESSAGE = 'Gatehouse could not load from';

/** The element the widget appends to document.body; its open shadow root holds the whole UI. */
export const HOST_ELEMENT_ID = 'gatehouse-root';

/** The widget entry, relative to the loader script's URL. */
export const widgetPath = (version: string): string => `widget/${version}/widget.js`;

/** The part of a nanostores atom that host and widget use. */
export interface SharedStore<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: (value: T) => void): () => void;
  listen(listener: (value: T) => void): () => void;
}

/** Owned by the loader, handed to the widget at mount: host and widget share one copy. */
export interface SharedStores {
  $ready: SharedStore<boolean>;
  $user: SharedStore<User | null>;
  $authenticated: SharedStore<boolean>;
  /** The connected external wallets (§3, §6), in the order they connected. */
  $wallets: SharedStore<ConnectedWallet[]>;
}

export interface MountOptions {
  appId: string;
  apiUrl: string;
  /** CSP nonce for the widget's style elements. */
  nonce?: string;
  stores: SharedStores;
}

/** The embedded wallet's methods of window.LoginWidget (§1, §4.6); their code loads with the first call. */
export const WALLET_WIDGET_METHODS = [
  'createWallet',
  'signMessage',
  'signTypedData',
  'sendTransaction',
  'exportWallet',
  'setWalletPassword',
  'getEthereumProvider',
  'connectWallet',
  'connectOrCreateWallet',
  'linkWallet',
  'unlinkWallet',
] as const;

/** Two-step verification's methods of window.LoginWidget (§4.8); their code loads with the first call. */
export const MFA_WIDGET_METHODS = [
  'showMfaEnrollment',
  'initMfaEnrollment',
  'submitMfaEnrollment',
  'unenrollMfa',
  'initMfa',
  'submitMfa',
  'cancelMfa',
] as const;

/** Farcaster's methods of window.LoginWidget (§4.4); their code loads with the first call. */
export const FARCASTER_WIDGET_METHODS = [
  'linkFarcaster',
  'unlinkFarcaster',
  'requestFarcasterSigner',
] as const;

/** `LoginWidget.farcaster.*`: the actions of §7, signed in the wallet frame. */
export const FARCASTER_ACTION_METHODS = [
  'submitCast',
  'removeCast',
  'likeCast',
  'recastCast',
  'followUser',
  'unfollowUser',
] as const;
export type FarcasterActionMethod = `farcaster.${(typeof FARCASTER_ACTION_METHODS)[number]}`;

/** Methods of window.LoginWidget that the loader forwards to the widget. */
export const WIDGET_METHODS = [
  'init',
  'login',
  'logout',
  'getAccessToken',
  'forkSession',
  'linkEmail',
  'linkPhone',
  'unlinkEmail',
  'unlinkPhone',
  'updateEmail',
  'linkGoogle',
  'linkTwitter',
  'linkDiscord',
  'linkGithub',
  'linkSpotify',
  'linkTiktok',
  'linkLinkedIn',
  'linkApple',
  'unlinkOAuth',
  ...WALLET_WIDGET_METHODS,
  ...MFA_WIDGET_METHODS,
  'fundWallet',
  ...FARCASTER_WIDGET_METHODS,
] as const;
export type WidgetMethod = (typeof WIDGET_METHODS)[number];
export type WalletWidgetMethod = (typeof WALLET_WIDGET_METHODS)[number];
export type MfaWidgetMethod = (typeof MFA_WIDGET_METHODS)[number];

/** `LoginWidget.linkGoogle()` … `linkApple()`: the social provider each one links (§1). */
export const OAUTH_LINK_METHODS = {
  linkGoogle: 'google',
  linkTwitter: 'twitter',
  linkDiscord: 'discord',
  linkGithub: 'github',
  linkSpotify: 'spotify',
  linkTiktok: 'tiktok',
  linkLinkedIn: 'linkedin',
  linkApple: 'apple',
} as const satisfies Partial<Record<WidgetMethod, OAuthProvider>>;

export interface WidgetHandle {
  /** Settles once the app configuration and the stored session are known. */
  ready: Promise<void>;
  call(method: string, args: unknown[]): Promise<unknown>;
}

/** What `widget/<version>/widget.js` exports. */
export interface WidgetModule {
  mount(options: MountOptions): WidgetHandle | Promise<WidgetHandle>;
}

/** `window.LoginWidget`, as a host page sees it. Every method returns a promise and never throws. */
export interface LoginWidgetApi extends SharedStores {
  /** Resolves once the session is known; rejects when the provider cannot be reached. */
  readonly ready: Promise<void>;
  readonly user: User | null;
  readonly authenticated: boolean;
  init(config: HostConfig): Promise<void>;
  /** Opens the login modal; resolves once it is open (or at once, with a warning, when logged in). */
  login(): Promise<void>;
  logout(): Promise<void>;
  getAccessToken(): Promise<string | null>;
  /** Open LINK_EMAIL_SCREEN / LINK_PHONE_SCREEN / UPDATE_EMAIL_SCREEN; the outcome is the link:success or link:error event. */
  linkEmail(): Promise<void>;
  linkPhone(): Promise<void>;
  updateEmail(): Promise<void>;
  /** Resolve with the updated user. */
  unlinkEmail(address: string): Promise<User>;
  unlinkPhone(phoneNumber: string): Promise<User>;
  /**
   * Send the page to the provider to link an account to the logged-in user; back on the page, the
   * outcome is the link:success or link:error event.
   */
  linkGoogle(): Promise<void>;
  linkTwitter(): Promise<void>;
  linkDiscord(): Promise<void>;
  linkGithub(): Promise<void>;
  linkSpotify(): Promise<void>;
  linkTiktok(): Promise<void>;
  linkLinkedIn(): Promise<void>;
  linkApple(): Promise<void>;
  /** Resolves with the updated user. */
  unlinkOAuth(provider: OAuthProvider, subject: string): Promise<User>;
  /** Resolves with the refresh token of a new session of the same user, for `?gatehouse_token=` on another page. */
  forkSession(): Promise<string>;
  /**
   * The embedded wallet (§4.6). `createWallet` resolves with the new wallet (`wallet:created` fires);
   * with requireUserPasswordOnCreate the password steps show first.
   */
  createWallet(): Promise<EmbeddedWallet>;
  /** personal_sign with EMBEDDED_WALLET_SIGN_REQUEST_SCREEN (unless noPromptOnSignature); closing rejects with code 4001. */
  signMessage(
    message: string,
    uiOptions?: { title?: string; description?: string; buttonText?: string },
  ): Promise<string>;
  /** EIP-712 (eth_signTypedData_v4), same screen and rules as signMessage. */
  signTypedData(
    data: { domain: object; types: object; primaryType: string; message: object } | string,
    uiOptions?: { title?: string; description?: string; buttonText?: string },
  ): Promise<string>;
  /**
   * Review (EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN), sign, broadcast, and with
   * waitForTransactionConfirmation (default) wait for the receipt. Closing before it is done rejects with code 4001.
   */
  sendTransaction(
    request: {
      to?: string | null;
      value?: number | bigint | string;
      data?: string;
      chainId?: number;
      type?: number;
      gasLimit?: number | bigint | string;
      gas?: number | bigint | string;
      gasPrice?: number | bigint | string;
      maxFeePerGas?: number | bigint | string;
      maxPriorityFeePerGas?: number | bigint | string;
      nonce?: number | bigint | string;
    },
    uiOptions?: { header?: string; description?: string; buttonText?: string },
  ): Promise<SendTransactionResult>;
  /** EMBEDDED_WALLET_KEY_EXPORT_SCREEN with the provider-origin export view; resolves when it closes. */
  exportWallet(): Promise<void>;
  /** The recovery password flow for a 'gatehouse' wallet; resolves with the wallet once it is set. */
  setWalletPassword(): Promise<EmbeddedWallet>;
  /** An EIP-1193 provider for the embedded wallet (ethers BrowserProvider, viem custom()). */
  getEthereumProvider(): Promise<Eip1193Provider>;
  /** CONNECT_ONLY_LANDING_SCREEN: connect an external wallet without logging in; `wallet:connected` fires. */
  connectWallet(): Promise<void>;
  /** CONNECT_OR_CREATE: connect a wallet, or log in and get an embedded wallet (§6); no session needed. */
  connectOrCreateWallet(): Promise<void>;
  /** LINK_WALLET_SCREEN: sign in with a wallet to link it; the outcome is link:success or link:error. */
  linkWallet(): Promise<void>;
  /** Resolves with the updated user; the embedded wallet is refused ('Cannot unlink an embedded wallet'). */
  unlinkWallet(address: string): Promise<User>;
  /** MFA_ENROLLMENT_FLOW_SCREEN: add or remove an authenticator app or a phone (§4.8); resolves once it shows. */
  showMfaEnrollment(): Promise<void>;
  /** Without the screen: the authenticator's `{authUrl, secret}`, or (sms) a code texted to `phoneNumber`. */
  initMfaEnrollment(
    method: MfaMethod,
    options?: { phoneNumber?: string },
  ): Promise<{ authUrl: string; secret: string } | undefined>;
  /** The code from the app (or the SMS, with the same phoneNumber): the method is enrolled; `mfa:enrolled`. */
  submitMfaEnrollment(method: MfaMethod, options: { code: string; phoneNumber?: string }): Promise<void>;
  /** Removes a method after a verification; `mfa:unenrolled`. */
  unenrollMfa(method: MfaMethod): Promise<void>;
  /** With noPromptOnMfaRequired, after `mfa:required`: texts the SMS code (nothing for an authenticator). */
  initMfa(method: MfaMethod): Promise<void>;
  /** With noPromptOnMfaRequired: the code; resolves once verified (the waiting wallet call goes on). */
  submitMfa(method: MfaMethod, code: string): Promise<void>;
  /** With noPromptOnMfaRequired: the waiting wallet call rejects with 'MFA canceled'. */
  cancelMfa(): Promise<void>;
  /**
   * 'Fund account' (§4.7): buy the chain's token by card for one of the user's wallets; resolves
   * with the purchase's last status when the user leaves the status screen.
   */
  fundWallet(address: string, options?: FundWalletOptions): Promise<FiatOnRampStatus>;
  /** AWAITING_FARCASTER_CONNECTION for the logged-in user; the outcome is link:success or link:error. */
  linkFarcaster(): Promise<void>;
  /** Resolves with the updated user. */
  unlinkFarcaster(fid: number): Promise<User>;
  /** AWAITING_FARCASTER_SIGNER: a signer approved in the Farcaster app; resolves with it. */
  requestFarcasterSigner(): Promise<FarcasterSignerResponse>;
  /** Farcaster actions, signed in the wallet frame with the approved signer; each resolves with the message hash. */
  readonly farcaster: {
    submitCast(cast: FarcasterCastInput): Promise<string>;
    removeCast(hash: string): Promise<string>;
    likeCast(target: FarcasterCastId): Promise<string>;
    recastCast(target: FarcasterCastId): Promise<string>;
    followUser(fid: number): Promise<string>;
    unfollowUser(fid: number): Promise<string>;
  };
}

/** The EIP-1193 shape of `getEthereumProvider()`'s provider. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] | object }): Promise<unknown>;
  on(event: 'chainChanged' | 'accountsChanged' | string, listener: (...args: unknown[]) => void): unknown;
  removeListener(event: string, listener: (...args: unknown[]) => void): unknown;
}

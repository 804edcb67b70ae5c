/**
 * `window.LoginWidget` as a host page sees it (§1, §6): every method, the stores, and the EIP-1193
 * provider of the embedded wallet. Types only; the loader (loader.ts) installs it.
 */
import type { HostConfig, User } from './client.js';
import type { OAuthLinkMethod, OAuthProvider } from './constants.js';
import type { EmbeddedWallet, SendTransactionResult } from './embedded-wallet.js';
import type { FarcasterSignerResponse } from './farcaster.js';
import type { FarcasterCastId, FarcasterCastInput } from './farcaster-frame.js';
import type { FiatOnRampStatus, FundWalletOptions } from './funding.js';
import type { SharedStores } from './loader.js';
import type { MfaMethod } from './mfa.js';
import type { WalletDevice } from './wallet-device-frame.js';

/**
 * `linkGoogle()` … `linkApple()` (OAUTH_PROVIDER_RECORD): send the page to the provider to link an
 * account to the logged-in user; back on the page, the outcome is the link:success or link:error event.
 */
export type OAuthLinkApi = { [M in OAuthLinkMethod]: () => Promise<void> };

/** Where `sendCode` sends the code: `{ email }` or `{ phone }` (E.164, as '+14155550100'). */
export type SendCodeDestination = { email: string; phone?: undefined } | { phone: string; email?: undefined };

/** `window.LoginWidget`, as a host page sees it. Every method returns a promise and never throws. */
export interface LoginWidgetApi extends SharedStores, OAuthLinkApi {
  /** Resolves once the session is known; rejects when the provider cannot be reached. */
  readonly ready: Promise<void>;
  readonly user: User | null;
  readonly authenticated: boolean;
  init(config: HostConfig): Promise<void>;
  /** Opens the login modal; resolves once it is open (or at once, with a warning, when logged in). */
  login(): Promise<void>;
  logout(): Promise<void>;
  /**
   * Shows the widget in a language (a BCP 47 tag: 'ja', 'ja-JP'), at once if the modal is open; one
   * without a catalogue shows English, and none goes back to the page's language (§3 intl.locale).
   */
  setLocale(tag?: string): Promise<void>;
  getAccessToken(): Promise<string | null>;
  /** Open LINK_EMAIL_SCREEN / LINK_PHONE_SCREEN / UPDATE_EMAIL_SCREEN; the outcome is the link:success or link:error event. */
  linkEmail(): Promise<void>;
  linkPhone(): Promise<void>;
  updateEmail(): Promise<void>;
  /** Resolve with the updated user. */
  unlinkEmail(address: string): Promise<User>;
  unlinkPhone(phoneNumber: string): Promise<User>;
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
  /**
   * Protects the embedded wallet's recovery with the user's passkey (its PRF output, in the wallet
   * frame; one is added first when the user has none); resolves with the wallet, recoveryMethod
   * 'passkey'. Refused without a wallet, or when its recovery is a passkey already.
   */
  setWalletPasskey(): Promise<EmbeddedWallet>;
  /** An EIP-1193 provider for the embedded wallet (ethers BrowserProvider, viem custom()). */
  getEthereumProvider(): Promise<Eip1193Provider>;
  /**
   * The browsers that hold a registered device key of the embedded wallet, oldest first;
   * `current` marks this one. Every other browser recovers (after a recent login) before it signs.
   */
  getWalletDevices(): Promise<WalletDevice[]>;
  /**
   * Revokes one device key (signed by this browser's own, so this browser recovers first if it
   * holds none); resolves with the devices left. That browser then needs a recovery to sign again.
   */
  revokeWalletDevice(id: string): Promise<WalletDevice[]>;
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
  /**
   * PASSKEY_SCREEN: log in (or sign up) with a passkey in the provider-origin surface (the app's
   * passkey_auth); resolves with the user once logged in (after the terms and a wallet made on
   * login); rejects with exited_auth_flow when the modal closes first, as `login:error` says.
   */
  loginWithPasskey(): Promise<User>;
  /** 'Add a passkey' for the logged-in user; resolves with the updated user (`link:success`), rejects with exited_link_flow. */
  linkPasskey(): Promise<User>;
  /** Resolves with the updated user; `credentialId` is the passkey account's (user.linkedAccounts). */
  unlinkPasskey(credentialId: string): Promise<User>;
  /**
   * Headless login (docs/guide/headless.md), from the host's own form: sends a one-time code to an
   * email address or (E.164) phone number, with the modal's validation and captcha (CAPTCHA_SCREEN
   * shows when one is due). Rejects with {code, message}: invalid_data for a bad address or number,
   * the provider's code (too_many_requests, disallowed_login_method…) for a refused one.
   */
  sendCode(destination: SendCodeDestination): Promise<void>;
  /**
   * The code of the last `sendCode`: resolves with the user once logged in (after the terms and a
   * wallet made on login, whose steps open the modal), as `login:success` fires; rejects with the
   * refused code's error (the code can be sent again), allowlist_rejected, invalid_data 'No auth
   * flow in progress.' without a code sent, or exited_auth_flow when a step's modal is closed.
   */
  loginWithCode(input: { code: string }): Promise<User>;
  /** Sends the page to the identity provider, as LANDING's button does; back on the page, `login:success`. */
  initOAuth(provider: OAuthProvider): Promise<void>;
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

/**
 * Funding a wallet by card through the fiat on-ramp (§3, §4.7, §5, §7, §8, §9): the on-ramp
 * provider (MoonPay), its URLs and paths, the provider's sign call, the status the widget polls,
 * and the texts the funding screens show. A module of its own, outside index.ts, so that only the
 * lazily loaded funding code takes it.
 */

/** The single supported on-ramp provider (§5). */
export const FIAT_ON_RAMP_PROVIDER = 'moonpay';
export type FiatOnRampProvider = typeof FIAT_ON_RAMP_PROVIDER;
/** How the provider is named in texts ('{provider} ran into an error…', §8). */
export const FIAT_ON_RAMP_PROVIDER_NAME = 'MoonPay';

/** The status is polled this often (§4.7, §9). */
export const FIAT_ON_RAMP_POLL_INTERVAL_MS = 3000;
/** After this many non-404 errors of the status call the status is serviceFailure (§4.7, §9). */
export const FIAT_ON_RAMP_MAX_STATUS_ERRORS = 3;
/** The currency bought when the caller names none (§3, §9). */
export const FIAT_ON_RAMP_DEFAULT_CURRENCY = 'ETH_ETHEREUM';

/** MoonPay's buy widget and API; each app may point them elsewhere (tests, the demo's stand-in). */
export const MOONPAY_DEFAULT_URLS = {
  widget: 'https://buy.moonpay.com',
  sandboxWidget: 'https://buy-sandbox.moonpay.com',
  /** Sandbox transactions are read from the same API, with the sandbox (pk_test_) key. */
  api: 'https://api.moonpay.com',
  sandboxApi: 'https://api.moonpay.com',
} as const;

export const FUNDING_API_PATHS = {
  /** POST MoonpaySignBody (bearer) → MoonpaySignResponse. */
  moonpaySign: '/api/v1/plugins/moonpay_on_ramp/sign',
} as const;

/**
 * MoonPay's transactions-by-external-id call, under the app's `fiat_on_ramp.api_url`:
 * GET …?apiKey=<publishable key> answers an array of transactions (MoonPay cannot promise an
 * external id is unique), or 404 while the customer has not started the purchase.
 */
export function moonpayTransactionsByExternalIdPath(externalTransactionId: string): string {
  return `/v1/transactions/ext/${encodeURIComponent(externalTransactionId)}`;
}

/** The colour theme of the provider's widget (§3 uiConfig.theme). */
export type FiatOnRampTheme = 'light' | 'dark';

/** On-ramp config (§3): what to buy and how the provider's widget looks. */
export interface FiatOnRampConfig {
  /** The currency bought; default FIAT_ON_RAMP_DEFAULT_CURRENCY. */
  currencyCode?: string;
  /** The currency preselected in the provider's list. */
  defaultCurrencyCode?: string;
  uiConfig?: { accentColor?: string; theme?: FiatOnRampTheme };
}

/** `fiatOnRamp` of the host-side configuration (§3). */
export interface HostFiatOnRampConfig {
  /** false turns funding off on this page; true cannot turn it on for an app that has it off. */
  enabled?: boolean;
  /**
   * MoonPay's sandbox or production; default the app's `fiat_on_ramp_use_sandbox`. The app's keys
   * are for one mode, so the provider refuses the other.
   */
  useSandbox?: boolean;
  /**
   * The currency bought for a chain, by chain id, over FIAT_ON_RAMP_CHAIN_CURRENCIES: a chain it
   * does not list (a local chain with a stand-in on-ramp), or another token.
   */
  currencies?: Readonly<Record<number, string>>;
}

/** The options of `LoginWidget.fundWallet(address, options)` (§5). */
export interface FundWalletOptions {
  /** The single supported provider, or omitted. */
  provider?: string;
  config?: FiatOnRampConfig;
}

/** `POST /api/v1/plugins/moonpay_on_ramp/sign` (§7). */
export interface MoonpaySignBody {
  /** One of the user's wallets; the purchase is delivered there. */
  address: string;
  /** Must match the app's fiat_on_ramp_use_sandbox (its keys are for one mode). */
  useSandbox: boolean;
  config?: FiatOnRampConfig;
}

/** Answer of the sign call: open `signedUrl` in a popup, poll the status by `externalTransactionId`. */
export interface MoonpaySignResponse {
  signedUrl: string;
  externalTransactionId: string;
}

/**
 * `fiat_on_ramp` in the app configuration: what the widget needs to fund a wallet, nothing
 * secret. `api_url` is MoonPay's API for the app's mode (sandbox or production).
 */
export interface FiatOnRampAppConfig {
  provider: FiatOnRampProvider;
  /** The app's publishable key (`apiKey` of the status call); null until the operator sets one. */
  publishable_key: string | null;
  api_url: string;
}

/**
 * Statuses of a purchase (§4.7): MoonPay's (waitingPayment, pending, waitingAuthorization,
 * failed, completed), `serviceFailure` after FIAT_ON_RAMP_MAX_STATUS_ERRORS errors of the status
 * call, and `notStarted` while MoonPay knows no such purchase yet (404).
 */
export type FiatOnRampStatusName =
  | 'notStarted'
  | 'waitingPayment'
  | 'pending'
  | 'waitingAuthorization'
  | 'failed'
  | 'completed'
  | 'serviceFailure'
  | (string & {});

/** The statuses that end the polling (§4.7). */
export const FIAT_ON_RAMP_FINAL_STATUSES: readonly string[] = ['failed', 'completed', 'waitingAuthorization'];
/** The statuses shown as failures, with Try again (§8). */
export const FIAT_ON_RAMP_FAILURE_STATUSES: readonly string[] = ['failed', 'serviceFailure'];
/** MoonPay's `paymentMethod` of a card payment. */
export const CARD_PAYMENT_METHOD = 'credit_debit_card';

/**
 * Fiat on-ramp status (§3): the fields of MoonPay's transaction the widget reads. Amounts are
 * numbers as MoonPay answers them: base and fees in the fiat currency paid (`baseCurrency`),
 * quote in the currency bought (`currency`).
 */
export interface FiatOnRampStatus {
  status: FiatOnRampStatusName;
  id?: string;
  externalTransactionId?: string;
  paymentMethod?: string;
  cardPaymentType?: string;
  walletAddress?: string;
  cryptoTransactionId?: string;
  failureReason?: string;
  baseCurrencyAmount?: number;
  quoteCurrencyAmount?: number;
  feeAmount?: number;
  extraFeeAmount?: number;
  networkFeeAmount?: number;
  /** The fiat currency paid, e.g. { code: 'usd' }. */
  baseCurrency?: { code: string };
  /** The currency bought, e.g. { code: 'eth' }. */
  currency?: { code: string };
  createdAt?: string;
  updatedAt?: string;
}

// ---- texts (§5, §8) ----

/** §5, §8: funding asked for while the app (or the page) has the on-ramp off. */
export const FIAT_ON_RAMP_NOT_ENABLED_MESSAGE = 'Fiat on-ramp is not enabled';
/** fundWallet on a chain the on-ramp cannot fund (FIAT_ON_RAMP_CHAIN_CURRENCIES). */
export const FIAT_ON_RAMP_UNSUPPORTED_CHAIN_MESSAGE =
  'Card purchases cannot fund this network. Name the currency in config.currencyCode, or send funds from another wallet.';
/** §5, §8: fundWallet with a provider other than the single supported one. */
export const UNSUPPORTED_FUND_PROVIDER_MESSAGE =
  'Unsupported fund provider. Currently supported option is the single on-ramp provider.';

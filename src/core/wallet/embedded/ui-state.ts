/**
 * The contract between the embedded-wallet flows (core) and the wallet screens (widget): the state
 * each EMBEDDED_WALLET_* screen renders, and the actions those screens call on the Gatehouse.
 *
 * `gatehouse.$walletUi` holds one {@link WalletUiState}; each screen reads its own part. Texts in
 * the state (titles, errors) are already the catalogue's; amounts are already formatted (§9).
 * The every-page bundle imports only its types.
 *
 * Whatever guards the key or money is in the provider-origin surface (`surface`, surface.ts): the
 * approval of a signature or a transaction, a password, a code. The screens frame it and hold no
 * approval control.
 *
 * Which screen shows when (the core navigates; screens only render and call actions):
 * - EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN: `create` (status 'creating'…); with a password the
 *   surface shows its steps (`surface`, kind 'password-set').
 * - EMBEDDED_WALLET_CREATED_SCREEN: `create` (status 'created', address); auto-closes after 2.5 s for a new user.
 * - EMBEDDED_WALLET_CONNECTING_SCREEN: `connecting`.
 * - EMBEDDED_WALLET_RECOVERY_SCREEN ('Load your account'): the surface of a new device's step-up,
 *   or of the recovery password.
 * - EMBEDDED_WALLET_SIGN_REQUEST_SCREEN: `sign` and the surface's review; 'Success' then closes after 1400 ms.
 * - EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN: `send` (the preview) and the surface's review;
 *   addFunds(), cancelWalletRequest(); 'All done' → closeModal().
 * - EMBEDDED_WALLET_KEY_EXPORT_SCREEN ('Export wallet'): the surface shows the key.
 * - EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN ('Secure Your Account'): beginWalletPassword().
 * - EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN: the surface's password steps, then `password` (done).
 * Closing the modal while a request waits on the user rejects it with 4001 and the frame drops it.
 */
import type { WritableAtom } from 'nanostores';
import type { PriceDisplay } from '../../../protocol/embedded-wallet.js';
import type { SurfaceKind } from '../../../protocol/surface.js';

/** `uiOptions` of signMessage / signTypedData (§3 transaction display options, the parts a signature uses). */
export interface SignUiOptions {
  title?: string;
  description?: string;
  buttonText?: string;
}

/** `uiOptions` of sendTransaction (§3 transaction display options). */
export interface TransactionUiOptions {
  header?: string;
  /** Same as `header`. */
  modalTitle?: string;
  description?: string;
  buttonText?: string;
  transactionInfo?: {
    title?: string;
    actionDescription?: string;
    action?: string;
    description?: string;
    contractInfo?: {
      name?: string;
      url?: string;
      imgUrl?: string;
      imgSize?: 'sm' | 'lg';
      imgAltText?: string;
      actionText?: string;
    };
  };
  senderInfo?: { title?: string; icon?: string };
}

/** EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN and EMBEDDED_WALLET_CREATED_SCREEN. */
export interface WalletCreateUi {
  status: 'idle' | 'creating' | 'created' | 'error';
  /** The new wallet (EIP-55), once created. */
  address: string | null;
  /** The user of the login is new: the created screen auto-closes (2.5 s). */
  isNewUser: boolean;
  /** `requireUserPasswordOnCreate`: the password steps (`password`) run before the creation. */
  passwordRequired: boolean;
  /** Catalogue text of the failure (the user is then logged out). */
  error: string | null;
  /** Catalogue text of why the wallet is not under the passkey the app asked for (shown when created). */
  notice: string | null;
}

/** EMBEDDED_WALLET_CONNECTING_SCREEN. */
export interface WalletConnectingUi {
  status: 'idle' | 'connecting' | 'recovering' | 'connected' | 'error';
  error: string | null;
}

/** The provider-origin surface a screen shows, sized to what it reports. */
export interface WalletSurfaceUi {
  url: string;
  /** The prompt it shows (its messages name it). */
  prompt: string;
  kind: SurfaceKind;
  /** CSS pixels; 0 until the surface has said. */
  height: number;
}

/** EMBEDDED_WALLET_SIGN_REQUEST_SCREEN: the host's texts around the surface, which shows what is signed. */
export interface WalletSignUi {
  kind: 'message' | 'typedData';
  uiOptions: SignUiOptions;
  /** 'ready': the surface waits for the user; 'done' shows 'Success' and the modal closes after 1400 ms. */
  status: 'ready' | 'signing' | 'done' | 'error';
  /** 'An error has occurred, please try again.' (§8). */
  error: string | null;
}

/** A fee line of the review (§2.3): token amount (§9 formatting) and its dollar value or null. */
export interface WalletAmount {
  /** Formatted token amount without symbol: '0.0021', '<0.000001'. */
  token: string;
  /** Formatted dollars: '$4.20', '<$0.01'; null when no price is known (native only). */
  usd: string | null;
}

/** What EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN shows before the user approves (§2.3, §4.6). */
export interface WalletSendPreview {
  chainId: number;
  chainName: string;
  /** 'Send ETH' for a plain send, else 'Review transaction' (§5). `uiOptions.header`/`modalTitle` win. */
  title: string;
  kind: 'CONTRACT_CALL' | 'SEND' | 'UNKNOWN';
  symbol: string;
  from: string;
  /** Null for a contract creation. */
  to: string | null;
  /** Block explorer links (the generic public explorer when the chain has none); null when none at all. */
  fromUrl: string | null;
  toUrl: string | null;
  amount: WalletAmount;
  /** Gas (limit × max fee or gas price). */
  gasFee: WalletAmount;
  /** OP-stack layer-1 data fee; null elsewhere. */
  l1Fee: WalletAmount | null;
  /** Every fee together. */
  fee: WalletAmount;
  /** Amount + fee. */
  total: WalletAmount;
  /** Available balance. */
  balance: WalletAmount;
  /** §9 price display: what is shown first, dollars unless the host says 'native-token' (then no dollars at all). */
  primary: PriceDisplay;
  /** What is shown under it when it differs from the first: the native amount by default (§9). */
  secondary: PriceDisplay;
  /** Balance − value − fee < 0: 'Wallet has insufficient funds for this transaction.' is `error`. */
  insufficientFunds: boolean;
}

/** EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN. */
export interface WalletSendUi {
  uiOptions: TransactionUiOptions;
  /**
   * 'preparing' (nonce, gas, fees, balance) → 'ready' (the surface waits for the user's Send) →
   * 'submitting' ('Submitting (may take a few moments)...', broadcasts, waits for the receipt) →
   * 'done' ('Transaction complete', 'All done'). 'error': `error` says why (the surface asks again
   * when the preview allows it).
   */
  status: 'preparing' | 'ready' | 'submitting' | 'done' | 'error';
  preview: WalletSendPreview | null;
  transactionHash: string | null;
  /** Explorer link of the sent transaction. */
  transactionUrl: string | null;
  error: string | null;
  /** The app funds wallets by card (§2.3): 'Add funds' shows beside insufficient funds. */
  canFund: boolean;
  /** 'done', sent, and its receipt not seen yet (the wait for it ran out): 'Transaction submitted'. */
  pending?: boolean;
}

/**
 * The recovery password flow (§4.6): its steps are the surface's; this is its end on
 * EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN ('Success', or 'Something went wrong' with the text).
 */
export interface WalletPasswordUi {
  step: 'surface' | 'done';
  /** Started by the widget itself (creation on login): 'done' closes the modal after 1400 ms. */
  automatic: boolean;
  /** At 'done': null for 'Success', else the text of 'Something went wrong' (§8). */
  error: string | null;
}

export interface WalletUiState {
  create: WalletCreateUi;
  connecting: WalletConnectingUi;
  /** Null when no sign request is open. */
  sign: WalletSignUi | null;
  /** Null when no send request is open. */
  send: WalletSendUi | null;
  password: WalletPasswordUi;
  /** The surface of the request that waits on the user, or null. */
  surface: WalletSurfaceUi | null;
}

export const INITIAL_WALLET_UI: WalletUiState = {
  create: {
    status: 'idle',
    address: null,
    isNewUser: false,
    passwordRequired: false,
    error: null,
    notice: null,
  },
  connecting: { status: 'idle', error: null },
  sign: null,
  send: null,
  password: { step: 'surface', automatic: false, error: null },
  surface: null,
};

/**
 * The store the wallet screens render (`gatehouse.$walletUi`). It holds INITIAL_WALLET_UI from the
 * moment the wallet code loads (before that no wallet screen can show).
 */
export type WalletUiStore = WritableAtom<WalletUiState>;

/** The methods the wallet screens call on the Gatehouse (all safe to call at any time; none throws). */
export interface WalletActions {
  /** SEND_TRANSACTION 'Add funds': the funding screens, then back to the review with the balance read again. */
  addFunds(): Promise<void>;
  /** SIGN_REQUEST / SEND_TRANSACTION 'Cancel': rejects the request with 4001 and closes the modal. */
  cancelWalletRequest(): void;
  /** SIGN_REQUEST / SEND_TRANSACTION after a failure: the surface asks again. */
  retry(): Promise<void>;
  /** PASSWORD_UPDATE_SPLASH 'Continue': the password steps in the surface. */
  beginWalletPassword(): void;
  /** A user-initiated password flow's 'Cancel' (setWalletPassword rejects user_exited_set_password_flow). */
  cancelWalletPassword(): void;
}

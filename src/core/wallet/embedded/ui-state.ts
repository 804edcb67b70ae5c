/**
 * The contract between the embedded-wallet flows (core) and the wallet screens (widget): the state
 * each EMBEDDED_WALLET_* screen renders, and the actions those screens call on the Gatehouse.
 *
 * `gatehouse.$walletUi` holds one {@link WalletUiState}; each screen reads its own part. Texts in
 * the state (titles, errors) are already the catalogue's; amounts are already formatted (§9).
 * The every-page bundle imports only its types.
 *
 * Which screen shows when (the core navigates; screens only render and call actions):
 * - EMBEDDED_WALLET_ON_ACCOUNT_CREATE_SCREEN: `create` (status 'creating'…); with
 *   `create.passwordRequired` the password steps of `password` are shown on it (§4.6).
 * - EMBEDDED_WALLET_CREATED_SCREEN: `create` (status 'created', address); auto-closes after 2.5 s for a new user.
 * - EMBEDDED_WALLET_CONNECTING_SCREEN: `connecting`.
 * - EMBEDDED_WALLET_RECOVERY_SCREEN ('Load your account'): `recovery`; submitRecoveryPassword().
 * - EMBEDDED_WALLET_SIGN_REQUEST_SCREEN: `sign`; approveSign(), cancelWalletRequest(); 'Success' then closes after 1400 ms.
 * - EMBEDDED_WALLET_SEND_TRANSACTION_SCREEN: `send`; approveSend(), cancelWalletRequest(); 'All Done' → closeModal().
 * - EMBEDDED_WALLET_KEY_EXPORT_SCREEN ('Transfer Wallet'): `export.url` in an iframe.
 * - EMBEDDED_WALLET_PASSWORD_UPDATE_SPLASH_SCREEN ('Secure Your Account'): beginWalletPassword().
 * - EMBEDDED_WALLET_PASSWORD_UPDATE_SCREEN: `password` steps.
 * Closing the modal (closeModal) while a sign or send request is pending rejects it with 4001.
 */
import type { WritableAtom } from 'nanostores';
import type { PriceDisplay } from '../../../protocol/embedded-wallet.js';

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
}

/** EMBEDDED_WALLET_CONNECTING_SCREEN. */
export interface WalletConnectingUi {
  status: 'idle' | 'connecting' | 'recovering' | 'connected' | 'error';
  error: string | null;
  /** Recovery on this device needs a fresh login (recent_login_required): 'Log in again' shows. */
  relogin?: boolean;
}

/** EMBEDDED_WALLET_RECOVERY_SCREEN ('Load your account'), for a 'user-passcode' wallet. */
export interface WalletRecoveryUi {
  address: string | null;
  /** The password is being checked. */
  busy: boolean;
  /** 'Invalid recovery password, please try again.' or 'An error has occurred, please try again.' (§8). */
  error: string | null;
}

/** A typed-data request as the sign screen shows it (EIP-712). */
export interface TypedDataSummary {
  primaryType: string;
  /** The domain's fields (name, version, chainId, verifyingContract, salt) as text, in that order. */
  domain: Array<[name: string, value: string]>;
  /** The message, pretty-printed JSON (bigints as decimal strings). */
  message: string;
}

/** EMBEDDED_WALLET_SIGN_REQUEST_SCREEN. */
export interface WalletSignUi {
  kind: 'message' | 'typedData';
  /** The message as text (hex bytes that are UTF-8 are shown decoded); null for typed data. */
  message: string | null;
  typedData: TypedDataSummary | null;
  uiOptions: SignUiOptions;
  /** 'ready' waits for approveSign(); 'done' shows 'Success' and the modal closes after 1400 ms. */
  status: 'ready' | 'signing' | 'done' | 'error';
  /** 'An error has occurred, please try again.' (§8). */
  error: string | null;
}

/** A fee line of the review (§2.3): token amount (§9 formatting) and its dollar value or null. */
export interface WalletAmount {
  /** Formatted token amount without symbol: '0.0021', '<0.001'. */
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
   * 'preparing' (nonce, gas, fees, balance) → 'ready' (approveSend) → 'submitting' ('Submitting (may
   * take a few moments)...', signs, broadcasts, waits for the receipt) → 'done' ('Transaction
   * complete!', 'All Done'). 'error': `error` says why; approveSend() may be tried again when `preview` is set.
   */
  status: 'preparing' | 'ready' | 'submitting' | 'done' | 'error';
  preview: WalletSendPreview | null;
  transactionHash: string | null;
  /** Explorer link of the sent transaction. */
  transactionUrl: string | null;
  error: string | null;
  /** The app funds wallets by card (§2.3): 'Add Funds' shows beside insufficient funds. */
  canFund: boolean;
}

/** EMBEDDED_WALLET_KEY_EXPORT_SCREEN ('Transfer Wallet'). */
export interface WalletExportUi {
  /** The provider-origin export view (§2.3 query parameters); null until the ≥ 1 s wait is over. */
  url: string | null;
  address: string | null;
  /** The `width` given to the export view, CSS px. */
  width: number;
}

export type WalletPasswordStep = 'creating' | 'saving' | 'confirming' | 'finalizing' | 'done';

/** The recovery password flow (§4.6): on ON_ACCOUNT_CREATE (with a password) and PASSWORD_UPDATE screens. */
export interface WalletPasswordUi {
  step: WalletPasswordStep;
  /**
   * Started by the widget itself (creation on login with requireUserPasswordOnCreate): it cannot be
   * closed during set-up, and 'done' closes the modal after 1400 ms.
   */
  automatic: boolean;
  /** The password chosen so far (kept in this page's memory only, for the saving and confirming steps). */
  password: string;
  /** The password was generated by the widget (generateWalletPassword). */
  generated: boolean;
  /** The recovery file's name: `{app}-gatehouse-wallet-recovery.txt` (§4.6). */
  fileName: string;
  /** finalizing: the submit (create with password, or set-recovery-password) runs. */
  busy: boolean;
  /** At 'done': null for 'Success', else the text of 'Something went wrong' (§8). */
  error: string | null;
}

export interface WalletUiState {
  create: WalletCreateUi;
  connecting: WalletConnectingUi;
  recovery: WalletRecoveryUi;
  /** Null when no sign request is open. */
  sign: WalletSignUi | null;
  /** Null when no send request is open. */
  send: WalletSendUi | null;
  export: WalletExportUi;
  password: WalletPasswordUi;
}

export const INITIAL_WALLET_UI: WalletUiState = {
  create: { status: 'idle', address: null, isNewUser: false, passwordRequired: false, error: null },
  connecting: { status: 'idle', error: null },
  recovery: { address: null, busy: false, error: null },
  sign: null,
  send: null,
  export: { url: null, address: null, width: 0 },
  password: {
    step: 'creating',
    automatic: false,
    password: '',
    generated: false,
    fileName: '',
    busy: false,
    error: null,
  },
};

/**
 * The store the wallet screens render (`gatehouse.$walletUi`). It holds INITIAL_WALLET_UI from the
 * moment the wallet code loads (before that no wallet screen can show).
 */
export type WalletUiStore = WritableAtom<WalletUiState>;

/** The methods the wallet screens call on the Gatehouse (all safe to call at any time; none throws). */
export interface WalletActions {
  /** SIGN_REQUEST: sign; 'Success' then the modal closes after 1400 ms and the call resolves. */
  approveSign(): Promise<void>;
  /** SEND_TRANSACTION: sign, broadcast, wait for the receipt; then 'done'. */
  approveSend(): Promise<void>;
  /** SEND_TRANSACTION 'Add Funds': the funding screens, then back to the review with the balance read again. */
  addFunds(): Promise<void>;
  /** SIGN_REQUEST / SEND_TRANSACTION 'Cancel': rejects the request with 4001 and closes the modal. */
  cancelWalletRequest(): void;
  /** RECOVERY: recover a 'user-passcode' wallet with the password; a wrong one stays with `recovery.error`. */
  submitRecoveryPassword(password: string): Promise<void>;
  /** PASSWORD_UPDATE_SPLASH 'Continue': to PASSWORD_UPDATE_SCREEN at 'creating'. */
  beginWalletPassword(): void;
  /** creating: the password typed so far (checked by validatePassword of password.ts on screen). */
  setWalletPasswordDraft(password: string): void;
  /** creating: a generated password instead of a typed one. */
  generateWalletPassword(): void;
  /** Next step (creating → saving → confirming → finalizing); at finalizing it submits, then 'done'. */
  walletPasswordNext(): Promise<void>;
  /** One step back (not from creating, not while submitting, not at done). */
  walletPasswordBack(): void;
  /** A user-initiated password flow's 'Cancel' (setWalletPassword rejects user_exited_set_password_flow). */
  cancelWalletPassword(): void;
  /** CONNECTING 'Log in again' (recent_login_required): logs out and opens the login. */
  logInAgain(): Promise<void>;
}

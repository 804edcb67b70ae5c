/**
 * The provider-origin surface (DESIGN.md, embedded wallet security model): whatever guards key
 * material or money is typed or clicked in a frame of the provider's origin, never in the host
 * page. Three parties:
 *
 * 1. The hidden wallet frame holds the keys and does the work. A host request that needs the
 *    user (a signature or a transaction to approve, a recovery password, a code) opens a
 *    **prompt**: a random id and a {@link SurfaceView}. The frame tells the host with
 *    {@link PromptMessage} (`gatehouse:prompt`, carrying the request's id) and waits; the reply to
 *    the request comes once the prompt is done (or cancelled: `wallet:cancel`, or the surface's
 *    Cancel, answered as error type `user_rejected`).
 * 2. The host shows a screen with the **surface**: an iframe of `surfacePath(appId)` with the
 *    prompt's id (SURFACE_QUERY). It holds no approval control and sees nothing of what is typed.
 * 3. The surface, a page of the provider's origin, asks the wallet frame for the prompt over a
 *    BroadcastChannel of that origin (SURFACE_CHANNEL: the host page cannot join it), renders the
 *    view, and sends the user's actions back ({@link SurfaceAction}): an approval only from a
 *    trusted click or key press in its own document, on a surface that has been visible for
 *    SURFACE_MIN_VISIBLE_MS. The frame pushes a new view or state after each step.
 *
 * What a review shows comes from the exact request the frame will sign, never from host texts.
 * Codes and passwords go from the surface to the frame on that channel, and from the frame to the
 * provider; never to the host. The surface tells its parent only its height and an Escape.
 */
import type { PasskeyAction, PasskeyView } from './passkey.js';
import type { StepUpAccountWire, StepUpAction, StepUpFactorKind, StepUpFactorWire } from './step-up.js';

/** Path of the surface page on the provider origin. */
export const surfacePath = (appId: string): string =>
  `/apps/${encodeURIComponent(appId)}/embedded-wallets/surface`;

/**
 * The passkey window's path, beside the surface's (`/apps/{appId}/embedded-wallets/passkey`): the
 * surface's page again, in a popup (passkey-window.ts).
 */
export const PASSKEY_WINDOW_PATH = 'passkey';

/** The surface's query parameters (with `origin`, `caid` of WALLET_FRAME_QUERY, theme.ts's variables and its LANG_QUERY). */
export const SURFACE_QUERY = {
  /** The prompt to show. */
  prompt: 'prompt',
} as const;

/** The BroadcastChannel name the wallet frame and the surfaces share (provider origin only). */
export const SURFACE_CHANNEL = 'gatehouse-surface';

/** An approval counts only on a surface visible this long (no click-through of a frame that just appeared). */
export const SURFACE_MIN_VISIBLE_MS = 500;

// ---- What the surface shows ----

/** personal_sign / eth_sign: the message as text (hex that is UTF-8 is decoded; other hex stays hex). */
export interface SignMessageView {
  kind: 'sign-message';
  address: string;
  message: string;
}

/** eth_signTypedData_v4: the domain's fields, the primary type and the message, pretty-printed. */
export interface SignTypedDataView {
  kind: 'sign-typed-data';
  address: string;
  domain: Array<[name: string, value: string]>;
  primaryType: string;
  message: string;
}

/**
 * eth_signTransaction: what the transaction moves, and the most it can cost in fees. The surface
 * names the chain and its token from its own chain table (chains.ts; `Chain <id>` and ETH, §9,
 * for a chain it does not know), never from what the host says.
 */
export interface TransactionView {
  kind: 'transaction';
  /** The host will broadcast it ('send': the button says Send), or only gets it signed ('sign'). */
  intent: 'send' | 'sign';
  from: string;
  chainId: number;
  /** Null for a contract creation. */
  to: string | null;
  /** Native amount, formatted (§9: up to 6 decimals, trailing zeros trimmed), without the symbol. */
  value: string;
  /** Gas limit × max fee per gas (or gas price), formatted like `value`. */
  maxFee: string;
  /** Bytes of call data (0 for a plain transfer). */
  dataBytes: number;
}

/**
 * A code to type: 'Verify it's you'. `purpose`: a new device recovering the wallet, a change of
 * the account (`action` and `account` say which), or the MFA gate of a wallet action.
 */
export interface VerifyView {
  kind: 'verify';
  purpose: 'new_device' | 'change' | 'mfa';
  action: StepUpAction | null;
  account: StepUpAccountWire | null;
  /** The ways to verify; for 'mfa', the enrolled methods. Empty: nothing can verify here (the text says what to do). */
  factors: StepUpFactorWire[];
  /** The factor chosen (and the code sent, for email, phone and sms); null while the user picks. */
  factor: StepUpFactorKind | null;
  /** Where the last code went (masked), once sent. */
  sentTo: string | null;
}

/** The recovery password of a 'user-passcode' wallet, on a new device. */
export interface PasswordEnterView {
  kind: 'password-enter';
  address: string;
}

/**
 * The recovery password set-up (§4.6 creating → saving → confirming → finalizing, in the
 * surface; 'done' is the host's screen once the frame answers). The recovery file is named from
 * the app's name in the page's frame configuration (§4.6). `automatic`: started by the widget
 * itself (creation on login): no Cancel.
 */
export interface PasswordSetView {
  kind: 'password-set';
  purpose: 'create' | 'update';
  automatic: boolean;
}

/** Adding an authenticator app (the QR and the secret exist only here) or a phone (the code goes there). */
export type MfaEnrollView =
  | { kind: 'mfa-enroll'; method: 'totp'; authUrl: string; secret: string }
  | { kind: 'mfa-enroll'; method: 'sms'; phoneNumber: string };

/** 'Transfer wallet' (§2.3): the private key, shown here only after a click here. */
export interface ExportView {
  kind: 'export';
  address: string;
  /** Null until the user asked; then the key (the frame rebuilt it for this view only). */
  privateKey: string | null;
}

export type SurfaceView =
  | SignMessageView
  | SignTypedDataView
  | TransactionView
  | VerifyView
  | PasswordEnterView
  | PasswordSetView
  | MfaEnrollView
  | ExportView
  | PasskeyView;
export type SurfaceKind = SurfaceView['kind'];

/** What the frame is doing with the last action, and what went wrong (a catalogue text). */
export interface SurfaceState {
  busy: boolean;
  /** In English: the frame does not know the surface's language. */
  error: string | null;
  /**
   * What the error is, for a surface in another language to say it in its own: a §8 wallet error
   * type ('error', 'invalid_recovery_pin'), a provider error code, or a passkey refusal
   * (frame/passkey-texts.ts). Set with `error`; none for a text no locale says.
   */
  code?: string;
}

// ---- Surface → wallet frame (SURFACE_CHANNEL) ----

export type SurfaceAction =
  /** A review's Approve / Sign / Send, the export's Reveal, the `wallet` factor's Approve. */
  | { type: 'approve' }
  | { type: 'cancel' }
  /** verify: this factor (and, for email, phone and sms, send its code). */
  | { type: 'factor'; factor: StepUpFactorKind }
  /** verify: another code to the chosen factor. */
  | { type: 'resend' }
  | { type: 'code'; code: string }
  | { type: 'password'; password: string }
  /** passkey: the ceremony's credential (and PRF output). */
  | PasskeyAction
  /** passkey, a login view with `canSignUp`: 'Create a passkey' instead. */
  | { type: 'signup' }
  /** passkey, a step-up view with `anotherWay`: back to the ticket's other ways to verify. */
  | { type: 'another-way' };

export const SURFACE_MESSAGES = {
  /** Surface → frame: which prompt it shows (asked once it listens, and again after a reload). */
  hello: 'surface:hello',
  /** Surface → frame: a user action on the prompt. */
  action: 'surface:action',
  /** Frame → surface: the prompt's view and state (after hello, and after each change). */
  view: 'surface:view',
  /** Frame → surface: the prompt is over (answered, cancelled, replaced). */
  end: 'surface:end',
} as const;

export type SurfaceChannelMessage =
  | { type: typeof SURFACE_MESSAGES.hello; prompt: string }
  | { type: typeof SURFACE_MESSAGES.action; prompt: string; action: SurfaceAction }
  | { type: typeof SURFACE_MESSAGES.view; prompt: string; view: SurfaceView; state: SurfaceState }
  | { type: typeof SURFACE_MESSAGES.end; prompt: string };

// ---- Wallet frame → host, and surface → host (postMessage, exact origins) ----

/** The frame's message to the host while a request waits on the user (`source` WALLET_FRAME_SOURCE). */
export const PROMPT_MESSAGE = 'gatehouse:prompt';

export interface PromptMessage {
  source: 'gatehouse';
  /** The id of the host's request that waits. */
  id: string;
  type: typeof PROMPT_MESSAGE;
  /** `purpose`: a 'verify' view's (the host titles its screen after it). */
  prompt: { id: string; kind: SurfaceKind; purpose?: VerifyView['purpose'] };
}

/** What the surface posts to its parent (the host origin, exactly). */
export const SURFACE_HOST_MESSAGES = {
  /** `height`: the surface's content height in CSS pixels (the host sizes the iframe to it). */
  size: 'gatehouse:surface:size',
  /** Escape pressed inside: the host closes the screen as for Escape elsewhere. */
  escape: 'gatehouse:surface:escape',
} as const;

export interface SurfaceHostMessage {
  source: 'gatehouse';
  type: (typeof SURFACE_HOST_MESSAGES)[keyof typeof SURFACE_HOST_MESSAGES];
  prompt: string;
  height?: number;
}

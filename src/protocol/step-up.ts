/**
 * Step-up (DESIGN.md, embedded wallet security model): what a login is not enough for. For a user
 * with an embedded wallet, a new device getting the recovery share, and every change of the
 * user's login methods and second factors (link, unlink, update, MFA enrol and remove), need a
 * verification that a script on the host page cannot produce, made in the provider-origin
 * surface: an MFA code, or a one-time code sent to an email or phone the user already had.
 *
 * The provider answers such a request 403 `step_up_required` with a ticket (StepUpRequiredBody):
 * what is asked (the action and the account concerned, as the provider sees it) and the factors
 * that can approve it. The wallet frame — never the host page — sends and checks the codes
 * (STEP_UP_PATHS, frame-only endpoints like the wallet's); an approved ticket lets the very same
 * request through once (a change) or lets that device's recovery through until it expires (a new
 * device). A ticket belongs to one session.
 *
 * Factors: `totp` and `sms` (enrolled MFA methods); `email` and `phone` (linked contacts,
 * established: the account the user signed up with, one linked under a step-up, or one linked
 * before the current login and at least GATEHOUSE_LINK_COOLDOWN ago); `wallet` (only for a
 * user with none of the others: the change is approved in the surface on a device that holds the
 * wallet, signed by the wallet's key); `passkey` (a passkey linked to the user, asserted in the
 * surface with a challenge from passkey.ts `verifyInit`; first when the user has one).
 */
import type { PasskeyCredentialJSON } from './passkey.js';

/** The error code of a request that needs a step-up first (HTTP 403). */
export const STEP_UP_REQUIRED = 'step_up_required';

/** What a ticket approves. */
const STEP_UP_ACTIONS = [
  /** The recovery share to a device key not registered yet (ticket bound to that key). */
  'new_device',
  'link',
  'unlink',
  /** Moving the email account to a new address (`passwordless/update`). */
  'update',
  'mfa_enroll',
  'mfa_unenroll',
] as const;
export type StepUpAction = (typeof STEP_UP_ACTIONS)[number];

export const STEP_UP_FACTOR_KINDS = ['totp', 'sms', 'email', 'phone', 'wallet', 'passkey'] as const;
export type StepUpFactorKind = (typeof STEP_UP_FACTOR_KINDS)[number];

/** One way to approve a ticket. `id` is what `send` and `verify` name. */
export interface StepUpFactorWire {
  id: StepUpFactorKind;
  /** Masked for display: 'a•••@example.com', '•••• 1234', or empty for the authenticator and the wallet. */
  label: string;
  /**
   * A contact linked too recently (GATEHOUSE_LINK_COOLDOWN) or during this login: listed so the user
   * knows, not usable until this time (unix seconds; 0: not during this login at all).
   */
  available_at?: number;
}

/** The account a change is about, as the provider names it (never as the host page says). */
export interface StepUpAccountWire {
  /** The linked-account type (`email`, `phone`, `wallet`, `google_oauth`, `farcaster`, …) or the MFA method. */
  type: string;
  /** What the user recognises: the address, the number, the username, the fid. */
  label: string;
}

export interface StepUpTicketWire {
  /** 32 random bytes, base64url. Naming it proves nothing: only a factor approves it. */
  id: string;
  action: StepUpAction;
  /** Null for `new_device`. */
  account: StepUpAccountWire | null;
  /** Usable factors first; empty when the user has none (the recovery password, if any, is the only way). */
  factors: StepUpFactorWire[];
  /** Unix seconds. */
  expires_at: number;
  /** Unix seconds, once a factor approved it. */
  approved_at: number | null;
}

/** The body of the 403 `step_up_required` answer. */
export interface StepUpRequiredBody {
  code: typeof STEP_UP_REQUIRED;
  message: string;
  ticket: StepUpTicketWire;
}

const ticketPath = (id: string): string => `/api/v1/step_up/tickets/${encodeURIComponent(id)}`;

/** Frame-only endpoints (403 invalid_origin from any other origin), bearer token of the ticket's session. */
export const STEP_UP_PATHS = {
  /** GET → StepUpTicketWire. */
  ticket: ticketPath,
  /** POST StepUpSendBody → StepUpSentResponse: a code to the email, the phone or the enrolled SMS number. */
  send: (id: string) => `${ticketPath(id)}/send`,
  /** POST StepUpVerifyBody → StepUpApprovedResponse. */
  verify: (id: string) => `${ticketPath(id)}/verify`,
  /**
   * POST StepUpWalletBody with a device proof (`kid`, a registered device of the wallet) →
   * StepUpApprovedResponse: factor `wallet`, for a user with no other factor.
   */
  approveWithWallet: (id: string) => `${ticketPath(id)}/wallet`,
  /** POST StepUpPasskeyBody → StepUpApprovedResponse: factor `passkey`. */
  approveWithPasskey: (id: string) => `${ticketPath(id)}/passkey`,
} as const;

export interface StepUpPasskeyBody {
  /** An assertion by one of the user's passkeys over a `verifyInit` challenge (passkey.ts). */
  response: PasskeyCredentialJSON;
}

export interface StepUpSendBody {
  factor: StepUpFactorKind;
}

export interface StepUpSentResponse {
  /** The masked destination the code went to. */
  sent_to: string;
}

export interface StepUpVerifyBody {
  factor: StepUpFactorKind;
  /** Six digits. */
  code: string;
}

export interface StepUpWalletBody {
  /** EIP-191 signature by the wallet's key of stepUpApprovalMessage over the device proof's challenge. */
  addressSignature: string;
}

export interface StepUpApprovedResponse {
  ticket: StepUpTicketWire;
  /**
   * With an MFA factor: the MFA proof that code also gives (the wallet's MFA gate then passes
   * without a second code), as `mfa/*` verify answers it.
   */
  mfa?: { proof: string; expires_at: number };
}

/** The text a wallet's key signs (EIP-191) to approve a ticket with the `wallet` factor. */
export function stepUpApprovalMessage(fields: {
  address: string;
  appId: string;
  ticket: string;
  challenge: string;
}): string {
  return [
    'Gatehouse embedded wallet: approve a change to the account',
    `Address: ${fields.address}`,
    `App: ${fields.appId}`,
    `Ticket: ${fields.ticket}`,
    `Challenge: ${fields.challenge}`,
  ].join('\n');
}

/** A ticket lives this long. */
export const STEP_UP_TICKET_TTL_SECONDS = 600;
/** Default of GATEHOUSE_LINK_COOLDOWN: how long a contact added without a step-up waits to become a factor. */
export const LINK_COOLDOWN_SECONDS = 7 * 24 * 60 * 60;

/** 'a•••@example.com'. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${address.slice(0, 1)}•••${address.slice(at)}`;
}

/** '•••• 1234' (the last four digits). */
export function maskPhone(number: string): string {
  const digits = number.replace(/\D/g, '');
  return `•••• ${digits.slice(-4)}`;
}

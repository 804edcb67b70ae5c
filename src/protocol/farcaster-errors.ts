/**
 * Error codes of the Farcaster endpoints (farcaster.ts), with their HTTP status and default
 * message; part of API_ERRORS (api-errors.ts).
 */
import { FARCASTER_TEXTS } from './farcaster.js';

export const FARCASTER_API_ERRORS = {
  /** The Sign In With Farcaster message is malformed or not for this app, channel or time. */
  invalid_farcaster_message: {
    status: 400,
    message: 'The Sign In With Farcaster message is not valid for this app.',
  },
  /** The message's nonce is not the one issued for this channel, or was used, or expired. */
  invalid_farcaster_nonce: {
    status: 422,
    message: 'The sign-in nonce is not the one of this channel, or it was used or expired.',
  },
  /** The signature is not the fid's custody address's (per the ID registry), EOA or ERC-1271. */
  invalid_farcaster_signature: {
    status: 422,
    message: 'The signature is not by the custody address of this Farcaster account.',
  },
  /** No channel of this app has this token (never opened here, or expired). */
  farcaster_channel_not_found: { status: 404, message: 'No such Farcaster sign-in channel.' },
  /** The relay, the ID registry's RPC, the signed key request API or the hub could not answer. */
  farcaster_unavailable: { status: 503, message: 'Farcaster could not be reached. Please try again later.' },
  /** §5: Farcaster actions and signers need an embedded wallet. */
  embedded_wallet_required: { status: 400, message: FARCASTER_TEXTS.embeddedWalletRequired },
  /** §5: … a linked Farcaster account. */
  farcaster_account_required: { status: 400, message: FARCASTER_TEXTS.accountRequired },
  /** §5: … and a signer the user approved (the message must be signed by it, for the user's fid). */
  farcaster_signer_required: { status: 403, message: FARCASTER_TEXTS.signerRequired },
  /** The app has no Farcaster identity (fid and custody key) to request signers with. */
  farcaster_signer_unavailable: {
    status: 503,
    message: 'This app cannot request Farcaster signers: its Farcaster fid and custody key are not set.',
  },
  /** The signer request passed its deadline without an approval. */
  farcaster_signer_expired: {
    status: 410,
    message: 'The signer request expired before it was approved. Request a new one.',
  },
  /** The submitted message is not a well-formed signed Farcaster message of a supported type. */
  invalid_farcaster_submission: { status: 400, message: 'The Farcaster message is not valid.' },
  /** The hub refused the message (its reason is in the message). */
  farcaster_message_rejected: { status: 400, message: 'The Farcaster hub refused the message.' },
} as const satisfies Record<string, { status: number; message: string }>;

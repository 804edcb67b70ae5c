/**
 * The Farcaster flows' own failures (§8), each with the text the screens show: the connect
 * timeout ('The request timed out. Try again.', retryable), and the signer's 'Request rejected' and
 * 'Connect failed' (with the generic or the timeout detail).
 */
import { FARCASTER_UI_TEXT } from '../text/farcaster.js';

const FARCASTER_FLOW_ERROR_CODES = {
  connectTimeout: 'farcaster_connect_timeout',
  signerRejected: 'farcaster_signer_rejected',
  signerTimeout: 'farcaster_signer_timeout',
  signerFailed: 'farcaster_signer_failed',
} as const;
export type FarcasterFlowErrorCode =
  (typeof FARCASTER_FLOW_ERROR_CODES)[keyof typeof FARCASTER_FLOW_ERROR_CODES];

export class FarcasterFlowError extends Error {
  constructor(
    readonly code: FarcasterFlowErrorCode,
    /** ERROR_SCREEN's title, when the flow has one of its own. */
    readonly title: string | null,
    /** The detail shown to the user (also the error's message). */
    readonly detail: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(detail, options);
    this.name = 'FarcasterFlowError';
  }
}

/** §8 Farcaster timeout: the channel was not completed within FARCASTER_CONNECT_TIMEOUT_MS. */
export const connectTimeoutError = (): FarcasterFlowError =>
  new FarcasterFlowError(
    FARCASTER_FLOW_ERROR_CODES.connectTimeout,
    null,
    FARCASTER_UI_TEXT.connectTimeout,
    true,
  );

/** §8 signer: the user refused the key. */
export const signerRejectedError = (): FarcasterFlowError =>
  new FarcasterFlowError(
    FARCASTER_FLOW_ERROR_CODES.signerRejected,
    FARCASTER_UI_TEXT.signerRejectedTitle,
    FARCASTER_UI_TEXT.signerRejectedDetail,
    true,
  );

/** §8 signer: not approved within FARCASTER_SIGNER_TIMEOUT_MS (or the request expired). */
export const signerTimeoutError = (): FarcasterFlowError =>
  new FarcasterFlowError(
    FARCASTER_FLOW_ERROR_CODES.signerTimeout,
    FARCASTER_UI_TEXT.signerFailedTitle,
    FARCASTER_UI_TEXT.connectTimeout,
    true,
  );

/** §8 signer: anything else went wrong while waiting. */
export const signerFailedError = (cause: unknown): FarcasterFlowError =>
  new FarcasterFlowError(
    FARCASTER_FLOW_ERROR_CODES.signerFailed,
    FARCASTER_UI_TEXT.signerFailedTitle,
    FARCASTER_UI_TEXT.signerFailedDetail,
    true,
    { cause },
  );

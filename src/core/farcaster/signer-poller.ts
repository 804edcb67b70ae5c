/**
 * AWAITING_FARCASTER_SIGNER's wait (§4.4): `farcaster/signer/status` every 2 s until the user
 * approves the key (resolves with the signer), refuses it ('Request rejected'), or 300 s pass
 * ('Connect failed' with the timeout detail; also when the provider says the request expired).
 * Any other failure of the check is 'Connect failed' with 'Something went wrong. Please try again.'.
 */
import {
  FARCASTER_SIGNER_POLL_INTERVAL_MS,
  FARCASTER_SIGNER_TIMEOUT_MS,
  type FarcasterSignerResponse,
} from '../../protocol/farcaster.js';
import { signerFailedError, signerRejectedError, signerTimeoutError } from './errors.js';
import { type PollTiming, pollUntil } from './polling.js';

/** The provider's code for a signer request past its deadline (protocol/farcaster-errors.ts). */
const SIGNER_EXPIRED_CODE = 'farcaster_signer_expired';

export interface SignerPollOptions extends PollTiming {
  /** One `POST farcaster/signer/status` for the key (the API client's call). */
  check: () => Promise<FarcasterSignerResponse>;
  intervalMs?: number;
  /** A test seam for the limit (§9: 300000 ms). */
  timeoutMs?: number;
}

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

async function attempt(options: SignerPollOptions): Promise<FarcasterSignerResponse | undefined> {
  let signer: FarcasterSignerResponse;
  try {
    signer = await options.check();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw codeOf(error) === SIGNER_EXPIRED_CODE ? signerTimeoutError() : signerFailedError(error);
  }
  if (signer.status === 'revoked') throw signerRejectedError();
  return signer.status === 'approved' ? signer : undefined;
}

/** Resolves with the approved signer; throws a FarcasterFlowError of §8 or the signal's reason. */
export function pollFarcasterSigner(options: SignerPollOptions): Promise<FarcasterSignerResponse> {
  return pollUntil(
    () => attempt(options),
    {
      intervalMs: options.intervalMs ?? FARCASTER_SIGNER_POLL_INTERVAL_MS,
      timeoutMs: options.timeoutMs ?? FARCASTER_SIGNER_TIMEOUT_MS,
      onTimeout: signerTimeoutError,
    },
    options,
  );
}

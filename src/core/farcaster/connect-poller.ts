/**
 * AWAITING_FARCASTER_CONNECTION's wait (§4.4): `farcaster/status` every 2 s until the channel is
 * completed, given up after 120 s with 'The request timed out. Try again.' (retryable).
 */
import {
  FARCASTER_CONNECT_POLL_INTERVAL_MS,
  FARCASTER_CONNECT_TIMEOUT_MS,
  type FarcasterCompletedChannel,
  type FarcasterStatusResponse,
} from '../../protocol/farcaster.js';
import { connectTimeoutError } from './errors.js';
import { type PollTiming, pollUntil } from './polling.js';

/** A completed channel: what `farcaster/authenticate` and `/link` take, and the profile. */
export type CompletedFarcasterChannel = FarcasterCompletedChannel;

export interface ConnectPollOptions extends PollTiming {
  /** One `GET farcaster/status` of the channel (the API client's call); its errors end the poll. */
  check: () => Promise<FarcasterStatusResponse>;
  intervalMs?: number;
  /** A test seam for the limit (§9: 120000 ms). */
  timeoutMs?: number;
}

function completed(status: FarcasterStatusResponse): CompletedFarcasterChannel | undefined {
  if (status.state !== 'completed' || !status.message || !status.signature || !status.fid) return undefined;
  return {
    message: status.message,
    signature: status.signature,
    fid: status.fid,
    username: status.username,
    displayName: status.display_name,
    bio: status.bio,
    pfpUrl: status.pfp_url,
  };
}

/** Resolves with the completed channel; throws the §8 timeout, the signal's reason, or check's error. */
export function pollFarcasterConnection(options: ConnectPollOptions): Promise<CompletedFarcasterChannel> {
  return pollUntil(
    async () => completed(await options.check()),
    {
      intervalMs: options.intervalMs ?? FARCASTER_CONNECT_POLL_INTERVAL_MS,
      timeoutMs: options.timeoutMs ?? FARCASTER_CONNECT_TIMEOUT_MS,
      onTimeout: connectTimeoutError,
    },
    options,
  );
}

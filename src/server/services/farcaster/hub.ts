import type { UserWire } from '../../../protocol/api.js';
import {
  FARCASTER_CLOCK_SKEW_MS,
  FARCASTER_EPOCH_MS,
  FARCASTER_MESSAGE_TYPES,
  FARCASTER_NETWORK_MAINNET,
  type FarcasterSubmitResponse,
} from '../../../protocol/farcaster.js';
import { ApiError } from '../../errors.js';
import type { Clock } from '../clock.js';
import { callService, endpoint, type FetchLike, field, unavailable } from './http.js';
import { decodeHead, decodeMessage, MessageFormatError, toHex, verifyMessage } from './message.js';
import type { FarcasterSettings } from './settings.js';
import { type FarcasterSigners, requireFarcasterUser } from './signers.js';

/** The message types the frame sends (§7): casts, their removal, likes and recasts, follows. */
const ACCEPTED_TYPES = new Set<number>([
  FARCASTER_MESSAGE_TYPES.castAdd,
  FARCASTER_MESSAGE_TYPES.castRemove,
  FARCASTER_MESSAGE_TYPES.reactionAdd,
  FARCASTER_MESSAGE_TYPES.reactionRemove,
  FARCASTER_MESSAGE_TYPES.linkAdd,
  FARCASTER_MESSAGE_TYPES.linkRemove,
]);
/** Largest message accepted (a long cast with embeds is well under it). */
const FARCASTER_MESSAGE_MAX_BYTES = 4096;

function refuse(reason: string): never {
  throw new ApiError('invalid_farcaster_submission', `The Farcaster message is not valid: ${reason}.`);
}

function decoded(bytes: Uint8Array) {
  try {
    const message = decodeMessage(bytes);
    verifyMessage(message);
    return { message, head: decodeHead(message.dataBytes) };
  } catch (error) {
    if (error instanceof MessageFormatError) refuse(error.message);
    throw error;
  }
}

/** The hub's reason for a refusal (hubs answer `{errCode, details}`, Snapchain `{message}`). */
function hubReason(body: unknown): string {
  return field(body, 'details') ?? field(body, 'message') ?? field(body, 'errCode') ?? 'no reason given';
}

/**
 * Forwards the user's signed Farcaster messages to a hub's HTTP API (`POST /v1/submitMessage`,
 * protobuf bytes): only well-formed, correctly hashed and signed messages of the accepted types,
 * for the user's fid, signed by a signer the user approved for this app (on any of their devices),
 * timestamped now.
 */
export class FarcasterSubmissions {
  constructor(
    private readonly settings: FarcasterSettings,
    private readonly signers: FarcasterSigners,
    private readonly fetcher: FetchLike,
    private readonly now: Clock,
  ) {}

  async submit(appId: string, user: UserWire, base64: string): Promise<FarcasterSubmitResponse> {
    const { fid } = requireFarcasterUser(user);
    const bytes = Uint8Array.from(Buffer.from(base64, 'base64'));
    if (bytes.length === 0 || bytes.length > FARCASTER_MESSAGE_MAX_BYTES) refuse('its size is out of bounds');
    const { message, head } = decoded(bytes);
    if (message.hasData) refuse('the data must come as data_bytes only');
    if (!ACCEPTED_TYPES.has(head.type)) refuse(`message type ${head.type} is not accepted here`);
    if (head.fid !== fid) refuse("its fid is not the user's");
    if (head.network !== FARCASTER_NETWORK_MAINNET) refuse('it is not for Farcaster mainnet');
    if (Math.abs(FARCASTER_EPOCH_MS + head.timestamp * 1000 - this.now()) > FARCASTER_CLOCK_SKEW_MS) {
      refuse('its timestamp is not now');
    }
    if (!(await this.signers.isApproved(appId, user.id, toHex(message.signer)))) {
      throw new ApiError('farcaster_signer_required');
    }
    await this.forward(appId, bytes);
    return { hash: toHex(message.hash) };
  }

  private async forward(appId: string, bytes: Uint8Array): Promise<void> {
    const { hubUrl } = await this.settings.endpoints(appId);
    const apiKey = await this.settings.hubApiKey(appId);
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
    if (apiKey) headers['x-api-key'] = apiKey;
    const answer = await callService(this.fetcher, endpoint(hubUrl, '/v1/submitMessage'), {
      method: 'POST',
      headers,
      body: Buffer.from(bytes),
    });
    if (answer.status >= 200 && answer.status < 300) return;
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 429) {
      throw new ApiError(
        'farcaster_message_rejected',
        `The Farcaster hub refused the message: ${hubReason(answer.body)}`,
      );
    }
    throw unavailable('The Farcaster hub', answer.status);
  }
}

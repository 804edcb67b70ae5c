import type { FarcasterCompletedChannel } from '../../../protocol/farcaster.js';
import { ApiError } from '../../errors.js';
import { callService, endpoint, type FetchLike, field, intField, postJson, unavailable } from './http.js';

/** What the provider asks the relay to put in the message (the relay's createChannel body). */
export interface ChannelRequest {
  domain: string;
  siweUri: string;
  nonce: string;
  notBefore: string;
  expirationTime: string;
}

export interface OpenedChannel {
  channelToken: string;
  connectUri: string;
}

/** A channel the Farcaster app completed: the signed message and the profile the app sent along. */
export type CompletedChannel = FarcasterCompletedChannel;

export type ChannelStatus = { state: 'pending' } | ({ state: 'completed' } & CompletedChannel);

/**
 * Client of the Farcaster auth relay's HTTP API (farcasterxyz/auth-monorepo, apps/relay):
 * `POST /v1/channel` opens a channel, `GET /v1/channel/status` with the channel token as bearer
 * reads it (202 pending, 200 completed; the relay closes a channel once it has answered it completed).
 */
export class RelayClient {
  constructor(private readonly fetcher: FetchLike) {}

  async open(relayUrl: string, request: ChannelRequest): Promise<OpenedChannel> {
    const answer = await postJson(this.fetcher, endpoint(relayUrl, '/v1/channel'), request);
    if (answer.status !== 201 && answer.status !== 200)
      throw unavailable('The Farcaster relay', answer.status);
    const channelToken = field(answer.body, 'channelToken');
    const connectUri = field(answer.body, 'connectUri') ?? field(answer.body, 'url');
    if (!channelToken || !connectUri) throw unavailable('The Farcaster relay', answer.status);
    return { channelToken, connectUri };
  }

  /** The channel's state; farcaster_channel_not_found when the relay no longer knows it. */
  async status(relayUrl: string, channelToken: string): Promise<ChannelStatus> {
    const answer = await callService(this.fetcher, endpoint(relayUrl, '/v1/channel/status'), {
      method: 'GET',
      headers: { authorization: `Bearer ${channelToken}` },
    });
    if (answer.status === 202) return { state: 'pending' };
    if (answer.status === 401 || answer.status === 404) throw new ApiError('farcaster_channel_not_found');
    if (answer.status !== 200) throw unavailable('The Farcaster relay', answer.status);
    const { body } = answer;
    if (field(body, 'state') !== 'completed') return { state: 'pending' };
    const message = field(body, 'message');
    const signature = field(body, 'signature');
    const fid = intField(body, 'fid');
    if (!message || !signature || !fid) throw unavailable('The Farcaster relay', answer.status);
    return {
      state: 'completed',
      message,
      signature,
      fid,
      username: field(body, 'username'),
      displayName: field(body, 'displayName'),
      bio: field(body, 'bio'),
      pfpUrl: field(body, 'pfpUrl'),
    };
  }
}

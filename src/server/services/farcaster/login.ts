import { type FarcasterStatusResponse, SIWF_CHAIN_ID } from '../../../protocol/farcaster.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors.js';
import type { Clock } from '../clock.js';
import { randomId, Secrets } from '../crypto.js';
import { isSignedBy } from '../login/signatures.js';
import { custodyOf } from './registry.js';
import type { CompletedChannel, RelayClient } from './relay.js';
import type { FarcasterSettings } from './settings.js';
import { checkSiwfMessage } from './siwf.js';

/** How long a channel (and its nonce) stays usable, and the oldest `Issued At` accepted. */
const FARCASTER_CHANNEL_TTL_MS = 10 * 60_000;
const NONCE_LENGTH = 24;

/** Where the login comes from: the app, its origins, and the request's Origin. */
export interface FarcasterRequestContext {
  appId: string;
  allowedOrigins: readonly string[];
  origin: string | undefined;
}

export interface FarcasterProof {
  channel_token: string;
  message: string;
  signature: string;
  fid: number;
}

/** A verified sign-in: the fid, its custody address, and the profile the Farcaster app sent. */
export interface VerifiedFarcaster {
  fid: number;
  custody: string;
  profile: Pick<CompletedChannel, 'username' | 'displayName' | 'bio' | 'pfpUrl'> | null;
}

function statusOf(completed: CompletedChannel): FarcasterStatusResponse {
  return {
    state: 'completed',
    message: completed.message,
    signature: completed.signature,
    fid: completed.fid,
    username: completed.username,
    display_name: completed.displayName,
    bio: completed.bio,
    pfp_url: completed.pfpUrl,
  };
}

const PENDING: FarcasterStatusResponse = {
  state: 'pending',
  message: null,
  signature: null,
  fid: null,
  username: null,
  display_name: null,
  bio: null,
  pfp_url: null,
};

/**
 * Sign In With Farcaster through the auth relay (§4.4): the provider opens each channel with a
 * nonce it issued (kept hashed, bound to the channel), reads the channel for the widget, and
 * accepts a message only for that channel's nonce, once, for the app's domain and URI, in time,
 * signed by the custody address the ID registry gives for the fid (EOA, or ERC-1271 contract).
 */
export class FarcasterLogin {
  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly settings: FarcasterSettings,
    private readonly relay: RelayClient,
    private readonly now: Clock,
  ) {}

  private channelHash(appId: string, channelToken: string): string {
    return this.secrets.hash('farcaster-channel', appId, channelToken);
  }

  private nonceHash(appId: string, channelHash: string, nonce: string): string {
    return this.secrets.hash('farcaster-nonce', appId, channelHash, nonce);
  }

  /** Opens a channel at the relay for the requesting page; answers what the QR code shows. */
  async open(context: FarcasterRequestContext): Promise<{ connect_uri: string; channel_token: string }> {
    const { origin } = context;
    if (origin === undefined || !context.allowedOrigins.includes(origin)) {
      throw new ApiError('invalid_origin', 'Sign In With Farcaster needs a request from a page of this app.');
    }
    const { relayUrl } = await this.settings.endpoints(context.appId);
    const nonce = randomId(NONCE_LENGTH);
    const now = this.now();
    const expiresAt = now + FARCASTER_CHANNEL_TTL_MS;
    const domain = new URL(origin).host;
    const opened = await this.relay.open(relayUrl, {
      domain,
      siweUri: origin,
      nonce,
      notBefore: new Date(now).toISOString(),
      expirationTime: new Date(expiresAt).toISOString(),
    });
    const channelHash = this.channelHash(context.appId, opened.channelToken);
    await this.db
      .insertInto('farcaster_channels')
      .values({
        channel_hash: channelHash,
        app_id: context.appId,
        nonce_hash: this.nonceHash(context.appId, channelHash, nonce),
        domain,
        siwe_uri: origin,
        completion: null,
        expires_at: expiresAt,
        consumed_at: null,
        created_at: now,
      })
      .execute();
    return { connect_uri: opened.connectUri, channel_token: opened.channelToken };
  }

  private async channel(appId: string, channelToken: string) {
    const row = await this.db
      .selectFrom('farcaster_channels')
      .selectAll()
      .where('channel_hash', '=', this.channelHash(appId, channelToken))
      .where('app_id', '=', appId)
      .executeTakeFirst();
    if (!row) throw new ApiError('farcaster_channel_not_found');
    return row;
  }

  private completionOf(row: { completion: string | null }): CompletedChannel | null {
    return row.completion === null
      ? null
      : (JSON.parse(this.secrets.decrypt(row.completion)) as CompletedChannel);
  }

  /** The channel's state; once completed, what the relay said (kept: the relay answers it only once). */
  async status(appId: string, channelToken: string): Promise<FarcasterStatusResponse> {
    const row = await this.channel(appId, channelToken);
    const kept = this.completionOf(row);
    if (kept) return statusOf(kept);
    if (Number(row.expires_at) <= this.now()) throw new ApiError('farcaster_channel_not_found');
    const { relayUrl } = await this.settings.endpoints(appId);
    const answer = await this.relay.status(relayUrl, channelToken);
    if (answer.state === 'pending') return PENDING;
    const { state: _state, ...completed } = answer;
    await this.db
      .updateTable('farcaster_channels')
      .set({ completion: this.secrets.encrypt(JSON.stringify(completed)) })
      .where('channel_hash', '=', row.channel_hash)
      .execute();
    return statusOf(completed);
  }

  /** Checks a signed message for its channel; spends the channel's nonce when everything holds. */
  async verify(context: FarcasterRequestContext, proof: FarcasterProof): Promise<VerifiedFarcaster> {
    const row = await this.channel(context.appId, proof.channel_token);
    const message = checkSiwfMessage(proof.message, {
      domain: row.domain,
      uri: row.siwe_uri,
      fid: proof.fid,
      origin: context.origin,
      allowedOrigins: context.allowedOrigins,
      now: this.now(),
      maxAgeMs: FARCASTER_CHANNEL_TTL_MS,
    });
    if (!Secrets.same(this.nonceHash(context.appId, row.channel_hash, message.nonce), row.nonce_hash)) {
      throw new ApiError('invalid_farcaster_nonce');
    }
    const { rpcUrl } = await this.settings.endpoints(context.appId);
    const custody = await custodyOf(rpcUrl, proof.fid);
    if (custody === null) {
      throw new ApiError('invalid_farcaster_signature', `Farcaster account ${proof.fid} is not registered.`);
    }
    const signed =
      message.address.toLowerCase() === custody.toLowerCase() &&
      (await isSignedBy(custody, proof.message, proof.signature, SIWF_CHAIN_ID, rpcUrl));
    if (!signed) throw new ApiError('invalid_farcaster_signature');
    await this.consume(row.channel_hash);
    const completed = this.completionOf(row);
    const profile = completed?.fid === proof.fid ? completed : null;
    return { fid: proof.fid, custody, profile };
  }

  /** Spends the channel's nonce at once (one UPDATE); invalid_farcaster_nonce when it was used or expired. */
  private async consume(channelHash: string): Promise<void> {
    const now = this.now();
    const result = await this.db
      .updateTable('farcaster_channels')
      .set({ consumed_at: now })
      .where('channel_hash', '=', channelHash)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new ApiError('invalid_farcaster_nonce');
  }

  /** Deletes channels past their expiry. */
  async sweep(): Promise<void> {
    await this.db.deleteFrom('farcaster_channels').where('expires_at', '<=', this.now()).execute();
  }
}

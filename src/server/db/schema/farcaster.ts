/** The Sign In With Farcaster and signer tables (migration 0012, services/farcaster). */
import type { Millis, NullableMillis } from './columns.js';

/**
 * A Sign In With Farcaster channel this provider opened at the relay (services/farcaster): the
 * nonce it issued for it, the domain and URI the message must name, and, once the relay said
 * `completed`, what it answered (the relay forgets a channel after answering it once).
 */
export interface FarcasterChannelsTable {
  /** HMAC-SHA256 of app|channel token, hex: the token itself is a bearer credential. */
  channel_hash: string;
  app_id: string;
  /** HMAC-SHA256 of app|channel hash|nonce, hex. */
  nonce_hash: string;
  /** The host (and port) of the page that opened the channel. */
  domain: string;
  /** The origin of that page: the message's URI. */
  siwe_uri: string;
  /** The relay's completed answer (JSON), AES-256-GCM under the server secret; null while pending. */
  completion: string | null;
  expires_at: Millis;
  consumed_at: NullableMillis;
  created_at: Millis;
}

/**
 * A signer (Ed25519 key made in the user's wallet frame) this app asked the user to approve
 * through the signed key request API; its approval sets the `farcaster` account's signer key.
 */
export interface FarcasterSignersTable {
  id: string;
  app_id: string;
  user_id: string;
  /** 0x + 64 lowercase hex digits. */
  public_key: string;
  /** The signed key request's token (polls its state), AES-256-GCM under the server secret. */
  request_token: string;
  approval_url: string;
  /** The EIP-712 deadline of the request, in milliseconds. */
  deadline: Millis;
  /** pending_approval, approved or revoked. */
  status: string;
  created_at: Millis;
  updated_at: Millis;
}

export interface FarcasterTables {
  farcaster_channels: FarcasterChannelsTable;
  farcaster_signers: FarcasterSignersTable;
}

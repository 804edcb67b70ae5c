import type { ColumnType, Kysely, Migration } from 'kysely';

/** As in schema.ts (not imported from there: schema.ts includes these tables). */
type Millis = ColumnType<number | string | bigint, number, number>;
type NullableMillis = ColumnType<number | string | bigint | null, number | null, number | null>;

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

export const farcasterMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('farcaster_channels')
      .addColumn('channel_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('nonce_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('domain', 'varchar(512)', (c) => c.notNull())
      .addColumn('siwe_uri', 'varchar(512)', (c) => c.notNull())
      .addColumn('completion', 'text')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('farcaster_channels_expires_idx')
      .on('farcaster_channels')
      .column('expires_at')
      .execute();

    await db.schema
      .createTable('farcaster_signers')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull().references('apps.id').onDelete('cascade'))
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('public_key', 'varchar(66)', (c) => c.notNull())
      .addColumn('request_token', 'text', (c) => c.notNull())
      .addColumn('approval_url', 'text', (c) => c.notNull())
      .addColumn('deadline', 'bigint', (c) => c.notNull())
      .addColumn('status', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('farcaster_signers_key_unique', ['app_id', 'user_id', 'public_key'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('farcaster_signers').ifExists().execute();
    await db.schema.dropTable('farcaster_channels').ifExists().execute();
  },
};

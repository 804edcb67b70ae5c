import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Clock } from '../clock.js';

/** Prefix of an app's server-to-server secret: recognisable in a leaked file or a secret scanner. */
const SECRET_PREFIX = 'gh_sk_';

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** Compared against when the app has no secret, so a missing app or secret takes as long as a wrong one. */
const NO_SECRET_HASH = sha256('no secret').toString('hex');

/**
 * The apps' secrets for the server-to-server API (`gatehouse apps secret <id>`): 32 random bytes,
 * shown once; only their SHA-256 is stored (a high-entropy secret needs no slow hash), compared in
 * constant time.
 */
export class AppApiSecrets {
  constructor(
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  /** Creates the app's secret, or replaces it (the old one stops working at once); the secret to show once. */
  async rotate(appId: string, executor: Db = this.db): Promise<string> {
    const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = { app_id: appId, secret_hash: sha256(secret).toString('hex'), created_at: this.now() };
    await executor
      .insertInto('app_api_secrets')
      .values(row)
      .onConflict((conflict) =>
        conflict.column('app_id').doUpdateSet({ secret_hash: row.secret_hash, created_at: row.created_at }),
      )
      .execute();
    return secret;
  }

  /** Whether the app has a secret (read in `executor`, a transaction of the caller's, or not). */
  async has(appId: string, executor: Db = this.db): Promise<boolean> {
    const row = await executor
      .selectFrom('app_api_secrets')
      .select('app_id')
      .where('app_id', '=', appId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether `secret` is the app's current secret. */
  async verify(appId: string, secret: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('app_api_secrets')
      .select('secret_hash')
      .where('app_id', '=', appId)
      .executeTakeFirst();
    const expected = Buffer.from(row?.secret_hash ?? NO_SECRET_HASH, 'hex');
    return timingSafeEqual(expected, sha256(secret)) && row !== undefined;
  }
}

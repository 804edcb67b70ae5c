/**
 * The challenges of passkey ceremonies (protocol/passkey.ts): PASSKEY_CHALLENGE_BYTES random bytes,
 * stored as a keyed hash with their app, purpose and user, live PASSKEY_CHALLENGE_TTL_MS, and
 * consumed by the first answer that names them, right or wrong (one UPDATE: two racing answers
 * cannot both use one). A login's or sign-up's also keeps when its captcha was passed: the next
 * try may name it instead of a new captcha while that is less than PASSKEY_CHALLENGE_TTL_MS ago.
 */
import { randomBytes } from 'node:crypto';
import { PASSKEY_CHALLENGE_BYTES, PASSKEY_CHALLENGE_TTL_MS } from '../../../protocol/passkey.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../errors.js';
import type { Clock } from '../clock.js';
import type { Secrets } from '../crypto.js';

/** `mfa_enroll`: a user's passkey enrolled as their MFA method (issued after that change's step-up). */
export type ChallengePurpose = 'login' | 'signup' | 'link' | 'verify' | 'mfa_enroll';

/** Who a challenge was issued to: the user of a link or a verification, the user handle of a registration. */
export interface ChallengeHolder {
  userId: string | null;
  userHandle: string | null;
}

/** The challenge a client sent back, read from its clientDataJSON (before any verification). */
export function challengeOf(clientDataJSON: unknown): string {
  try {
    if (typeof clientDataJSON !== 'string') throw new Error('not a string');
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const challenge = (parsed as { challenge?: unknown } | null)?.challenge;
    if (typeof challenge === 'string' && challenge !== '') return challenge;
  } catch {}
  throw new ApiError('passkey_verification_failed');
}

export class PasskeyChallenges {
  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly now: Clock,
  ) {}

  private hash(challenge: string): string {
    return this.secrets.hash('passkey-challenge', challenge);
  }

  /**
   * A new challenge (base64url) for this app, purpose and holder; a login's or sign-up's records
   * its captcha as passed at `gatePassedAt` (a previous try's) or now.
   */
  async issue(
    appId: string,
    purpose: ChallengePurpose,
    holder: ChallengeHolder,
    gatePassedAt?: number,
  ): Promise<string> {
    const challenge = randomBytes(PASSKEY_CHALLENGE_BYTES).toString('base64url');
    const now = this.now();
    const gated = purpose === 'login' || purpose === 'signup';
    await this.db
      .insertInto('passkey_challenges')
      .values({
        challenge_hash: this.hash(challenge),
        app_id: appId,
        purpose,
        user_id: holder.userId,
        user_handle: holder.userHandle,
        created_at: now,
        expires_at: now + PASSKEY_CHALLENGE_TTL_MS,
        consumed_at: null,
        gate_passed_at: gated ? (gatePassedAt ?? now) : null,
      })
      .execute();
    return challenge;
  }

  /**
   * Uses the challenge: its holder when it was issued to this app for this purpose (and this user,
   * when one is named), live and unused; 400 invalid_passkey_challenge otherwise.
   */
  async consume(
    appId: string,
    purpose: ChallengePurpose,
    challenge: string,
    userId: string | null = null,
  ): Promise<ChallengeHolder> {
    const now = this.now();
    const hash = this.hash(challenge);
    let query = this.db
      .updateTable('passkey_challenges')
      .set({ consumed_at: now })
      .where('challenge_hash', '=', hash)
      .where('app_id', '=', appId)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now);
    if (userId !== null) query = query.where('user_id', '=', userId);
    const result = await query.executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new ApiError('invalid_passkey_challenge');
    const row = await this.db
      .selectFrom('passkey_challenges')
      .select(['user_id', 'user_handle'])
      .where('challenge_hash', '=', hash)
      .executeTakeFirstOrThrow();
    return { userId: row.user_id, userHandle: row.user_handle };
  }

  /**
   * When the captcha of the visitor's try that got `challenge` (a login's or sign-up's of this app,
   * used or not) was passed, while that is less than PASSKEY_CHALLENGE_TTL_MS ago; else null.
   */
  async gatePassedAt(appId: string, challenge: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('passkey_challenges')
      .select('gate_passed_at')
      .where('challenge_hash', '=', this.hash(challenge))
      .where('app_id', '=', appId)
      .where('purpose', 'in', ['login', 'signup'])
      .where('gate_passed_at', '>', this.now() - PASSKEY_CHALLENGE_TTL_MS)
      .executeTakeFirst();
    return row?.gate_passed_at == null ? null : Number(row.gate_passed_at);
  }

  /** Deletes expired challenges. */
  async sweep(): Promise<void> {
    await this.db.deleteFrom('passkey_challenges').where('expires_at', '<=', this.now()).execute();
  }
}

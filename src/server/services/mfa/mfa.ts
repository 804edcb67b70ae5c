/**
 * Two-step verification on the provider (§4.8, §6): the user's enrolled methods (authenticator
 * secret or phone number, encrypted at rest), enrolment, verification within a challenge
 * (mfa-challenges.ts), and the proofs a verification yields.
 *
 * A proof is 32 random bytes, stored as an HMAC, bound to the app, the user and the session (`sid`)
 * of the access token that verified, and valid MFA_PROOF_TTL_MS. Removing a method or enrolling a
 * second one needs a proof at most MFA_FRESH_PROOF_MS old.
 */
import type { MfaMethodWire } from '../../../protocol/api.js';
import { CODE_TTL_MS } from '../../../protocol/constants.js';
import { MFA_CODE_WAIT_MS, type MfaMethod } from '../../../protocol/mfa.js';
import type { MfaProofResponse } from '../../../protocol/mfa-api.js';
import { maskPhone } from '../../../protocol/step-up.js';
import { type Db, toNumber } from '../../db/database.js';
import { ApiError } from '../../errors.js';
import { type Clock, unixSeconds } from '../clock.js';
import { randomToken, type Secrets } from '../crypto.js';
import type { CodeService } from '../login/codes.js';
import type { EnrolledMfa } from '../step-up/step-up-factors.js';
import { enrolledMfaMethods } from '../users/user-queries.js';
import type { WebhookOutbox } from '../webhooks/outbox.js';
import { MfaChallenges } from './mfa-challenges.js';
import { MfaSecrets } from './mfa-secrets.js';
import { matchTotpStep, newTotpSecret } from './totp.js';

/**
 * How long a proof works: long enough that a person signing a few things in a row (approve, then
 * swap) is asked once, short enough that a proof left in an open frame, or taken from it, soon
 * stops working. Its session bounds it too: logout or revocation ends it at once.
 */
export const MFA_PROOF_TTL_MS = 15 * 60_000;
/** Removing a method, or enrolling another one, needs a proof at most this old. */
export const MFA_FRESH_PROOF_MS = 5 * 60_000;
/** A pending authenticator secret waits this long for its first code (time to scan the QR). */
const MFA_ENROLMENT_TTL_MS = CODE_TTL_MS;

export class MfaService {
  readonly challenges: MfaChallenges;

  /** `keys`: the step-up key's (stepUpSecrets); `sealed`: the methods' secrets under it (mfa-secrets.ts). */
  constructor(
    private readonly db: Db,
    private readonly keys: Secrets,
    private readonly codes: CodeService,
    private readonly now: Clock,
    /** Queues `mfa.enrolled` for the app's webhook. */
    private readonly webhooks?: WebhookOutbox,
    readonly sealed: MfaSecrets = new MfaSecrets(keys),
  ) {
    this.challenges = new MfaChallenges(db, now);
  }

  private seal(userId: string, type: MfaMethod, value: string): string {
    return this.sealed.seal(userId, type, value);
  }

  private open(row: { user_id: string; type: string; secret: string }): string {
    return this.sealed.open(row);
  }

  /** The enrolled methods as step-up factors (step-up-factors.ts): the sms number masked. */
  async enrolledFactors(userId: string): Promise<EnrolledMfa[]> {
    const rows = await this.db
      .selectFrom('mfa_methods')
      .selectAll()
      .where('user_id', '=', userId)
      .where('verified_at', 'is not', null)
      .execute();
    // A passkey approves a step-up as the `passkey` factor already (one per user, not per method).
    return rows
      .filter((row) => row.type === 'totp' || row.type === 'sms')
      .map((row) => ({
        type: row.type as EnrolledMfa['type'],
        label: row.type === 'sms' ? maskPhone(this.open(row)) : '',
        verifiedAt: toNumber(row.verified_at ?? 0),
        steppedUp: toNumber(row.stepped_up) === 1,
      }));
  }

  private method(userId: string, type: MfaMethod, db: Db = this.db) {
    return db
      .selectFrom('mfa_methods')
      .selectAll()
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .executeTakeFirst();
  }

  private async enrolledRow(userId: string, type: MfaMethod, db: Db = this.db) {
    const row = await this.method(userId, type, db);
    if (!row || row.verified_at === null) throw new ApiError('mfa_not_enrolled');
    return row;
  }

  /** Whether the user has enrolled `type`. */
  async hasEnrolled(userId: string, type: MfaMethod): Promise<boolean> {
    const row = await this.method(userId, type);
    return row !== undefined && row.verified_at !== null;
  }

  /** Refuses a method the user has not enrolled (mfa_not_enrolled). */
  async requireEnrolled(userId: string, type: MfaMethod): Promise<void> {
    await this.enrolledRow(userId, type);
  }

  /** Records `passkey` for the user once one of their passkeys (`credentialId`) answered a challenge. */
  async enrollPasskey(appId: string, userId: string, credentialId: string): Promise<void> {
    await this.store(appId, userId, 'passkey', credentialId, {});
  }

  /** The user's enrolled methods as the wire writes them (§3), oldest first. */
  enrolled(userId: string): Promise<MfaMethodWire[]> {
    return enrolledMfaMethods(this.db, userId);
  }

  /** Refuses a method the user has already enrolled. */
  async refuseEnrolled(userId: string, type: MfaMethod): Promise<void> {
    const row = await this.method(userId, type);
    if (row && row.verified_at !== null) throw new ApiError('mfa_already_enrolled');
  }

  /** Stores a method: pending (`verified` undefined) or enrolled; never over an enrolled one. */
  private async store(
    appId: string,
    userId: string,
    type: MfaMethod,
    value: string,
    verified?: { step?: number },
  ) {
    const now = this.now();
    // A user with an embedded wallet enrols only after a step-up (routes/mfa.ts): a factor at once.
    const wallet = await this.db
      .selectFrom('embedded_wallets')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const fields = {
      app_id: appId,
      secret: this.seal(userId, type, value),
      last_step: verified?.step ?? null,
      created_at: now,
      verified_at: verified ? now : null,
      stepped_up: wallet ? 1 : 0,
    };
    // No lock: the check (not enrolled yet) is the upsert's own condition.
    await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .insertInto('mfa_methods')
        .values({ user_id: userId, type, ...fields })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'type'])
            .doUpdateSet(fields)
            .where('mfa_methods.verified_at', 'is', null),
        )
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) throw new ApiError('mfa_already_enrolled');
      if (verified)
        await this.webhooks?.enqueue(trx, appId, 'mfa.enrolled', { user_id: userId, method: type });
    });
  }

  /** A new authenticator secret, pending until `enrollTotp` gets its first right code. */
  async beginTotp(appId: string, userId: string): Promise<string> {
    await this.refuseEnrolled(userId, 'totp');
    const secret = newTotpSecret();
    await this.store(appId, userId, 'totp', secret);
    return secret;
  }

  async enrollTotp(appId: string, userId: string, code: string): Promise<void> {
    const row = await this.method(userId, 'totp');
    if (row && row.verified_at !== null) throw new ApiError('mfa_already_enrolled');
    if (!row || toNumber(row.created_at) + MFA_ENROLMENT_TTL_MS <= this.now()) {
      throw new ApiError('invalid_data', 'No authenticator enrolment is in progress; start again.');
    }
    const step = matchTotpStep(this.open(row), code, this.now());
    if (step === undefined) throw new ApiError('invalid_mfa_code');
    await this.store(appId, userId, 'totp', this.open(row), { step });
  }

  /** An authenticator code within the user's challenge; a code of a step already used is refused. */
  async verifyTotp(appId: string, userId: string, code: string): Promise<void> {
    const row = await this.enrolledRow(userId, 'totp');
    const secret = this.open(row);
    await this.challenges.attempt(appId, userId, 'totp', async () => {
      const step = matchTotpStep(secret, code, this.now());
      if (step === undefined) return false;
      const used = await this.db
        .updateTable('mfa_methods')
        .set({ last_step: step })
        .where('user_id', '=', userId)
        .where('type', '=', 'totp')
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(used.numUpdatedRows) === 1;
    });
  }

  /** A code for enrolling `number` (E.164), bound to the user and the number. */
  async smsEnrolmentCode(appId: string, userId: string, number: string): Promise<string> {
    await this.refuseEnrolled(userId, 'sms');
    return this.codes.issue(appId, 'mfa_sms_enroll', `${userId}:${number}`, MFA_CODE_WAIT_MS);
  }

  async enrollSms(appId: string, userId: string, number: string, code: string): Promise<void> {
    await this.refuseEnrolled(userId, 'sms');
    if (!(await this.codes.verify(appId, 'mfa_sms_enroll', `${userId}:${number}`, code))) {
      throw new ApiError('invalid_mfa_code');
    }
    await this.store(appId, userId, 'sms', number, {});
  }

  /** Opens (or keeps) the user's SMS challenge and gives its code and the enrolled number. */
  async smsVerificationCode(appId: string, userId: string): Promise<{ number: string; code: string }> {
    const number = this.open(await this.enrolledRow(userId, 'sms'));
    await this.challenges.openForSms(appId, userId);
    const code = await this.codes.issue(appId, 'mfa_sms_verify', userId, MFA_CODE_WAIT_MS);
    return { number, code };
  }

  async verifySms(appId: string, userId: string, code: string): Promise<void> {
    await this.enrolledRow(userId, 'sms');
    await this.challenges.attempt(appId, userId, 'sms', () =>
      this.codes.verify(appId, 'mfa_sms_verify', userId, code),
    );
  }

  /** Removes an enrolled method; with none left, the user's proofs and challenge go too. */
  /** `within`: a transaction of the caller's (the console's, which audits the removal in it). */
  async unenroll(userId: string, type: MfaMethod, within?: Db): Promise<void> {
    const db = within ?? this.db;
    await this.enrolledRow(userId, type, db);
    await db.deleteFrom('mfa_methods').where('user_id', '=', userId).where('type', '=', type).execute();
    if ((await enrolledMfaMethods(db, userId)).length > 0) return;
    // Pending enrolments too: adding a method afresh starts from no MFA.
    await db.deleteFrom('mfa_methods').where('user_id', '=', userId).execute();
    await db.deleteFrom('mfa_proofs').where('user_id', '=', userId).execute();
    await this.challenges.forget(userId, db);
  }

  async issueProof(appId: string, userId: string, sessionId: string): Promise<MfaProofResponse> {
    const proof = randomToken();
    const now = this.now();
    const expiresAt = now + MFA_PROOF_TTL_MS;
    await this.db
      .insertInto('mfa_proofs')
      .values({
        proof_hash: this.keys.hash('mfa-proof', proof),
        app_id: appId,
        user_id: userId,
        session_id: sessionId,
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
    return { proof, expires_at: unixSeconds(expiresAt) };
  }

  /** Whether `proof` is a live proof of this app, user and session, at most `maxAgeMs` old. */
  async checkProof(
    appId: string,
    userId: string,
    sessionId: string,
    proof: string,
    maxAgeMs = MFA_PROOF_TTL_MS,
  ): Promise<boolean> {
    if (proof.length === 0 || proof.length > 128) return false;
    const row = await this.db
      .selectFrom('mfa_proofs')
      .selectAll()
      .where('proof_hash', '=', this.keys.hash('mfa-proof', proof))
      .executeTakeFirst();
    const now = this.now();
    return (
      row !== undefined &&
      row.app_id === appId &&
      row.user_id === userId &&
      row.session_id === sessionId &&
      toNumber(row.expires_at) > now &&
      now - toNumber(row.created_at) <= maxAgeMs
    );
  }

  async sweep(): Promise<void> {
    const now = this.now();
    await this.db.deleteFrom('mfa_proofs').where('expires_at', '<=', now).execute();
    await this.db
      .deleteFrom('mfa_methods')
      .where('verified_at', 'is', null)
      .where('created_at', '<=', now - MFA_ENROLMENT_TTL_MS)
      .execute();
    await this.challenges.sweep();
  }
}

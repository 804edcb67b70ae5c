/**
 * Passkeys (protocol/passkey.ts) through `@simplewebauthn/server`: the options of every ceremony
 * and the checks of its answer. The RP ID is the provider's public host and the expected origin
 * its public origin (the surface runs there, in a frame of the app's page: that page is the
 * ceremony's top origin, one of the app's allowed origins). Registrations ask for a resident key
 * and user verification, without attestation; every answer must carry user verification. A
 * passkey keeps its public key, counter, backup flags and transports; a counter that goes back
 * is refused.
 */
import type * as WebAuthn from '@simplewebauthn/server';
import type { Selectable } from 'kysely';
import { PASSKEY_ACCOUNT_TYPE, type PasskeyOptionsJSON } from '../../../protocol/passkey.js';
import type { Db } from '../../db/database.js';
import { toNumber } from '../../db/database.js';
import type { PasskeysTable } from '../../db/schema/passkeys.js';
import { ApiError } from '../../errors.js';
import type { Clock } from '../clock.js';
import { randomId, type Secrets } from '../crypto.js';
import { authenticatorName } from './authenticator-names.js';
import type { NewPasskey } from './passkey-account.js';
import { type ChallengePurpose, challengeOf, PasskeyChallenges } from './passkey-challenges.js';
import { type CeremonyAnswer, checkedAnswer, relyingParty, transportsOf } from './passkey-input.js';

export type StoredPasskey = Selectable<PasskeysTable>;

/** The app a ceremony is for: its name (the RP name) and the origins its pages may run it from. */
export interface CeremonyApp {
  id: string;
  name: string;
  allowedOrigins: readonly string[];
}

type VerifyAuthentication = Parameters<typeof WebAuthn.verifyAuthenticationResponse>[0];
type VerifyRegistration = Parameters<typeof WebAuthn.verifyRegistrationResponse>[0];

/** The WebAuthn library, loaded on the first ceremony (it weighs on every start otherwise). */
let library: Promise<typeof WebAuthn> | undefined;
const webauthn = () => {
  library ??= import('@simplewebauthn/server');
  return library;
};
type AuthenticatorTransportFuture = NonNullable<VerifyAuthentication['credential']['transports']>[number];

const failed = () => new ApiError('passkey_verification_failed');
const bytes = (base64url: string) => new Uint8Array(Buffer.from(base64url, 'base64url'));

export class PasskeyService {
  readonly challenges: PasskeyChallenges;
  private readonly rp: { id: string; origin: string };

  constructor(
    private readonly db: Db,
    secrets: Secrets,
    private readonly now: Clock,
    publicUrl: string,
  ) {
    this.challenges = new PasskeyChallenges(db, secrets, now);
    this.rp = relyingParty(publicUrl);
  }

  /** The user's passkeys in the app, oldest first. */
  ofUser(appId: string, userId: string): Promise<StoredPasskey[]> {
    return this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  private descriptors(passkeys: StoredPasskey[]) {
    return passkeys.map((passkey) => ({
      id: passkey.credential_id,
      transports: JSON.parse(passkey.transports) as AuthenticatorTransportFuture[],
    }));
  }

  /**
   * Options to create a passkey: for a sign-up (`user` null: a new user handle), or a link to the
   * user (the handle of their passkeys, and those excluded).
   */
  async registrationOptions(
    app: CeremonyApp,
    user: { id: string; name: string } | null,
    gatePassedAt?: number,
  ): Promise<PasskeyOptionsJSON> {
    const existing = user ? await this.ofUser(app.id, user.id) : [];
    const userHandle = existing[0]?.user_handle ?? randomId(32);
    const purpose: ChallengePurpose = user ? 'link' : 'signup';
    const holder = { userId: user?.id ?? null, userHandle };
    const challenge = await this.challenges.issue(app.id, purpose, holder, gatePassedAt);
    const options = await (await webauthn()).generateRegistrationOptions({
      rpName: app.name,
      rpID: this.rp.id,
      userName: user?.name ?? `${app.name} account`,
      userID: new TextEncoder().encode(userHandle),
      challenge: bytes(challenge),
      attestationType: 'none',
      excludeCredentials: this.descriptors(existing),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      // `prf`: every new passkey gets its PRF (hmac-secret) made with it, so any of them can later
      // protect a wallet's recovery (an authenticator makes none for a credential made without).
      extensions: { credProps: true, prf: {} },
    });
    return options as unknown as PasskeyOptionsJSON;
  }

  /**
   * Options to assert a passkey: any of the provider's for a login, one of the user's for a
   * verification (or, `mfa_enroll`, for enrolling passkey as the user's MFA method).
   */
  async authenticationOptions(
    appId: string,
    userId: string | null,
    userPurpose: 'verify' | 'mfa_enroll' = 'verify',
    gatePassedAt?: number,
  ): Promise<PasskeyOptionsJSON> {
    const passkeys = userId === null ? [] : await this.ofUser(appId, userId);
    if (userId !== null && passkeys.length === 0) throw new ApiError('passkey_not_found');
    const purpose: ChallengePurpose = userId === null ? 'login' : userPurpose;
    const challenge = await this.challenges.issue(appId, purpose, { userId, userHandle: null }, gatePassedAt);
    const options = await (await webauthn()).generateAuthenticationOptions({
      rpID: this.rp.id,
      challenge: bytes(challenge),
      userVerification: 'required',
      ...(userId === null ? {} : { allowCredentials: this.descriptors(passkeys) }),
    });
    return options as unknown as PasskeyOptionsJSON;
  }

  /** A registration's answer checked against its challenge (consumed): the passkey it made. */
  async verifyRegistration(
    app: CeremonyApp,
    purpose: 'signup' | 'link',
    userId: string | null,
    raw: unknown,
  ): Promise<NewPasskey> {
    const answer = checkedAnswer(raw, app.allowedOrigins);
    const challenge = challengeOf(answer.response.clientDataJSON);
    const holder = await this.challenges.consume(app.id, purpose, challenge, userId);
    const { verifyRegistrationResponse } = await webauthn();
    let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
    try {
      const result = await verifyRegistrationResponse({
        response: answer as unknown as VerifyRegistration['response'],
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.id,
        requireUserVerification: true,
      });
      info = result.verified ? result.registrationInfo : undefined;
    } catch {
      throw failed();
    }
    if (!info || holder.userHandle === null) throw failed();
    const { credential } = info;
    // The id the answer claims is the one the authenticator made.
    if (credential.id !== answer.id) throw failed();
    if (await this.find(app.id, credential.id)) throw new ApiError('passkey_already_linked');
    return {
      credentialId: credential.id,
      userHandle: holder.userHandle,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: transportsOf(answer),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      aaguid: info.aaguid,
    };
  }

  /** The app's passkey with this credential id, if any. */
  find(appId: string, credentialId: string): Promise<StoredPasskey | undefined> {
    return this.db
      .selectFrom('passkeys')
      .selectAll()
      .where('app_id', '=', appId)
      .where('credential_id', '=', credentialId)
      .executeTakeFirst();
  }

  /**
   * An assertion checked against its challenge (consumed) and the stored passkey (of `userId` when
   * named); the passkey's counter, backup state and last use move, and so does its linked account's
   * latest verification.
   */
  async verifyAssertion(
    app: CeremonyApp,
    purpose: 'login' | 'verify' | 'mfa_enroll',
    userId: string | null,
    raw: unknown,
  ): Promise<StoredPasskey> {
    const answer = checkedAnswer(raw, app.allowedOrigins);
    const challenge = challengeOf(answer.response.clientDataJSON);
    await this.challenges.consume(app.id, purpose, challenge, userId);
    const passkey = await this.find(app.id, answer.id);
    if (!passkey || (userId !== null && passkey.user_id !== userId)) {
      throw new ApiError('passkey_not_found');
    }
    const handle = answer.response.userHandle;
    if (typeof handle === 'string' && handle !== '' && handle !== userHandleOf(passkey)) throw failed();
    const { newCounter, backedUp } = await this.checkAssertion(answer, challenge, passkey, app);
    const at = this.now();
    const moved = await this.db
      .updateTable('passkeys')
      .set({ counter: newCounter, backed_up: backedUp ? 1 : 0, last_used_at: at })
      .where('id', '=', passkey.id)
      .where('counter', '=', passkey.counter)
      .executeTakeFirst();
    // Another answer moved the counter meanwhile: only one of two racing assertions counts.
    if (Number(moved.numUpdatedRows) !== 1) throw failed();
    await this.db
      .updateTable('linked_accounts')
      .set({ latest_verified_at: at })
      .where('id', '=', passkey.account_id)
      .execute();
    return { ...passkey, counter: newCounter, backed_up: backedUp ? 1 : 0, last_used_at: at };
  }

  private async checkAssertion(
    answer: CeremonyAnswer,
    challenge: string,
    passkey: StoredPasskey,
    app: CeremonyApp,
  ): Promise<{ newCounter: number; backedUp: boolean }> {
    const { verifyAuthenticationResponse } = await webauthn();
    try {
      const result = await verifyAuthenticationResponse({
        response: answer as unknown as VerifyAuthentication['response'],
        expectedChallenge: challenge,
        expectedOrigin: this.rp.origin,
        expectedRPID: this.rp.id,
        expectedTopOrigin: [...app.allowedOrigins],
        requireUserVerification: true,
        credential: {
          id: passkey.credential_id,
          publicKey: bytes(passkey.public_key),
          counter: toNumber(passkey.counter),
          transports: JSON.parse(passkey.transports) as AuthenticatorTransportFuture[],
        },
      });
      if (!result.verified || !result.authenticationInfo.userVerified) throw failed();
      const { newCounter, credentialBackedUp } = result.authenticationInfo;
      return { newCounter, backedUp: credentialBackedUp };
    } catch {
      throw failed();
    }
  }

  /** Stores a verified passkey for the user, tied to its linked account (inserted just before, in `trx`). */
  async insert(trx: Db, appId: string, userId: string, passkey: NewPasskey): Promise<void> {
    const account = await trx
      .selectFrom('linked_accounts')
      .select('id')
      .where('app_id', '=', appId)
      .where('type', '=', PASSKEY_ACCOUNT_TYPE)
      .where('subject', '=', passkey.credentialId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!account) throw new ApiError('passkey_already_linked');
    await trx
      .insertInto('passkeys')
      .values({
        id: randomId(25),
        app_id: appId,
        user_id: userId,
        account_id: account.id,
        credential_id: passkey.credentialId,
        user_handle: passkey.userHandle,
        public_key: passkey.publicKey,
        counter: passkey.counter,
        transports: JSON.stringify(passkey.transports),
        device_type: passkey.deviceType,
        backed_up: passkey.backedUp ? 1 : 0,
        aaguid: passkey.aaguid,
        authenticator_name: authenticatorName(passkey.aaguid),
        created_at: this.now(),
        last_used_at: null,
      })
      .execute();
  }

  sweep(): Promise<void> {
    return this.challenges.sweep();
  }
}

/** The user handle as the authenticator returns it (base64url of the handle's bytes). */
const userHandleOf = (passkey: StoredPasskey) =>
  Buffer.from(passkey.user_handle, 'utf8').toString('base64url');

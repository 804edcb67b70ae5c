import { createPrivateKey, type JsonWebKey, type KeyObject, sign } from 'node:crypto';
import { type CryptoKey, createLocalJWKSet, errors, exportSPKI, importJWK, type JWK, jwtVerify } from 'jose';
import type { AccessTokenClaims } from '../../../protocol/api.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  USER_DID_PREFIX,
} from '../../../protocol/constants.js';
import type { JwksResponse, SigningJwk } from '../../../protocol/server-api.js';
import { type Db, lockedTransaction } from '../../db/database.js';
import { lockKeys } from '../../db/lock-keys.js';
import { ApiError } from '../../errors.js';
import { type Clock, unixSeconds } from '../clock.js';
import type { Secrets } from '../crypto.js';
import {
  SIGNING_ALG as ALG,
  KEY_REFRESH_MS,
  newSigningKeyRow,
  type SigningKeyRow,
  signerOf,
  signingKeyRows,
} from './signing-keys.js';

/**
 * Access tokens remembered after one full check, so a token's ECDSA signature is verified once per
 * process, not on every call (it cost more than a whole authenticated read besides).
 */
const VERIFIED_CACHE_SIZE = 10_000;

interface ActiveKey {
  kid: string;
  privateKey: KeyObject;
  /** The protected header, base64url: the same for every token of this key. */
  header: string;
  /** SPKI PEM, the app configuration's `verification_key`. */
  pem: string;
}

/** An access token that verified: its claims and the user id inside `sub`. */
export interface VerifiedToken {
  claims: AccessTokenClaims;
  userId: string;
}

function toSigningJwk(jwk: JWK, kid: string): SigningJwk {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.x || !jwk.y)
    throw new Error(`Signing key ${kid} is not P-256`);
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, kid, alg: ALG, use: 'sig' };
}

/** The signing half of a key row, decrypted once per process. */
async function activeKeyOf(row: SigningKeyRow, secrets: Secrets): Promise<ActiveKey> {
  let privateJwk: JWK;
  try {
    privateJwk = JSON.parse(secrets.decrypt(row.private_jwk)) as JWK;
  } catch {
    throw new Error(
      'Cannot decrypt the token signing key: the server secret (GATEHOUSE_SECRET or secret.key) is not the one this database was created with.',
    );
  }
  const privateKey = createPrivateKey({ key: privateJwk as JsonWebKey, format: 'jwk' });
  const publicKey = (await importJWK(JSON.parse(row.public_jwk) as JWK, ALG)) as CryptoKey;
  const header = base64url(JSON.stringify({ alg: ALG, kid: row.kid, typ: 'JWT' }));
  return { kid: row.kid, privateKey, header, pem: await exportSPKI(publicKey) };
}

const jwksOf = (rows: readonly SigningKeyRow[]): JwksResponse => ({
  keys: rows.map((row) => toSigningJwk(JSON.parse(row.public_jwk) as JWK, row.kid)),
});

/**
 * ES256 access tokens. One signing key serves every app (`aud` tells them apart); it is created
 * on first start and kept in the database, its private half encrypted under the server secret.
 * Every process reads the keys again at most KEY_REFRESH_MS after its last read, so a key added
 * or retired by `gatehouse keys` counts everywhere within seconds, and the newest key past its
 * `signs_from` signs (services/sessions/signing-keys.ts) without a restart.
 */
export class TokenService {
  private keySet: ReturnType<typeof createLocalJWKSet>;
  private jwks: JwksResponse;
  private refreshedAt: number;
  private refreshing: Promise<void> | undefined;
  /** Tokens whose signature checked out, by their exact text (see verify). */
  private readonly verified = new Map<string, VerifiedToken>();

  private constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private active: ActiveKey,
    rows: readonly SigningKeyRow[],
    readonly issuer: string,
    private readonly now: Clock,
  ) {
    this.jwks = jwksOf(rows);
    this.keySet = createLocalJWKSet(this.jwks);
    this.refreshedAt = now();
  }

  /** Reads the keys again when the copy is older than KEY_REFRESH_MS (or at once with `force`). */
  private fresh(force = false): Promise<void> | undefined {
    if (!force && this.now() - this.refreshedAt < KEY_REFRESH_MS) return undefined;
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async refresh(): Promise<void> {
    this.refreshedAt = this.now();
    const rows = await signingKeyRows(this.db);
    const kids = new Set(rows.map((row) => row.kid));
    // A retired key: the tokens checked with it are checked again (and refused).
    if (this.jwks.keys.some((key) => !kids.has(key.kid))) this.verified.clear();
    this.jwks = jwksOf(rows);
    this.keySet = createLocalJWKSet(this.jwks);
    const signer = signerOf(rows, this.now());
    if (signer.kid !== this.active.kid) this.active = await activeKeyOf(signer, this.secrets);
  }

  static async load(db: Db, secrets: Secrets, issuer: string, now: Clock): Promise<TokenService> {
    // Keyed by the first key's creation, so that processes starting together agree on one key.
    const rows = await lockedTransaction(db, [lockKeys.startup('signing-key')], async (trx) => {
      const existing = await signingKeyRows(trx);
      if (existing.length > 0) return existing;
      const row = await newSigningKeyRow(secrets, now);
      await trx.insertInto('signing_keys').values(row).execute();
      return [row];
    });
    const active = await activeKeyOf(signerOf(rows, now()), secrets);
    return new TokenService(db, secrets, active, rows, issuer, now);
  }

  /** The public keys, as `GET /api/v1/apps/:appId/jwks.json` publishes them. */
  async publicKeys(): Promise<JwksResponse> {
    await this.fresh();
    return this.jwks;
  }

  get verificationKey(): string {
    return this.active.pem;
  }

  /**
   * An access token of the session; `authTime` (ms) is when the user logged in interactively.
   * Signed with node:crypto directly (compact JWS, ES256, the signature as r‖s): jose's SignJWT
   * goes through WebCrypto, which took twice the CPU (68 µs against 37 µs a token) on every login
   * and refresh. Verification stays jose's (verify).
   */
  async issue(appId: string, userId: string, sessionId: string, authTime: number): Promise<string> {
    await this.fresh();
    const iat = unixSeconds(this.now());
    const claims = {
      sid: sessionId,
      auth_time: unixSeconds(authTime),
      iss: this.issuer,
      aud: appId,
      sub: `${USER_DID_PREFIX}${userId}`,
      iat,
      exp: iat + ACCESS_TOKEN_TTL_SECONDS,
    };
    const input = `${this.active.header}.${base64url(JSON.stringify(claims))}`;
    const signature = sign('sha256', Buffer.from(input), {
      key: this.active.privateKey,
      dsaEncoding: 'ieee-p1363',
    });
    return `${input}.${signature.toString('base64url')}`;
  }

  /**
   * Checks signature, issuer, audience (the app of the request) and expiry; `allowExpired`
   * accepts a token that expired within the session lifetime (logout). Throws 401 otherwise. A
   * token seen before skips the signature (same text, same key set), never the audience or expiry;
   * whether its session is still live is the caller's check, on every call.
   */
  async verify(token: string, appId: string, { allowExpired = false } = {}): Promise<VerifiedToken> {
    const tolerance = allowExpired ? REFRESH_TOKEN_TTL_SECONDS : 0;
    await this.fresh();
    const known = this.verified.get(token);
    if (known) {
      // The same text again (a client sends its token with every call for an hour): the signature
      // and issuer were checked the first time; audience and expiry depend on the call and the time.
      if (known.claims.aud !== appId || known.claims.exp + tolerance <= unixSeconds(this.now())) {
        throw new ApiError('missing_or_invalid_token');
      }
      return known;
    }
    let verified: VerifiedToken;
    try {
      verified = await this.checkSignature(token, appId, tolerance);
    } catch (error) {
      // A kid this process has not seen (a key rotated in since its last read): read them again,
      // at most once every KEY_REFRESH_MS.
      const recently = this.now() - this.refreshedAt < KEY_REFRESH_MS;
      if (!(error instanceof errors.JWKSNoMatchingKey) || recently) {
        throw new ApiError('missing_or_invalid_token');
      }
      await this.fresh(true);
      verified = await this.checkSignature(token, appId, tolerance).catch(() => {
        throw new ApiError('missing_or_invalid_token');
      });
    }
    if (this.verified.size >= VERIFIED_CACHE_SIZE)
      this.verified.delete(this.verified.keys().next().value as string);
    this.verified.set(token, verified);
    return verified;
  }

  private async checkSignature(token: string, appId: string, tolerance: number): Promise<VerifiedToken> {
    const { payload } = await jwtVerify(token, this.keySet, {
      algorithms: [ALG],
      issuer: this.issuer,
      audience: appId,
      currentDate: new Date(this.now()),
      clockTolerance: tolerance,
      requiredClaims: ['sub', 'sid', 'iat', 'exp'],
    });
    const { sub, sid, aud } = payload;
    if (typeof sid !== 'string' || typeof aud !== 'string' || !sub?.startsWith(USER_DID_PREFIX)) {
      throw new Error('malformed claims');
    }
    return { claims: payload as unknown as AccessTokenClaims, userId: sub.slice(USER_DID_PREFIX.length) };
  }
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

import { createPrivateKey, type JsonWebKey, type KeyObject, sign } from 'node:crypto';
import { type CryptoKey, createLocalJWKSet, errors, exportSPKI, importJWK, type JWK, jwtVerify } from 'jose';
import type { AccessTokenClaims } from '../../protocol/api.js';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  USER_DID_PREFIX,
} from '../../protocol/constants.js';
import type { JwksResponse, SigningJwk } from '../../protocol/server-api.js';
import type { Db } from '../db/database.js';
import { ApiError } from '../errors.js';
import { type Clock, unixSeconds } from './clock.js';
import type { Secrets } from './crypto.js';
import { SIGNING_ALG as ALG, newSigningKeyRow, signingKeyRows } from './signing-keys.js';

/** How often at most an unknown `kid` makes a process read the signing keys again. */
const KEY_RELOAD_INTERVAL_MS = 5_000;
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

/**
 * ES256 access tokens. One signing key serves every app (`aud` tells them apart); it is created
 * on first start and kept in the database, its private half encrypted under the server secret.
 */
export class TokenService {
  private keySet: ReturnType<typeof createLocalJWKSet>;
  private reloadedAt = 0;
  /** Tokens whose signature checked out, by their exact text (see verify). */
  private readonly verified = new Map<string, VerifiedToken>();

  private constructor(
    private readonly db: Db,
    private readonly active: ActiveKey,
    public jwks: JwksResponse,
    private readonly issuer: string,
    private readonly now: Clock,
  ) {
    this.keySet = createLocalJWKSet({ keys: jwks.keys });
  }

  /**
   * Reads the public keys again (a key added by `gatehouse keys rotate` in another process, or one
   * retired), at most every KEY_RELOAD_INTERVAL_MS; true if it did.
   */
  private async reloadKeys(): Promise<boolean> {
    if (this.now() - this.reloadedAt < KEY_RELOAD_INTERVAL_MS) return false;
    this.reloadedAt = this.now();
    const rows = await signingKeyRows(this.db);
    this.jwks = { keys: rows.map((row) => toSigningJwk(JSON.parse(row.public_jwk) as JWK, row.kid)) };
    this.keySet = createLocalJWKSet({ keys: this.jwks.keys });
    return true;
  }

  static async load(db: Db, secrets: Secrets, issuer: string, now: Clock): Promise<TokenService> {
    // In a write transaction, so that processes starting together agree on one key.
    const rows = await db.transaction().execute(async (trx) => {
      const existing = await signingKeyRows(trx);
      if (existing.length > 0) return existing;
      const row = await newSigningKeyRow(secrets, now);
      await trx.insertInto('signing_keys').values(row).execute();
      return [row];
    });
    const keys = rows.map((row) => toSigningJwk(JSON.parse(row.public_jwk) as JWK, row.kid));
    const newest = rows[rows.length - 1]!;
    let privateJwk: JWK;
    try {
      privateJwk = JSON.parse(secrets.decrypt(newest.private_jwk)) as JWK;
    } catch {
      throw new Error(
        'Cannot decrypt the token signing key: the server secret (GATEHOUSE_SECRET or secret.key) is not the one this database was created with.',
      );
    }
    const privateKey = createPrivateKey({ key: privateJwk as JsonWebKey, format: 'jwk' });
    const publicKey = (await importJWK(JSON.parse(newest.public_jwk) as JWK, ALG)) as CryptoKey;
    const header = base64url(JSON.stringify({ alg: ALG, kid: newest.kid, typ: 'JWT' }));
    const active = { kid: newest.kid, privateKey, header, pem: await exportSPKI(publicKey) };
    return new TokenService(db, active, { keys }, issuer, now);
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
      // A kid this process has not seen: a key rotated in by another process, once read again.
      if (!(error instanceof errors.JWKSNoMatchingKey) || !(await this.reloadKeys())) {
        throw new ApiError('missing_or_invalid_token');
      }
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

import {
  type CryptoKey,
  calculateJwkThumbprint,
  createLocalJWKSet,
  exportJWK,
  exportSPKI,
  generateKeyPair,
  importJWK,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';
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

const ALG = 'ES256';

interface ActiveKey {
  kid: string;
  privateKey: CryptoKey;
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
  private readonly keySet: ReturnType<typeof createLocalJWKSet>;

  private constructor(
    private readonly active: ActiveKey,
    readonly jwks: JwksResponse,
    private readonly issuer: string,
    private readonly now: Clock,
  ) {
    this.keySet = createLocalJWKSet({ keys: jwks.keys });
  }

  static async load(db: Db, secrets: Secrets, issuer: string, now: Clock): Promise<TokenService> {
    // In a write transaction, so that processes starting together agree on one key.
    const rows = await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('signing_keys')
        .selectAll()
        .orderBy('created_at')
        .orderBy('kid')
        .execute();
      if (existing.length > 0) return existing;
      const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
      const publicJwk = await exportJWK(publicKey);
      const row = {
        kid: await calculateJwkThumbprint(publicJwk),
        private_jwk: secrets.encrypt(JSON.stringify(await exportJWK(privateKey))),
        public_jwk: JSON.stringify(publicJwk),
        created_at: now(),
      };
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
    const privateKey = (await importJWK(privateJwk, ALG)) as CryptoKey;
    const publicKey = (await importJWK(JSON.parse(newest.public_jwk) as JWK, ALG)) as CryptoKey;
    const active = { kid: newest.kid, privateKey, pem: await exportSPKI(publicKey) };
    return new TokenService(active, { keys }, issuer, now);
  }

  get verificationKey(): string {
    return this.active.pem;
  }

  /** An access token of the session; `authTime` (ms) is when the user logged in interactively. */
  async issue(appId: string, userId: string, sessionId: string, authTime: number): Promise<string> {
    const iat = unixSeconds(this.now());
    return new SignJWT({ sid: sessionId, auth_time: unixSeconds(authTime) })
      .setProtectedHeader({ alg: ALG, kid: this.active.kid, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(appId)
      .setSubject(`${USER_DID_PREFIX}${userId}`)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.active.privateKey);
  }

  /**
   * Checks signature, issuer, audience (the app of the request) and expiry; `allowExpired`
   * accepts a token that expired within the session lifetime (logout). Throws 401 otherwise.
   */
  async verify(token: string, appId: string, { allowExpired = false } = {}): Promise<VerifiedToken> {
    try {
      const { payload } = await jwtVerify(token, this.keySet, {
        algorithms: [ALG],
        issuer: this.issuer,
        audience: appId,
        currentDate: new Date(this.now()),
        clockTolerance: allowExpired ? REFRESH_TOKEN_TTL_SECONDS : 0,
        requiredClaims: ['sub', 'sid', 'iat', 'exp'],
      });
      const { sub, sid } = payload;
      if (typeof sid !== 'string' || !sub?.startsWith(USER_DID_PREFIX)) throw new Error('malformed claims');
      return { claims: payload as unknown as AccessTokenClaims, userId: sub.slice(USER_DID_PREFIX.length) };
    } catch {
      throw new ApiError('missing_or_invalid_token');
    }
  }
}

/**
 * Device-bound shares (DESIGN.md, embedded wallet security model): the device keys registered for
 * each embedded wallet, the single-use challenges their proofs sign, and the check of a proof
 * (protocol/wallet-device.ts). A proof names a registered key by its thumbprint (`kid`), or, when
 * the request registers a key (creation, recovery on a new device), carries it (`jwk`) and so
 * proves its possession; either way it signs this request's method, path and body over a challenge
 * of this app, user and session, which it spends.
 */
import { createHash, randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { publicJwkOf, toB64url } from '../../../protocol/sealed-box.js';
import {
  DEVICE_PROOF_TYPE,
  type DeviceProofPayload,
  WALLET_CHALLENGE_TTL_SECONDS,
  type WalletChallengeResponse,
  type WalletDeviceWire,
} from '../../../protocol/wallet-device.js';
import type { Db } from '../../db/database.js';
import { toNullableNumber, toNumber } from '../../db/database.js';
import { ApiError } from '../../errors.js';
import { type Clock, unixSeconds } from '../clock.js';
import type { Secrets } from '../crypto.js';

const CHALLENGE_TTL_MS = WALLET_CHALLENGE_TTL_SECONDS * 1000;
/** Longer headers are not proofs (a P-256 JWK, a challenge, a path and two hashes fit in well under 1 KB). */
const PROOF_MAX_LENGTH = 2048;

/** The request a proof must cover, and whose it must be. */
export interface ProofRequest {
  appId: string;
  userId: string;
  sessionId: string;
  /** The wallet's address, EIP-55. */
  address: string;
  method: string;
  path: string;
  /** The exact body received ('' for none). */
  body: string;
}

/** A proof that held: the challenge it spent and the device key that signed it. */
export interface VerifiedDevice {
  challenge: string;
  /** The key's thumbprint. */
  id: string;
  publicJwk: JsonWebKey;
}

type Mode = 'registered' | 'register';

const refuse = (): never => {
  throw new ApiError('invalid_device_proof');
};

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('base64url');

function readPayload(bytes: Uint8Array): DeviceProofPayload {
  const payload = JSON.parse(new TextDecoder().decode(bytes)) as Partial<DeviceProofPayload> | null;
  if (!payload || typeof payload !== 'object') return refuse();
  const { chl, htm, htu, bh } = payload;
  if ([chl, htm, htu, bh].some((field) => typeof field !== 'string')) return refuse();
  return payload as DeviceProofPayload;
}

export class DeviceService {
  constructor(
    private readonly db: Db,
    private readonly secrets: Secrets,
    private readonly now: Clock,
  ) {}

  private hash(challenge: string): string {
    return this.secrets.hash('wallet-challenge', challenge);
  }

  /** A fresh challenge for one device proof of this session. */
  async challenge(appId: string, userId: string, sessionId: string): Promise<WalletChallengeResponse> {
    const challenge = toB64url(randomBytes(32));
    const expiresAt = this.now() + CHALLENGE_TTL_MS;
    await this.db
      .insertInto('wallet_challenges')
      .values({
        challenge_hash: this.hash(challenge),
        app_id: appId,
        user_id: userId,
        session_id: sessionId,
        expires_at: expiresAt,
        used_at: null,
      })
      .execute();
    return { challenge, expires_at: unixSeconds(expiresAt) };
  }

  /** The key a proof's header names: a registered one (`kid`), or the one it carries to register (`jwk`). */
  private async keyOf(
    proof: string,
    request: ProofRequest,
    mode: Mode,
  ): Promise<{ id: string; jwk: JsonWebKey }> {
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(proof);
    } catch {
      return refuse();
    }
    if (header.typ !== DEVICE_PROOF_TYPE || header.alg !== 'ES256') return refuse();
    if (mode === 'register') {
      let jwk: JsonWebKey;
      try {
        jwk = publicJwkOf(header.jwk);
      } catch {
        return refuse();
      }
      return { id: await calculateJwkThumbprint(jwk as JWK), jwk };
    }
    if (typeof header.kid !== 'string') return refuse();
    const row = await this.db
      .selectFrom('wallet_devices')
      .select(['public_jwk', 'revoked_at'])
      .where('app_id', '=', request.appId)
      .where('user_id', '=', request.userId)
      .where('id', '=', header.kid)
      .where('address', '=', request.address)
      .executeTakeFirst();
    if (!row || row.revoked_at !== null) throw new ApiError('wallet_device_not_registered');
    return { id: header.kid, jwk: JSON.parse(row.public_jwk) as JsonWebKey };
  }

  /**
   * Checks the device proof of a request (the DEVICE_PROOF_HEADER value) and spends its
   * challenge. `register`: the proof carries the key it registers. 403 invalid_device_proof, or
   * wallet_device_not_registered for a key unknown to (or revoked from) this wallet.
   */
  async verify(proof: unknown, request: ProofRequest, mode: Mode): Promise<VerifiedDevice> {
    if (typeof proof !== 'string' || proof.length > PROOF_MAX_LENGTH) return refuse();
    const { id, jwk } = await this.keyOf(proof, request, mode);
    let payload: DeviceProofPayload;
    try {
      const key = await importJWK(jwk as JWK, 'ES256');
      payload = readPayload((await compactVerify(proof, key, { algorithms: ['ES256'] })).payload);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      return refuse();
    }
    const covers =
      payload.htm === request.method && payload.htu === request.path && payload.bh === sha256(request.body);
    if (!covers || !(await this.spend(payload.chl, request))) return refuse();
    return { challenge: payload.chl, id, publicJwk: jwk };
  }

  /** Spends the challenge if it is live and of this session; false otherwise (a replay). */
  private async spend(challenge: string, request: ProofRequest): Promise<boolean> {
    const now = this.now();
    const spent = await this.db
      .updateTable('wallet_challenges')
      .set({ used_at: now })
      .where('challenge_hash', '=', this.hash(challenge))
      .where('app_id', '=', request.appId)
      .where('user_id', '=', request.userId)
      .where('session_id', '=', request.sessionId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(spent.numUpdatedRows) === 1;
  }

  /**
   * Registers a device key for the wallet (in `options.db`, a transaction of the caller's, when
   * given; `options.beforeNew` runs first for a new key, a rate limit). True when it is new; false
   * when it was registered already (a retried recovery). A revoked key stays revoked: 403
   * wallet_device_not_registered.
   */
  async register(
    appId: string,
    userId: string,
    address: string,
    device: VerifiedDevice,
    options: { db?: Db; beforeNew?: () => Promise<void> } = {},
  ): Promise<boolean> {
    const db = options.db ?? this.db;
    const existing = await db
      .selectFrom('wallet_devices')
      .select(['address', 'revoked_at'])
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .where('id', '=', device.id)
      .executeTakeFirst();
    if (existing) {
      if (existing.revoked_at !== null || existing.address !== address) {
        throw new ApiError('wallet_device_not_registered');
      }
      return false;
    }
    await options.beforeNew?.();
    await db
      .insertInto('wallet_devices')
      .values({
        id: device.id,
        app_id: appId,
        user_id: userId,
        address,
        public_jwk: JSON.stringify(device.publicJwk),
        created_at: this.now(),
        last_used_at: null,
        revoked_at: null,
      })
      .execute();
    return true;
  }

  /** Notes a share release to the device. */
  async used(appId: string, userId: string, id: string): Promise<void> {
    await this.db
      .updateTable('wallet_devices')
      .set({ last_used_at: this.now() })
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .execute();
  }

  /** The wallet's registered (not revoked) device keys, oldest first. */
  async list(appId: string, userId: string, address: string): Promise<WalletDeviceWire[]> {
    const rows = await this.db
      .selectFrom('wallet_devices')
      .select(['id', 'created_at', 'last_used_at'])
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .where('address', '=', address)
      .where('revoked_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map((row) => {
      const lastUsed = toNullableNumber(row.last_used_at);
      return {
        id: row.id,
        created_at: unixSeconds(toNumber(row.created_at)),
        last_used_at: lastUsed === null ? null : unixSeconds(lastUsed),
      };
    });
  }

  /** Revokes one device key of the wallet: 404 not_found when it has none of that id (`within`: a caller's transaction). */
  async revoke(appId: string, userId: string, address: string, id: string, within?: Db): Promise<void> {
    const revoked = await (within ?? this.db)
      .updateTable('wallet_devices')
      .set({ revoked_at: this.now() })
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .where('address', '=', address)
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (Number(revoked.numUpdatedRows) !== 1)
      throw new ApiError('not_found', 'This wallet has no such device.');
  }

  /** Deletes challenges past their expiry. */
  async sweep(): Promise<void> {
    await this.db.deleteFrom('wallet_challenges').where('expires_at', '<=', this.now()).execute();
  }
}

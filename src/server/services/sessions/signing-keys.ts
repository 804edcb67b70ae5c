import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../protocol/constants.js';
import type { Db } from '../../db/database.js';
import { toNumber } from '../../db/database.js';
import { UserError } from '../../errors.js';
import type { Clock } from '../clock.js';
import type { Secrets } from '../crypto.js';

export const SIGNING_ALG = 'ES256';

/** How stale, at most, a process's copy of the signing keys is (it reads them again after this). */
export const KEY_REFRESH_MS = 5_000;
/** The JWKS's Cache-Control max-age: how long a backend may keep a copy without asking again. */
export const JWKS_MAX_AGE_SECONDS = 300;
/**
 * How long `keys rotate` publishes a key before it signs: longer than any backend may keep a JWKS
 * fetched just before (max-age), plus a minute, so no backend meets a token whose key it lacks.
 */
export const KEY_ACTIVATION_DELAY_MS = (JWKS_MAX_AGE_SECONDS + 60) * 1000;
/** Clocks of the processes and backends may differ by this much. */
const CLOCK_SKEW_MS = 60_000;

export type SigningKeyRow = Awaited<ReturnType<typeof signingKeyRows>>[number];

/** A new ES256 key pair as its signing_keys row (the private half encrypted under the server secret). */
export async function newSigningKeyRow(secrets: Secrets, now: Clock, signsFrom = now()) {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  return {
    kid: await calculateJwkThumbprint(publicJwk),
    private_jwk: secrets.encrypt(JSON.stringify(await exportJWK(privateKey))),
    public_jwk: JSON.stringify(publicJwk),
    created_at: now(),
    signs_from: signsFrom,
  };
}

/** Every signing key, oldest first: all of them verify (and are in the JWKS). */
export async function signingKeyRows(db: Db) {
  return db.selectFrom('signing_keys').selectAll().orderBy('created_at').orderBy('kid').execute();
}

/** The key that signs at `at`: the newest one past its `signs_from` (the first key otherwise). */
export function signerOf<Row extends { signs_from: Parameters<typeof toNumber>[0] }>(
  rows: readonly Row[],
  at: number,
): Row {
  const ready = rows.filter((row) => toNumber(row.signs_from) <= at);
  return (ready.at(-1) ?? rows[0]) as Row;
}

/**
 * When the last token a key signed has expired: a newer key signs from its `signs_from` (each
 * process notices within KEY_REFRESH_MS), and its tokens live ACCESS_TOKEN_TTL_SECONDS. Undefined
 * while no newer key exists.
 */
function retirableFrom(rows: readonly SigningKeyRow[], index: number): number | undefined {
  const newer = rows.slice(index + 1).map((row) => toNumber(row.signs_from));
  if (newer.length === 0) return undefined;
  return Math.min(...newer) + KEY_REFRESH_MS + ACCESS_TOKEN_TTL_SECONDS * 1000 + CLOCK_SKEW_MS;
}

export type KeyState = 'signs' | 'published' | 'verifies only';

/** `gatehouse keys list`: kid, creation time, what it does now, and when it may be retired. */
export async function listSigningKeys(db: Db, now: Clock) {
  const rows = await signingKeyRows(db);
  const signer = signerOf(rows, now());
  return rows.map((row, index) => {
    const state: KeyState =
      row.kid === signer.kid ? 'signs' : toNumber(row.signs_from) > now() ? 'published' : 'verifies only';
    return {
      kid: row.kid,
      createdAt: toNumber(row.created_at),
      signsFrom: toNumber(row.signs_from),
      state,
      retirableFrom: state === 'verifies only' ? retirableFrom(rows, index) : undefined,
    };
  });
}

/**
 * `gatehouse keys rotate`: adds a key that every process publishes in its JWKS within
 * KEY_REFRESH_MS and signs with from KEY_ACTIVATION_DELAY_MS on, without a restart.
 */
export async function rotateSigningKey(db: Db, secrets: Secrets, now: Clock) {
  const rows = await signingKeyRows(db);
  const newest = rows.at(-1);
  // Strictly newer than the current one, so it is the newest even within one millisecond.
  const created = Math.max(now(), toNumber(newest?.created_at ?? 0) + 1);
  const row = await newSigningKeyRow(secrets, () => created, created + KEY_ACTIVATION_DELAY_MS);
  await db.insertInto('signing_keys').values(row).execute();
  return { kid: row.kid, signsFrom: row.signs_from };
}

/**
 * `gatehouse keys retire <kid>`: removes a key once the last token it signed has expired; every
 * process stops publishing and accepting it within KEY_REFRESH_MS. `force` removes it before that
 * (a leaked key): its tokens stop working, and their sessions refresh with the newer key.
 */
export async function retireSigningKey(db: Db, kid: string, now: Clock, force = false): Promise<void> {
  const rows = await signingKeyRows(db);
  const index = rows.findIndex((row) => row.kid === kid);
  if (index < 0) throw new UserError(`No signing key ${kid}.`);
  const signerIndex = rows.indexOf(signerOf(rows, now()));
  if (index === signerIndex) throw new UserError(`Key ${kid} is the one that signs: rotate first.`);
  // A key newer than the signer has signed nothing: it goes at once (a rotation called off).
  const from = index > signerIndex ? 0 : (retirableFrom(rows, index) as number);
  if (!force && now() < from) {
    throw new UserError(
      `Tokens signed by ${kid} are valid until ${new Date(from).toISOString()}: retire it after that ` +
        '(or now with --force if the key leaked: its tokens stop working, and their sessions refresh).',
    );
  }
  await db.deleteFrom('signing_keys').where('kid', '=', kid).execute();
}

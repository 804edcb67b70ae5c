import { calculateJwkThumbprint, exportJWK, generateKeyPair } from 'jose';
import type { Db } from '../db/database.js';
import { toNumber } from '../db/database.js';
import { UserError } from '../errors.js';
import type { Clock } from './clock.js';
import type { Secrets } from './crypto.js';

export const SIGNING_ALG = 'ES256';

/** A new ES256 key pair as its signing_keys row (the private half encrypted under the server secret). */
export async function newSigningKeyRow(secrets: Secrets, now: Clock) {
  const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  return {
    kid: await calculateJwkThumbprint(publicJwk),
    private_jwk: secrets.encrypt(JSON.stringify(await exportJWK(privateKey))),
    public_jwk: JSON.stringify(publicJwk),
    created_at: now(),
  };
}

/** Every signing key, oldest first: the newest signs, all of them verify (and are in the JWKS). */
export async function signingKeyRows(db: Db) {
  return db.selectFrom('signing_keys').selectAll().orderBy('created_at').orderBy('kid').execute();
}

/** `gatehouse keys list`: kid, creation time, and which one signs. */
export async function listSigningKeys(
  db: Db,
): Promise<Array<{ kid: string; createdAt: number; signing: boolean }>> {
  const rows = await signingKeyRows(db);
  return rows.map((row, index) => ({
    kid: row.kid,
    createdAt: toNumber(row.created_at),
    signing: index === rows.length - 1,
  }));
}

/**
 * `gatehouse keys rotate`: adds a key that every process verifies with at once (an unknown `kid`
 * makes a process read the keys again) and signs with after its next start.
 */
export async function rotateSigningKey(db: Db, secrets: Secrets, now: Clock): Promise<string> {
  const rows = await signingKeyRows(db);
  const newest = rows.at(-1);
  // Strictly newer than the current one, so it is the one that signs even within one millisecond.
  const row = await newSigningKeyRow(secrets, () => Math.max(now(), toNumber(newest?.created_at ?? 0) + 1));
  await db.insertInto('signing_keys').values(row).execute();
  return row.kid;
}

/** `gatehouse keys retire <kid>`: removes a key that no longer signs; tokens it signed stop verifying. */
export async function retireSigningKey(db: Db, kid: string): Promise<void> {
  const rows = await signingKeyRows(db);
  const index = rows.findIndex((row) => row.kid === kid);
  if (index < 0) throw new UserError(`No signing key ${kid}.`);
  if (index === rows.length - 1) throw new UserError(`Key ${kid} is the one that signs: rotate first.`);
  await db.deleteFrom('signing_keys').where('kid', '=', kid).execute();
}

/**
 * The keys behind the embedded wallet's rows, loaded at start: the transport key the frame seals
 * shares to (its private half under the server secret).
 */
import { calculateJwkThumbprint, type JWK } from 'jose';
import { importSealPrivateKey, publicJwkOf } from '../../../protocol/sealed-box.js';
import { type Db, lockedTransaction } from '../../db/database.js';
import { lockKeys } from '../../db/lock-keys.js';
import { UserError } from '../../errors.js';
import type { Clock } from '../clock.js';
import type { Secrets } from '../crypto.js';
import type { ShareVault } from './share-vault.js';

export interface TransportKey {
  kid: string;
  publicJwk: JsonWebKey;
  privateKey: CryptoKey;
}

/**
 * The wallet transport key, created on first start (in a transaction keyed by it, so processes
 * starting together agree on one).
 */
export async function loadTransportKey({
  db,
  secrets,
  now,
}: {
  db: Db;
  secrets: Secrets;
  now: Clock;
}): Promise<TransportKey> {
  const row = await lockedTransaction(db, [lockKeys.startup('wallet-transport-key')], async (trx) => {
    const existing = await trx
      .selectFrom('wallet_transport_keys')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('kid')
      .executeTakeFirst();
    if (existing) return existing;
    const pair = await globalThis.crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ]);
    const privateJwk = await globalThis.crypto.subtle.exportKey('jwk', pair.privateKey);
    const publicJwk = publicJwkOf(await globalThis.crypto.subtle.exportKey('jwk', pair.publicKey));
    const created = {
      kid: await calculateJwkThumbprint(publicJwk as JWK),
      private_jwk: secrets.encrypt(JSON.stringify(privateJwk)),
      public_jwk: JSON.stringify(publicJwk),
      created_at: now(),
    };
    await trx.insertInto('wallet_transport_keys').values(created).execute();
    return created;
  });
  let privateJwk: JsonWebKey;
  try {
    privateJwk = JSON.parse(secrets.decrypt(row.private_jwk)) as JsonWebKey;
  } catch {
    throw new Error(
      'Cannot decrypt the wallet transport key: the server secret (GATEHOUSE_SECRET or secret.key) is not the one this database was created with.',
    );
  }
  return {
    kid: row.kid,
    publicJwk: publicJwkOf(JSON.parse(row.public_jwk)),
    privateKey: await importSealPrivateKey(privateJwk),
  };
}

export const contextOf = (appId: string, userId: string, address: string): string =>
  `${appId}|${userId}|${address}`;

/**
 * Seals every `gatehouse` recovery share still under an older key (the previous recovery key, or
 * the server secret's from before the separate key) under the current silent-recovery key, at
 * start. Returns how many moved. Refuses to start when a share opens under none: a wrong key
 * would otherwise lose them.
 */
export async function resealRecoveryShares(db: Db, vault: ShareVault): Promise<number> {
  const rows = await db
    .selectFrom('embedded_wallets')
    .select(['app_id', 'user_id', 'address', 'recovery'])
    .where('recovery_method', '=', 'gatehouse')
    .execute();
  let moved = 0;
  let unopened = 0;
  for (const row of rows) {
    let resealed: string | undefined;
    try {
      resealed = vault.resealRecovery(contextOf(row.app_id, row.user_id, row.address), row.recovery);
    } catch {
      unopened += 1;
      continue;
    }
    if (resealed === undefined) continue;
    await db
      .updateTable('embedded_wallets')
      .set({ recovery: resealed })
      .where('user_id', '=', row.user_id)
      .where('app_id', '=', row.app_id)
      .where('address', '=', row.address)
      .where('recovery', '=', row.recovery)
      .execute();
    moved += 1;
  }
  if (unopened > 0) {
    throw new UserError(
      `The silent-recovery key opens none of ${unopened} stored recovery share(s): start with the key they were sealed under (GATEHOUSE_RECOVERY_KEY, or the old one in GATEHOUSE_RECOVERY_KEY_PREVIOUS).`,
    );
  }
  return moved;
}

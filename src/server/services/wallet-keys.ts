/**
 * The keys behind the embedded wallet's rows, loaded at start: the transport key the frame seals
 * shares to (its private half under the server secret).
 */
import { calculateJwkThumbprint, type JWK } from 'jose';
import { importSealPrivateKey, publicJwkOf } from '../../protocol/sealed-box.js';
import type { Db } from '../db/database.js';
import type { Clock } from './clock.js';
import type { Secrets } from './crypto.js';

export interface TransportKey {
  kid: string;
  publicJwk: JsonWebKey;
  privateKey: CryptoKey;
}

/** The wallet transport key, created on first start (in a write transaction, so processes agree). */
export async function loadTransportKey({
  db,
  secrets,
  now,
}: {
  db: Db;
  secrets: Secrets;
  now: Clock;
}): Promise<TransportKey> {
  const row = await db.transaction().execute(async (trx) => {
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

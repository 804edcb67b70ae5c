import { sql } from 'kysely';
import { split } from 'shamir-secret-sharing';
import { describe, expect, it } from 'vitest';
import { seal } from '../../src/protocol/sealed-box.js';
import type { EmbeddedWalletAccountWire, EmbeddedWalletUserResponse } from '../../src/protocol/wallet-api.js';
import type { Harness } from './harness.js';
import { approvedRecovery, laterLogin } from './step-up-support.js';
import { addressFrom, newKey, passwordBox, useWallets } from './wallets-support.js';

const w = useWallets();

/** The ways a secret's bytes could be written in a cell. */
function textsOf(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes);
  return [
    buffer.toString('hex'),
    buffer.toString('hex').toUpperCase(),
    buffer.toString('base64'),
    buffer.toString('base64').replace(/=+$/, ''),
    buffer.toString('base64url'),
    Array.from(bytes).join(','),
  ];
}

/** A cell's value as text (bytes as hex). */
const cellText = (value: unknown) =>
  value instanceof Uint8Array || value instanceof ArrayBuffer
    ? Buffer.from(value as Uint8Array).toString('hex')
    : String(value);

/** No cell of any table holds any of the needles (and there are cells to look at). */
async function expectNoneInAnyTable(h: Harness, needles: string[]) {
  // Kysely's introspection: the tables of SQLite and of PostgreSQL alike.
  const tables = await h.server.gatehouse.db.introspection.getTables();
  let cells = 0;
  for (const { name } of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(
      h.server.gatehouse.db,
    );
    for (const value of rows.rows.flatMap((row) => Object.values(row))) {
      const text = cellText(value);
      cells += 1;
      for (const needle of needles) expect(text.includes(needle), `${name} holds a secret`).toBe(false);
    }
  }
  expect(tables.map((t) => t.name)).toContain('embedded_wallets');
  expect(cells).toBeGreaterThan(20);
}

describe('embedded wallet provider endpoints', () => {
  it('keeps no share, entropy, mnemonic or private key in clear in any row of any table', async () => {
    const key = await newKey();
    await w.createWallet(w.alice.token, key);
    await w.fetchAuthShare(w.alice.token, key.address);
    const next = await split(key.entropy, 3, 2);
    const publicKey = await w.transportKey(w.alice.token);
    const box = passwordBox(7, 9, 5);
    const reshared = await w.reshare(w.alice.token, key, {
      recoveryMethod: 'user-passcode',
      authShare: await seal(publicKey, next[1] as Uint8Array),
      recovery: box,
    });
    expect(reshared.statusCode, reshared.body).toBe(200);

    const secrets = [
      key.auth,
      key.recovery,
      key.device,
      key.entropy,
      next[0],
      next[1],
      next[2],
    ] as Uint8Array[];
    await expectNoneInAnyTable(w.h, [
      ...secrets.flatMap(textsOf),
      key.mnemonic,
      key.privateKey,
      key.privateKey.slice(2),
    ]);
  });

  it('reshare replaces the auth and recovery shares: the old auth share is gone', async () => {
    const key = await newKey();
    await w.createWallet(w.alice.token, key);
    const next = (await split(key.entropy, 3, 2)) as [Uint8Array, Uint8Array, Uint8Array];
    const publicKey = await w.transportKey(w.alice.token);
    const box = passwordBox(1, 2, 3);
    const response = await w.reshare(w.alice.token, key, {
      recoveryMethod: 'user-passcode',
      authShare: await seal(publicKey, next[1]),
      recovery: box,
    });
    expect(response.statusCode, response.body).toBe(200);
    const account = response
      .json<EmbeddedWalletUserResponse>()
      .user.linked_accounts.find((a) => a.type === 'wallet') as EmbeddedWalletAccountWire | undefined;
    expect(account?.recovery_method).toBe('user-passcode');

    const { share } = await w.fetchAuthShare(w.alice.token, key.address);
    expect(share).toEqual(next[1]);
    expect(share).not.toEqual(key.auth);
    // The old device share no longer combines with what the server releases.
    expect(await addressFrom(key.device, share as Uint8Array).catch(() => 'refused')).not.toBe(key.address);
    expect(await addressFrom(next[0], share as Uint8Array)).toBe(key.address);

    // The password box comes back exactly as given (to a new browser, after its step-up), and no
    // server-held recovery share is left.
    const fresh = await laterLogin(w.h, 'alice@example.com');
    const { response: recovery } = await approvedRecovery(w.h, fresh.token, key.address, 'alice@example.com');
    expect(recovery.json()).toEqual({ recoveryMethod: 'user-passcode', recovery: box });
  });
});

import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { split } from 'shamir-secret-sharing';
import { describe, expect, it } from 'vitest';
import type { DeviceKey } from '../../src/frame/device-key.js';
import type { UserWire } from '../../src/protocol/api.js';
import { PASSKEY_HKDF_INFO_PREFIX, type PasskeyBox } from '../../src/protocol/passkey.js';
import { seal } from '../../src/protocol/sealed-box.js';
import {
  type EmbeddedWalletAccountWire,
  type RecoveryResponse,
  WALLET_API_PATHS,
} from '../../src/protocol/wallet-api.js';
import { addressProofMessage } from '../../src/protocol/wallet-device.js';
import { ShareVault } from '../../src/server/services/wallets/share-vault.js';
import { contextOf } from '../../src/server/services/wallets/wallet-keys.js';
import { SoftwareAuthenticator } from '../support/software-authenticator.js';
import { runCliCaptured } from './harness.js';
import { ceremonies, expectCode, recoverWithPasskey, unlinkPasskey, usePasskeys } from './passkey-support.js';
import { signedRequest } from './wallet-support.js';
import { addressFrom, creating, type Key, newKey } from './wallets-support.js';

/**
 * A wallet whose recovery share is sealed under the user's passkey (recoveryMethod `passkey`): the
 * provider stores the frame's PasskeyBox as given and answers it to a new device only after a
 * step-up. The operator, holding the database, secret.key and the silent-recovery key, opens the
 * auth share and nothing that yields the recovery share: only the passkey's PRF output does.
 */
const RECOVERY_KEY = 'passkey-recovery-test-key-'.padEnd(48, 'r');
const w = usePasskeys({ recoveryKey: { key: RECOVERY_KEY } });

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const hkdfKey = (prf: Buffer, salt: Buffer, address: string) =>
  Buffer.from(hkdfSync('sha256', prf, salt, PASSKEY_HKDF_INFO_PREFIX + address.toLowerCase(), 32));

/** What the frame does with the passkey's PRF output: HKDF to an AES-256-GCM key, the share sealed under it. */
function sealUnderPasskey(prf: Buffer, address: string, share: Uint8Array, credentialId: string): PasskeyBox {
  const salt = randomBytes(32);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', hkdfKey(prf, salt, address), iv);
  const ct = Buffer.concat([cipher.update(share), cipher.final(), cipher.getAuthTag()]);
  return { kdf: 'hkdf-sha256-prf', credentialId, salt: b64(salt), iv: b64(iv), ct: b64(ct) };
}

function openWithPasskey(prf: Buffer, address: string, box: PasskeyBox): Uint8Array {
  const ct = Buffer.from(box.ct, 'base64url');
  const key = hkdfKey(prf, Buffer.from(box.salt, 'base64url'), address);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(box.iv, 'base64url'));
  decipher.setAuthTag(ct.subarray(ct.length - 16));
  return new Uint8Array(Buffer.concat([decipher.update(ct.subarray(0, ct.length - 16)), decipher.final()]));
}

/** A passkey user's wallet created through the API with its recovery under the passkey. */
async function passkeyWallet() {
  const signup = await w.signUp();
  const key = await newKey();
  const prf = randomBytes(32);
  const box = sealUnderPasskey(prf, key.address, key.recovery, signup.credentialId);
  const created = await creating(w.h).create(signup.token, key, (body) => ({
    ...body,
    recoveryMethod: 'passkey',
    recovery: box,
  }));
  expect(created.statusCode, created.body).toBe(200);
  return { signup, key, prf, box, user: created.json<{ user: UserWire }>().user };
}

const walletRow = () =>
  w.h.server.gatehouse.db.selectFrom('embedded_wallets').selectAll().executeTakeFirstOrThrow();

/** The ways a secret's bytes could be written in a cell. */
const textsOf = (bytes: Uint8Array) => {
  const buffer = Buffer.from(bytes);
  return [buffer.toString('hex'), buffer.toString('base64').replace(/=+$/, ''), buffer.toString('base64url')];
};

/** Every cell of every table, as text. */
async function everyCell(): Promise<string[]> {
  const { db } = w.h.server.gatehouse;
  const cells: string[] = [];
  for (const { name } of await db.introspection.getTables()) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    for (const value of rows.rows.flatMap((row) => Object.values(row))) {
      cells.push(value instanceof Uint8Array ? Buffer.from(value).toString('hex') : String(value));
    }
  }
  return cells;
}

describe('a wallet recovered with its passkey', () => {
  it('stores the PasskeyBox as given and answers it to a new device after a passkey step-up', async () => {
    const { key, prf, box, user } = await passkeyWallet();
    const account = user.linked_accounts.find(
      (a) => a.type === 'wallet',
    ) as unknown as EmbeddedWalletAccountWire;
    expect(account.recovery_method).toBe('passkey');
    const row = await walletRow();
    expect(row.recovery_method).toBe('passkey');
    expect(JSON.parse(row.recovery)).toEqual(box);

    const released = (await recoverWithPasskey(w, key.address)).json<RecoveryResponse>();
    expect(released).toEqual({ recoveryMethod: 'passkey', recovery: box });
    // The passkey's PRF output opens it, and with the auth share it rebuilds the wallet.
    const share = openWithPasskey(prf, key.address, released.recovery as PasskeyBox);
    expect(await addressFrom(share, key.auth)).toBe(key.address);
  });

  it('the operator, with the database, secret.key and the recovery key, opens no recovery share', async () => {
    const { key, box } = await passkeyWallet();
    const row = await walletRow();
    const secret = w.h.database.secret ?? readFileSync(join(w.h.dir, 'secret.key'), 'utf8').trim();
    const vault = new ShareVault(secret, { key: RECOVERY_KEY });
    const context = contextOf(row.app_id, row.user_id, row.address);
    // What the operator's keys open: the auth share, one share, which alone rebuilds nothing.
    expect(vault.openAuth(context, row.auth_share)).toEqual(key.auth);
    // The stored recovery is exactly the box; the recovery tooling refuses it, and says why.
    expect(row.recovery).toBe(JSON.stringify(box));
    expect(() => vault.openRecovery(context, row.recovery)).toThrow(
      /sealed in the wallet frame \(password or passkey\), and no key of the operator opens it/,
    );
    expect(() => vault.resealRecovery(context, row.recovery)).toThrow();
    // No cell of any table holds the recovery share, the entropy, the mnemonic or the private key.
    const cells = await everyCell();
    expect(cells.length).toBeGreaterThan(20);
    const needles = [
      ...textsOf(key.recovery),
      ...textsOf(key.entropy),
      key.mnemonic,
      key.privateKey.slice(2),
    ];
    for (const needle of needles) expect(cells.some((cell) => cell.includes(needle))).toBe(false);
    // A restart with the recovery key re-seals silent-recovery shares only: it leaves the box alone.
    const migrate = await runCliCaptured({ ...w.h.database.env, GATEHOUSE_RECOVERY_KEY: RECOVERY_KEY }, [
      'migrate',
    ]);
    expect(migrate.code, migrate.stderr).toBe(0);
    expect((await walletRow()).recovery).toBe(JSON.stringify(box));
  });
});

describe('moving a silent-recovery wallet under the passkey (reshare)', () => {
  it('replaces the recovery share sealed by the provider with the PasskeyBox', async () => {
    const signup = await w.signUp();
    const key = await newKey();
    const devices = new Map<string, DeviceKey>();
    const { createWallet, transportKey } = creating(w.h, devices);
    await createWallet(signup.token, key);
    expect((await walletRow()).recovery.startsWith('w1.')).toBe(true);
    const [, auth, recovery] = (await split(key.entropy, 3, 2)) as [Uint8Array, Uint8Array, Uint8Array];
    const prf = randomBytes(32);
    const box = sealUnderPasskey(prf, key.address, recovery, signup.credentialId);
    const publicKey = await transportKey(signup.token);
    const reshared = await signedRequest(
      w.h,
      signup.token,
      WALLET_API_PATHS.reshare(key.address),
      devices.get(signup.token) as DeviceKey,
      async (challenge) => ({
        recoveryMethod: 'passkey',
        authShare: await seal(publicKey, auth),
        recovery: box,
        addressSignature: await key.wallet.signMessage(
          addressProofMessage({ action: 'reshare', address: key.address, appId: w.h.appId, challenge }),
        ),
      }),
    );
    expect(reshared.statusCode, reshared.body).toBe(200);
    const row = await walletRow();
    expect(row).toMatchObject({ recovery_method: 'passkey', recovery: JSON.stringify(box) });
    const released = (await recoverWithPasskey(w, key.address)).json<RecoveryResponse>();
    expect(released.recovery).toEqual(box);
    expect(await addressFrom(openWithPasskey(prf, key.address, box), auth)).toBe(key.address);
  });
});

describe('refusals', () => {
  const create = (token: string, key: Key, recovery: unknown) =>
    creating(w.h).create(token, key, (body) => ({ ...body, recoveryMethod: 'passkey', recovery }));

  it("refuses a box of another user's passkey, or a malformed box", async () => {
    const alice = await w.signUp();
    const bob = await ceremonies(w.h, new SoftwareAuthenticator({ origin: w.h.publicUrl })).signUp();
    const key = await newKey();
    const prf = randomBytes(32);
    const foreign = sealUnderPasskey(prf, key.address, key.recovery, bob.credentialId);
    expectCode(await create(alice.token, key, foreign), 400, 'passkey_not_found');
    const good = sealUnderPasskey(prf, key.address, key.recovery, alice.credentialId);
    const malformed: unknown[] = [
      { ...good, salt: b64(randomBytes(16)) },
      { ...good, iv: b64(randomBytes(16)) },
      { ...good, ct: b64(randomBytes(4)) },
      { ...good, credentialId: 'not base64url!' },
      { ...good, kdf: 'argon2id' },
      { ...good, extra: 'x' },
      { ...good, salt: 7 },
    ];
    for (const box of malformed) expectCode(await create(alice.token, key, box), 400, 'invalid_data');
    expect((await create(alice.token, key, good)).statusCode).toBe(200);
  });

  it('refuses to unlink the passkey the recovery is sealed under, at once', async () => {
    const { signup } = await passkeyWallet();
    expectCode(await unlinkPasskey(w.h, signup.token, signup.credentialId), 400, 'passkey_in_use');
  });
});

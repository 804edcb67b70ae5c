import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reconstruct } from '../../src/frame/keys.js';
import { recoveryKeyFromEnv, resolveRecoveryKey } from '../../src/server/recovery-key.js';
import { ShareVault } from '../../src/server/services/wallets/share-vault.js';
import { contextOf } from '../../src/server/services/wallets/wallet-keys.js';
import { frameHost } from './frame-host.js';
import { type Harness, runCliCaptured, startHarness, tempDir } from './harness.js';

/**
 * The silent-recovery shares are sealed under their own key, not one derived
 * from the database's secret, so a copy of `./data` opens none of them; production refuses a
 * recovery key beside the database; the key rotates (GATEHOUSE_RECOVERY_KEY_PREVIOUS), and a
 * provider refuses to start under a key that opens none of the stored shares. In development the
 * default key is a file of the user's configuration directory, never of `./data`: one per
 * database, the same for every process of it (a PostgreSQL database's too).
 */
const KEY_A = 'recovery-key-A-'.padEnd(40, 'a');
const KEY_B = 'recovery-key-B-'.padEnd(40, 'b');

let data: ReturnType<typeof tempDir>;
let keys: ReturnType<typeof tempDir>;
let database: string;

beforeEach(() => {
  data = tempDir();
  keys = tempDir();
  database = join(data.path, 'gatehouse.db');
});
afterEach(() => {
  data.remove();
  keys.remove();
});

/** A provider on `database` with one `gatehouse` wallet made by a real frame; stopped, its data kept. */
async function walletIn(recoveryKey: { key?: string; file?: string }) {
  const h: Harness = await startHarness({ databaseUrl: database, recoveryKey });
  try {
    const login = await h.login('alice@example.com');
    const created = await frameHost(() => h)().request('wallet:create', { accessToken: login.token });
    expect(created.error).toBeUndefined();
    const row = await h.server.gatehouse.db
      .selectFrom('embedded_wallets')
      .selectAll()
      .executeTakeFirstOrThrow();
    return { row, context: contextOf(row.app_id, row.user_id, row.address) };
  } finally {
    await h.server.close();
    await h.mailbox.stop();
  }
}

/** `gatehouse migrate` on the database with KEY_B alone. */
const startWithB = () =>
  runCliCaptured({ GATEHOUSE_DATABASE_URL: database, GATEHOUSE_RECOVERY_KEY: KEY_B }, ['migrate']);

describe('the silent-recovery key', () => {
  it('is not in ./data: the database and secret.key open the auth share, never the recovery share', async () => {
    const file = join(keys.path, 'recovery.key');
    const { row, context } = await walletIn({ file });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const secret = readFileSync(join(data.path, 'secret.key'), 'utf8').trim();
    // What an attacker holding a copy of ./data derives: the server secret's keys.
    const fromData = new ShareVault(secret, { key: secret });
    expect(fromData.openAuth(context, row.auth_share).length).toBeGreaterThan(0);
    expect(() => fromData.openRecovery(context, row.recovery)).toThrow();
    // With the recovery key as well, the two shares rebuild the wallet, offline: the key is kept apart.
    const withAll = new ShareVault(secret, { key: readFileSync(file, 'utf8').trim() });
    const rebuilt = await reconstruct(
      withAll.openAuth(context, row.auth_share),
      withAll.openRecovery(context, row.recovery),
      row.address,
    );
    expect(rebuilt.address).toBe(row.address);
    // And a provider started on the copy alone (a new development key of its own) refuses to start.
    const copy = await runCliCaptured({ GATEHOUSE_DATABASE_URL: database }, ['migrate']);
    expect(copy.code).not.toBe(0);
    expect(copy.stderr).toContain('opens none of 1 stored recovery share(s)');
    // With the key it was sealed under, it starts.
    const withKey = await runCliCaptured(
      { GATEHOUSE_DATABASE_URL: database, GATEHOUSE_RECOVERY_KEY_FILE: file },
      ['migrate'],
    );
    expect(withKey.code, withKey.stderr).toBe(0);
  });

  it('in production: refuses none, a key file in the database directory, or the server secret itself', async () => {
    const production = { GATEHOUSE_DATABASE_URL: database, NODE_ENV: 'production' };
    const none = await runCliCaptured(production, ['migrate']);
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain('NODE_ENV=production needs a silent-recovery key apart from the database');
    const beside = await runCliCaptured(
      { ...production, GATEHOUSE_RECOVERY_KEY_FILE: join(data.path, 'r.key') },
      ['migrate'],
    );
    expect(beside.code).not.toBe(0);
    expect(beside.stderr).toContain('is in the database directory');
    const same = await runCliCaptured(
      { ...production, GATEHOUSE_SECRET: KEY_A, GATEHOUSE_RECOVERY_KEY: KEY_A },
      ['migrate'],
    );
    expect(same.code).not.toBe(0);
    expect(same.stderr).toContain('must not be the server secret');
    const apart = await runCliCaptured(
      { ...production, GATEHOUSE_RECOVERY_KEY_FILE: join(keys.path, 'recovery.key') },
      ['migrate'],
    );
    expect(apart.code, apart.stderr).toBe(0);
    expect(statSync(join(keys.path, 'recovery.key')).mode & 0o777).toBe(0o600);
  });

  it('rotates: a new key refuses to start alone, takes the shares with the old one as previous, then starts alone', async () => {
    await walletIn({ key: KEY_A });
    const alone = await startWithB();
    expect(alone.code).not.toBe(0);
    expect(alone.stderr).toContain('opens none of 1 stored recovery share(s)');
    const rotation = await runCliCaptured(
      {
        GATEHOUSE_DATABASE_URL: database,
        GATEHOUSE_RECOVERY_KEY: KEY_B,
        GATEHOUSE_RECOVERY_KEY_PREVIOUS: KEY_A,
      },
      ['migrate'],
    );
    expect(rotation.code, rotation.stderr).toBe(0);
    expect(rotation.stdout).toContain('Re-sealed 1 silent-recovery share(s) under the recovery key.');
    const after = await startWithB();
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).not.toContain('Re-sealed');
    // The old key alone no longer opens them.
    const old = await runCliCaptured({ GATEHOUSE_DATABASE_URL: database, GATEHOUSE_RECOVERY_KEY: KEY_A }, [
      'migrate',
    ]);
    expect(old.code).not.toBe(0);
  });

  it('moves shares sealed under the server secret (before this version) to the recovery key at start', async () => {
    const { row, context } = await walletIn({ key: KEY_A });
    const secret = readFileSync(join(data.path, 'secret.key'), 'utf8').trim();
    const share = new ShareVault(secret, { key: KEY_A }).openRecovery(context, row.recovery);
    const legacy = new ShareVault(secret, { key: secret });
    const old = legacy.sealRecovery(context, share);
    const h = await startHarness({ databaseUrl: database, recoveryKey: { key: KEY_A } });
    try {
      await h.server.gatehouse.db.updateTable('embedded_wallets').set({ recovery: old }).execute();
    } finally {
      await h.server.close();
      await h.mailbox.stop();
    }
    const upgrade = await runCliCaptured(
      { GATEHOUSE_DATABASE_URL: database, GATEHOUSE_RECOVERY_KEY: KEY_A },
      ['migrate'],
    );
    expect(upgrade.code, upgrade.stderr).toBe(0);
    expect(upgrade.stdout).toContain('Re-sealed 1 silent-recovery share(s) under the recovery key.');
    const h2 = await startHarness({ databaseUrl: database, recoveryKey: { key: KEY_A } });
    try {
      const now = await h2.server.gatehouse.db
        .selectFrom('embedded_wallets')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(() => legacy.openRecovery(context, now.recovery)).toThrow();
      expect(new ShareVault(secret, { key: KEY_A }).openRecovery(context, now.recovery)).toEqual(share);
    } finally {
      await h2.server.close();
      await h2.mailbox.stop();
    }
  });

  it('in development defaults to a file of the configuration directory, one per database, never in ./data', () => {
    const settings = recoveryKeyFromEnv({ XDG_CONFIG_HOME: keys.path });
    const secret = 's'.repeat(40);
    const resolve = (location: Parameters<typeof resolveRecoveryKey>[1]) =>
      resolveRecoveryKey(settings, location, secret);
    const file = resolve({ kind: 'sqlite-file', path: database });
    const [name] = readdirSync(join(keys.path, 'gatehouse'));
    expect(name).toMatch(/^recovery-[0-9a-f]{16}\.key$/);
    const path = join(keys.path, 'gatehouse', name as string);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(file.description).toContain(path);
    expect(readFileSync(path, 'utf8').trim()).toBe(file.key);
    expect(readdirSync(data.path)).toEqual([]);
    expect(resolve({ kind: 'sqlite-file', path: database }).key).toBe(file.key);
    expect(resolve({ kind: 'sqlite-file', path: join(data.path, 'other.db') }).key).not.toBe(file.key);
    // Every process of one PostgreSQL database, whatever role it connects as, finds the same key.
    const postgres = resolve({ kind: 'postgres', url: 'postgres://gh:pw@db.internal:5432/gatehouse' });
    expect(postgres.key).not.toBe(file.key);
    const other = resolve({ kind: 'postgres', url: 'postgres://ops:other@db.internal:5432/gatehouse' });
    expect(other.key).toBe(postgres.key);
    expect(resolve({ kind: 'postgres', url: 'postgres://gh:pw@db.internal:5432/shop' }).key).not.toBe(
      postgres.key,
    );
    expect(resolve({ kind: 'sqlite-memory' }).description).toContain('in memory');
  });
});

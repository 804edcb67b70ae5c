import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MFA_API_PATHS } from '../../src/protocol/mfa-api.js';
import { buildServer } from '../../src/server/app.js';
import { Secrets } from '../../src/server/services/crypto.js';
import { stepUpSecrets } from '../../src/server/services/step-up/step-up-key.js';
import { type Harness, PUBLIC_URL, startHarness } from './harness.js';
import { asFrame, authenticatorCode, enrolTotp } from './mfa-support.js';

/**
 * The authenticator secrets at rest are sealed under the step-up key, derived from the
 * silent-recovery key. A provider of this version started on a database whose
 * secrets are still under an older key — the server secret's, before this version; the previous
 * recovery key's, during a rotation (GATEHOUSE_RECOVERY_KEY_PREVIOUS) — seals them again under its
 * own at start, and the user's authenticator codes still verify; a key that opens none of them
 * refuses to start rather than lose them.
 */
const KEY_A = 'recovery-key-A-'.padEnd(40, 'a');
const KEY_B = 'recovery-key-B-'.padEnd(40, 'b');
const ALICE = 'alice@example.com';

let h: Harness;
/** The providers running on the test's database (the harness's first). */
let servers: FastifyInstance[];

beforeEach(async () => {
  h = await startHarness({ recoveryKey: { key: KEY_A } });
  await h.server.gatehouse.apps.update(h.appId, [{ field: 'mfa_methods', value: ['totp'] }]);
  servers = [h.server];
});
afterEach(async () => {
  for (const server of servers) await server.close();
  await h.mailbox.stop();
  rmSync(h.dir, { recursive: true, force: true });
});

/** Alice with an authenticator; the provider then stops, its database kept. */
async function aliceWithAuthenticator() {
  const login = await h.login(ALICE);
  const { secret } = await enrolTotp(h, login.token);
  const row = () =>
    servers
      .at(-1)
      ?.gatehouse.db.selectFrom('mfa_methods')
      .selectAll()
      .where('user_id', '=', login.user.id)
      .executeTakeFirstOrThrow() as Promise<{ user_id: string; type: string; secret: string }>;
  return { login, secret, row };
}

/** Stops the provider running; its database stays. */
async function stop(): Promise<void> {
  await servers.pop()?.close();
}

/** A provider of this version started on the same database with `recoveryKey`, the harness's app and clock. */
async function restart(recoveryKey: { key: string; previous?: string }): Promise<Harness> {
  await stop();
  const server = await buildServer({
    databaseUrl: h.databaseUrl,
    secret: h.database.secret,
    publicUrl: PUBLIC_URL,
    clientDir: join(h.dir, 'no-client'),
    now: h.clock.now,
    recoveryKey,
  });
  servers.push(server);
  return { ...h, server, inject: (options) => server.inject(options) };
}

/** The secret of the row, opened with `keys` (throws when they do not open it). */
function opened(keys: Secrets, row: { user_id: string; secret: string }): string {
  const { user, value } = JSON.parse(keys.decrypt(row.secret)) as { user: string; value: string };
  expect(user).toBe(row.user_id);
  return value;
}

/** The next authenticator code (a step already used is refused) verifies on `at`. */
async function verifies(at: Harness, token: string, secret: string): Promise<void> {
  h.clock.advance(30_000);
  const code = authenticatorCode(secret, h.clock.now());
  const verified = await asFrame(at, MFA_API_PATHS.totpVerify, token, { code });
  expect(verified.statusCode, verified.body).toBe(200);
}

describe('MFA secrets at start', () => {
  it('sealed under the server secret (before this version) are sealed again under the step-up key, and verify', async () => {
    const { login, secret, row } = await aliceWithAuthenticator();
    const serverSecret = new Secrets(
      h.database.secret ?? readFileSync(join(h.dir, 'secret.key'), 'utf8').trim(),
    );
    // The row as the version before wrote it: the same fields, under the server secret's key.
    const legacy = serverSecret.encrypt(JSON.stringify({ user: login.user.id, type: 'totp', value: secret }));
    await h.server.gatehouse.db.updateTable('mfa_methods').set({ secret: legacy }).execute();

    const upgraded = await restart({ key: KEY_A });
    const now = await row();
    expect(now.secret).not.toBe(legacy);
    expect(() => serverSecret.decrypt(now.secret)).toThrow();
    expect(opened(stepUpSecrets(KEY_A), now)).toBe(secret);
    await verifies(upgraded, login.token, secret);
  });

  it('follow a rotation of the recovery key: refused by the new key alone, sealed again with the old as previous', async () => {
    const { login, secret, row } = await aliceWithAuthenticator();
    await stop();
    const refused = buildServer({
      databaseUrl: h.databaseUrl,
      secret: h.database.secret,
      publicUrl: PUBLIC_URL,
      recoveryKey: { key: KEY_B },
    });
    await expect(refused).rejects.toThrow('No key opens an MFA secret');

    await restart({ key: KEY_B, previous: KEY_A });
    const rotated = await row();
    expect(opened(stepUpSecrets(KEY_B), rotated)).toBe(secret);
    expect(() => stepUpSecrets(KEY_A).decrypt(rotated.secret)).toThrow();
    // The new key alone from now on: the codes verify.
    const after = await restart({ key: KEY_B });
    await verifies(after, login.token, secret);
  });
});

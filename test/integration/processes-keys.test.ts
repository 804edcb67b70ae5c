import { createRemoteJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import type { JwksResponse } from '../../src/protocol/server-api.js';
import { runCliCaptured } from './harness.js';
import { type TwoProcesses, twoProcessesForFile } from './processes-support.js';

/**
 * Key rotation across two real `gatehouse serve` processes on one database (a SQLite file in
 * integration, PostgreSQL in integration-pg): neither restarts, the CLI's rotate and retire reach
 * both JWKS within seconds, and each process's tokens verify against either's JWKS with jose.
 */
let world: TwoProcesses;
twoProcessesForFile((started) => {
  world = started;
});

const keys = (...args: string[]) => runCliCaptured(world.database.env, ['keys', ...args]);
const jwksUrl = (which: 0 | 1) => `${world.processes[which].url}/api/v1/apps/${world.appId}/jwks.json`;
const kids = async (which: 0 | 1) =>
  ((await (await fetch(jwksUrl(which))).json()) as JwksResponse).keys.map((key) => key.kid);
const kidOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString()) as { kid: string }).kid;

/** Polls until both processes publish what `expected` accepts, for at most 5 seconds. */
async function bothWithin5s(expected: (published: string[]) => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const [a, b] = await Promise.all([kids(0), kids(1)]);
    if (expected(a) && expected(b)) return;
    if (Date.now() > deadline) throw new Error(`JWKS after 5 s: ${a} / ${b}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('key rotation across two gatehouse serve processes', () => {
  it('publishes, signs with and retires a key in both without a restart', async () => {
    const [oldKid] = await kids(0);
    const rotated = await keys('rotate');
    expect(rotated.code, rotated.stderr).toBe(0);
    const newKid = /Added signing key (\S+):/.exec(rotated.stdout)?.[1] as string;
    await bothWithin5s((published) => published.includes(newKid) && published.includes(oldKid as string));

    // The activation delay (the JWKS max-age and a minute) passed: both sign with the new key.
    const db = world.open();
    try {
      await db
        .updateTable('signing_keys')
        .set({ signs_from: Date.now() })
        .where('kid', '=', newKid)
        .execute();
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      for (const which of [0, 1] as const) {
        const token = (await world.login(which, `rotated${which}@example.com`)).token;
        expect(kidOf(token)).toBe(newKid);
        for (const against of [0, 1] as const) {
          const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(jwksUrl(against))), {
            audience: world.appId,
          });
          expect(payload.aud).toBe(world.appId);
        }
      }

      // The old key's tokens may live an access-token lifetime more: refused until then.
      const early = await keys('retire', oldKid as string);
      expect(early.code).not.toBe(0);
      expect(early.stderr).toContain('retire it after');
      // An hour and more later: the new key has signed since long before.
      await db.updateTable('signing_keys').set({ signs_from: 1 }).where('kid', '=', newKid).execute();
    } finally {
      await db.destroy();
    }
    const retired = await keys('retire', oldKid as string);
    expect(retired.code, retired.stderr).toBe(0);
    await bothWithin5s((published) => !published.includes(oldKid as string) && published.includes(newKid));
  }, 60_000);
});

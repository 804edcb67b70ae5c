import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MFA_MAX_ATTEMPTS } from '../../src/protocol/mfa.js';
import { MFA_API_PATHS } from '../../src/protocol/mfa-api.js';
import { buildServer } from '../../src/server/app.js';
import { CODE_LOCKOUT_FORGET_MS } from '../../src/server/services/login/code-lockout.js';
import { TwilioPeer, twilioAccount } from '../support/twilio.js';
import { type Harness, PUBLIC_URL } from './harness.js';
import { asFrame, authenticatorCode, enrolTotp, expectError, startMfaHarness } from './mfa-support.js';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** The lock each failed round of MFA_MAX_ATTEMPTS wrong codes ends with, round after round. */
const LOCKS = [
  10 * SECOND,
  10 * SECOND,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  16 * HOUR,
  24 * HOUR,
  24 * HOUR,
];

const account = twilioAccount();
/** One silent-recovery key for both processes of a database (PostgreSQL keeps none beside it). */
const recoveryKey = { key: randomBytes(32).toString('base64url') };
let twilio: TwilioPeer;
let h: Harness;
let secret: string;
let refreshToken: string;
let token: string;

beforeAll(async () => {
  twilio = new TwilioPeer(account);
  await twilio.start();
});
afterAll(async () => {
  await twilio.stop();
});
beforeEach(async () => {
  h = await startMfaHarness(twilio, account, { recoveryKey });
  const alice = await h.login('alice@example.com');
  refreshToken = alice.refresh_token;
  token = alice.token;
  secret = (await enrolTotp(h, token)).secret;
});
afterEach(async () => {
  await h.close();
});

/** A session refresh: access tokens last an hour, and these tests move the clock by days. */
async function refresh(): Promise<void> {
  const answer = await h.post('/api/v1/sessions', { refresh_token: refreshToken });
  expect(answer.statusCode, answer.body).toBe(200);
  ({ token, refresh_token: refreshToken } = answer.json<{ token: string; refresh_token: string }>());
}

/** A six-digit code the authenticator does not show now, nor one step before or after. */
function wrongCode(): string {
  const now = h.clock.now();
  const shown = [-30 * SECOND, 0, 30 * SECOND].map((drift) => authenticatorCode(secret, now + drift));
  return ['111111', '222222', '333333', '444444'].find((code) => !shown.includes(code)) as string;
}

const verify = (code: string, target: Harness = h) =>
  asFrame(target, MFA_API_PATHS.totpVerify, token, { code });

/** The harness's requests, sent to another server process on the same database. */
const via = (server: FastifyInstance): Harness => ({ ...h, inject: (options) => server.inject(options) });

/**
 * MFA_MAX_ATTEMPTS wrong codes, each through `servers` in turn: the last one answers the lock, and
 * its Retry-After the lock's length in seconds.
 */
async function failRound(servers: Harness[] = [h]): Promise<number> {
  for (let attempt = 1; attempt < MFA_MAX_ATTEMPTS; attempt += 1) {
    expectError(await verify(wrongCode(), servers[attempt % servers.length]), 422, 'invalid_mfa_code');
  }
  const locked = await verify(wrongCode(), servers[0]);
  expectError(locked, 403, 'mfa_verification_max_attempts_reached');
  return Number(locked.headers['retry-after']);
}

/** Moves the clock to the start of the next hourly window of the per-user limit of 20 codes. */
function toNextHour(): void {
  h.clock.advance(HOUR - (h.clock.now() % HOUR));
}

describe('escalating MFA lockout', () => {
  it('keeps the 10-second lock for two failed rounds, then locks 15 minutes doubling up to 24 hours', async () => {
    for (const lockMs of LOCKS) {
      expect(await failRound()).toBe(lockMs / SECOND);
      h.clock.advance(lockMs - SECOND);
      await refresh();
      // Locked to the last second: even the right code waits, and counts for nothing.
      const early = await verify(authenticatorCode(secret, h.clock.now()));
      expectError(early, 403, 'mfa_verification_max_attempts_reached');
      expect(early.headers['retry-after']).toBe('1');
      h.clock.advance(SECOND);
      // The next round opens later (the hourly limit of codes would otherwise answer first).
      toNextHour();
      // Housekeeping keeps the count, though the challenge and its lock are over.
      await h.server.gatehouse.sweep(h.clock.now());
      await refresh();
    }
  });

  it('starts over after a right code: the next failed round locks 10 seconds again', async () => {
    for (const lockMs of LOCKS.slice(0, 4)) {
      await failRound();
      h.clock.advance(lockMs);
      toNextHour();
      await refresh();
    }
    expect((await verify(authenticatorCode(secret, h.clock.now()))).statusCode).toBe(200);
    h.clock.advance(30 * SECOND);
    await failRound();
    h.clock.advance(10 * SECOND);
    expect((await verify(authenticatorCode(secret, h.clock.now()))).statusCode).toBe(200);
  });

  it('forgets the count two days after the last wrong code', async () => {
    for (const lockMs of LOCKS.slice(0, 2)) {
      await failRound();
      h.clock.advance(lockMs);
    }
    h.clock.advance(CODE_LOCKOUT_FORGET_MS);
    await refresh();
    await failRound();
    h.clock.advance(10 * SECOND);
    expect((await verify(authenticatorCode(secret, h.clock.now()))).statusCode).toBe(200);
  });

  it('is counted in the database: two API processes on one database share the count and the lock', async () => {
    const second = await buildServer({
      databaseUrl: h.databaseUrl,
      secret: h.database.secret,
      publicUrl: PUBLIC_URL,
      recoveryKey,
      now: h.clock.now,
    });
    try {
      const both = [h, via(second)];
      for (const lockMs of LOCKS.slice(0, 2)) {
        await failRound(both);
        h.clock.advance(lockMs);
      }
      await failRound(both);
      // The third round locks for 15 minutes, on either process.
      h.clock.advance(15 * MINUTE - SECOND);
      await refresh();
      for (const server of both) {
        expectError(
          await verify(authenticatorCode(secret, h.clock.now()), server),
          403,
          'mfa_verification_max_attempts_reached',
        );
      }
      h.clock.advance(SECOND);
      expect((await verify(authenticatorCode(secret, h.clock.now()), via(second))).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MAX_ATTEMPTS } from '../../src/protocol/constants.js';
import {
  CODE_LOCKOUT_FORGET_MS,
  CODE_LOCKOUT_FREE_ROUNDS,
  lockoutAfter,
} from '../../src/server/services/login/code-lockout.js';
import { TwilioPeer, twilioAccount } from '../support/twilio.js';
import { type Harness, startHarness } from './harness.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const LOCKED = { code: 'too_many_requests', message: 'Too many requests. Please wait before trying again.' };
const ROOMY = { max: 10_000, windowMs: 10 * MINUTE };
/** The per-window limits out of the way: what is tested is the lockout alone. */
const rateLimits = {
  passwordlessInitPerEmail: ROOMY,
  passwordlessInitPerIp: ROOMY,
  passwordlessAuthenticatePerEmail: ROOMY,
  passwordlessAuthenticatePerIp: ROOMY,
};

const account = twilioAccount();
let twilio: TwilioPeer;
let h: Harness;
const started: Harness[] = [];
async function start(options: Parameters<typeof startHarness>[0]): Promise<void> {
  h = await startHarness(options);
  started.push(h);
}
beforeAll(async () => {
  twilio = new TwilioPeer(account, twilioAccount());
  await twilio.start();
});
afterAll(async () => {
  await twilio.stop();
});
afterEach(async () => {
  for (const harness of started.splice(0)) await harness.close();
});

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** An answer, with its Retry-After header if any. */
interface Answer {
  status: number;
  body: unknown;
  retryAfter?: string;
  exposed?: string;
}

interface Channel {
  init(): Promise<Answer & { code?: string }>;
  authenticate(code: string): Promise<Answer>;
}

const answer = (response: LightMyRequestResponse): Answer => ({
  status: response.statusCode,
  body: response.json(),
  retryAfter: response.headers['retry-after'] as string | undefined,
  exposed: response.headers['access-control-expose-headers'] as string | undefined,
});

function emailChannel(address: string, headers: Record<string, string> = {}): Channel {
  return {
    async init() {
      const since = h.mailbox.messages.length;
      const response = await h.post('/api/v1/passwordless/init', { email: address }, headers);
      if (response.statusCode !== 200) return answer(response);
      return { status: 200, code: await h.mailbox.codeFor(address, since), body: response.json() };
    },
    async authenticate(code) {
      const response = await h.post('/api/v1/passwordless/authenticate', { email: address, code }, headers);
      return answer(response);
    },
  };
}

function smsChannel(phoneNumber: string): Channel {
  return {
    async init() {
      const since = twilio.messages.length;
      const response = await h.post('/api/v1/passwordless_sms/init', { phoneNumber });
      if (response.statusCode !== 200) return answer(response);
      return { status: 200, code: await twilio.codeFor(phoneNumber, since), body: response.json() };
    },
    async authenticate(code) {
      const response = await h.post('/api/v1/passwordless_sms/authenticate', { phoneNumber, code });
      return answer(response);
    },
  };
}

/** One failed round: a new code, then CODE_MAX_ATTEMPTS wrong ones. */
async function failRound(channel: Channel): Promise<void> {
  const { status, code } = await channel.init();
  expect(status).toBe(200);
  for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
    expect((await channel.authenticate(wrong(code as string))).status).toBe(422);
  }
}

/** Sending and checking codes are refused, with Retry-After: the lock's remaining `seconds`. */
async function expectLocked(channel: Channel, seconds: number): Promise<void> {
  const init = await channel.init();
  expect(init.status).toBe(429);
  expect(init.body).toEqual(LOCKED);
  expect(init.retryAfter).toBe(String(seconds));
  // The page may read it too: CORS exposes it.
  expect(init.exposed).toBe('Retry-After');
  const guess = await channel.authenticate('123456');
  expect(guess.status).toBe(429);
  expect(guess.body).toEqual(LOCKED);
  expect(guess.retryAfter).toBe(String(seconds));
}

describe('escalating lockout after failed code rounds', () => {
  it('is 15 minutes after three failed rounds, then doubles with each further one, up to a day', () => {
    const rounds = (n: number) => lockoutAfter(n * CODE_MAX_ATTEMPTS);
    expect([1, 2].map(rounds)).toEqual([0, 0]);
    expect([3, 4, 5, 6, 7, 8, 9, 10, 11, 40].map(rounds)).toEqual([
      15 * MINUTE,
      30 * MINUTE,
      HOUR,
      2 * HOUR,
      4 * HOUR,
      8 * HOUR,
      16 * HOUR,
      24 * HOUR,
      24 * HOUR,
      24 * HOUR,
    ]);
    // Only a completed round locks.
    expect(lockoutAfter(CODE_LOCKOUT_FREE_ROUNDS * CODE_MAX_ATTEMPTS + 1)).toBe(0);
  });

  it('never counts a right code as a wrong one', async () => {
    await start({ rateLimits });
    const person = emailChannel('regular@example.com');
    const { code } = await person.init();
    expect((await person.authenticate(code as string)).status).toBe(200);
    // One wrong code short of the lock: still free to ask for a code.
    for (let round = 1; round < CODE_LOCKOUT_FREE_ROUNDS; round++) await failRound(person);
    const last = await person.init();
    for (let i = 1; i < CODE_MAX_ATTEMPTS; i++) {
      expect((await person.authenticate(wrong(last.code as string))).status).toBe(422);
    }
    expect((await person.init()).status).toBe(200);
  });

  it.each([
    ['email', () => emailChannel('victim@example.com')],
    ['SMS', () => smsChannel('+14155550123')],
  ])('locks an address (%s), escalates, and lets it in again once the lock is over', async (_name, make) => {
    await start({
      rateLimits,
      twilio: { ...account, from: '+12015550100' },
      twilioBaseUrl: twilio.url,
    });
    await h.server.gatehouse.apps.update(h.appId, [{ field: 'sms_auth', value: true }]);
    const channel = make();
    for (let round = 0; round < CODE_LOCKOUT_FREE_ROUNDS; round++) await failRound(channel);
    await expectLocked(channel, 15 * 60);
    h.clock.advance(15 * MINUTE - 1000);
    await expectLocked(channel, 1);
    h.clock.advance(1000);

    // One more failed round: twice as long.
    await failRound(channel);
    h.clock.advance(15 * MINUTE);
    await expectLocked(channel, 15 * 60);
    h.clock.advance(15 * MINUTE);

    // The owner's right code clears the count.
    const { code } = await channel.init();
    expect((await channel.authenticate(code as string)).status).toBe(200);
    await failRound(channel);
    expect((await channel.init()).status).toBe(200);
  });

  it('is per address and per app, and forgotten after two quiet days', async () => {
    await start({ rateLimits });
    const victim = emailChannel('victim@example.com');
    for (let round = 0; round < CODE_LOCKOUT_FREE_ROUNDS; round++) await failRound(victim);
    await expectLocked(victim, 15 * 60);
    expect((await emailChannel('other@example.com').init()).status).toBe(200);
    const other = await h.server.gatehouse.apps.create('Other', ['https://other.example']);
    const elsewhere = emailChannel('victim@example.com', {
      'gatehouse-app-id': other.id,
      origin: 'https://other.example',
    });
    expect((await elsewhere.init()).status).toBe(200);

    h.clock.advance(CODE_LOCKOUT_FORGET_MS);
    await failRound(victim);
    await failRound(victim);
    expect((await victim.init()).status).toBe(200);
  });
});

describe('a right code', () => {
  it('is spent once when two tries send it at the same time', async () => {
    await start({ rateLimits });
    const { codes } = h.server.gatehouse;
    const code = await codes.issue(h.appId, 'email', 'twice@example.com');
    const tries = await Promise.all(
      Array.from({ length: 4 }, () => codes.verify(h.appId, 'email', 'twice@example.com', code)),
    );
    expect(tries.filter(Boolean)).toHaveLength(1);
  });

  it('is refused while its address is locked, and spent once the lock is over', async () => {
    await start({ rateLimits });
    const { codes, db } = h.server.gatehouse;
    const code = await codes.issue(h.appId, 'email', 'locked@example.com');
    // A lock that came while the code was live (another process's wrong tries).
    const key = { app_id: h.appId, channel: 'email', destination: 'locked@example.com' };
    const lockedUntil = h.clock.now() + 15 * MINUTE;
    await db
      .insertInto('code_lockouts')
      .values({ ...key, wrong_codes: 15, last_wrong_at: h.clock.now(), locked_until: lockedUntil })
      .execute();
    await expect(codes.verify(h.appId, 'email', 'locked@example.com', code)).rejects.toMatchObject(LOCKED);
    h.clock.advance(5 * MINUTE);
    await db
      .updateTable('code_lockouts')
      .set({ locked_until: h.clock.now() })
      .where('app_id', '=', h.appId)
      .execute();
    expect(await codes.verify(h.appId, 'email', 'locked@example.com', code)).toBe(true);
    // Its count is cleared with it.
    expect(await db.selectFrom('code_lockouts').selectAll().where('app_id', '=', h.appId).execute()).toEqual(
      [],
    );
  });
});

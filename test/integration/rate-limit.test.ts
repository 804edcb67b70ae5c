import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../src/server/app.js';
import { type Harness, PUBLIC_URL, startHarness } from './harness.js';

const INIT = '/api/v1/passwordless/init';
const AUTHENTICATE = '/api/v1/passwordless/authenticate';
const WINDOW = 60_000;
const roomy = { max: 1000, windowMs: WINDOW };
const TOO_MANY = {
  code: 'too_many_requests',
  message: 'Too many requests. Please wait before trying again.',
};

describe('rate limits', () => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  const fromIp = (ip: string) => ({ remoteAddress: ip });
  const init = (email: string, ip = '203.0.113.1') =>
    h.inject({
      method: 'POST',
      url: INIT,
      headers: { 'gatehouse-app-id': h.appId },
      payload: { email },
      ...fromIp(ip),
    });
  const authenticate = (email: string, ip = '203.0.113.1') =>
    h.inject({
      method: 'POST',
      url: AUTHENTICATE,
      headers: { 'gatehouse-app-id': h.appId },
      payload: { email, code: '000000' },
      ...fromIp(ip),
    });

  it('limits code requests per email, from any address, until the window passes', async () => {
    h = await startHarness({
      rateLimits: { passwordlessInitPerEmail: { max: 3, windowMs: WINDOW }, passwordlessInitPerIp: roomy },
    });
    for (let i = 0; i < 3; i += 1)
      expect((await init('alice@example.com', `198.51.100.${i}`)).statusCode).toBe(200);
    const limited = await init('ALICE@example.com', '198.51.100.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY);
    // Retry-After: the seconds until the window ends, at the next multiple of WINDOW.
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBe(Math.ceil((WINDOW - (h.clock.now() % WINDOW)) / 1000));
    // And the IETF fields: the quota (3 per 60 s), none of it left until the window resets.
    expect(limited.headers['ratelimit-policy']).toBe('"passwordless_init_email";q=3;w=60');
    expect(limited.headers.ratelimit).toBe(`"passwordless_init_email";r=0;t=${retryAfter}`);
    expect(limited.headers['access-control-expose-headers']).toBe('Retry-After, RateLimit, RateLimit-Policy');
    await h.server.gatehouse.mailer.settled();
    expect(h.mailbox.messages).toHaveLength(3);
    expect((await init('bob@example.com')).statusCode).toBe(200);
    h.clock.advance(retryAfter * 1000 - 1000);
    expect((await init('alice@example.com')).statusCode).toBe(429);
    h.clock.advance(1000);
    expect((await init('alice@example.com')).statusCode).toBe(200);
  });

  it('limits code requests per IP address across emails', async () => {
    h = await startHarness({
      rateLimits: { passwordlessInitPerIp: { max: 2, windowMs: WINDOW }, passwordlessInitPerEmail: roomy },
    });
    expect((await init('a@example.com')).statusCode).toBe(200);
    expect((await init('b@example.com')).statusCode).toBe(200);
    const limited = await init('c@example.com');
    expect(limited.json()).toEqual(TOO_MANY);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await init('c@example.com', '203.0.113.2')).statusCode).toBe(200);
  });

  it('limits code checks per email, so a code cannot be guessed by spreading over addresses', async () => {
    h = await startHarness({
      rateLimits: {
        passwordlessAuthenticatePerEmail: { max: 2, windowMs: WINDOW },
        passwordlessAuthenticatePerIp: roomy,
      },
    });
    const code = await h.requestCode('alice@example.com');
    expect((await authenticate('alice@example.com', '198.51.100.1')).statusCode).toBe(422);
    expect((await authenticate('alice@example.com', '198.51.100.2')).statusCode).toBe(422);
    const limited = await h.inject({
      method: 'POST',
      url: AUTHENTICATE,
      headers: { 'gatehouse-app-id': h.appId },
      payload: { email: 'alice@example.com', code },
      remoteAddress: '198.51.100.3',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual(TOO_MANY);
  });

  it('limits code checks per IP address across emails', async () => {
    h = await startHarness({
      rateLimits: {
        passwordlessAuthenticatePerIp: { max: 2, windowMs: WINDOW },
        passwordlessAuthenticatePerEmail: roomy,
      },
    });
    expect((await authenticate('a@example.com')).statusCode).toBe(422);
    expect((await authenticate('b@example.com')).statusCode).toBe(422);
    expect((await authenticate('c@example.com')).json()).toEqual(TOO_MANY);
    expect((await authenticate('c@example.com', '203.0.113.7')).statusCode).toBe(422);
  });

  it('lets a dozen logins from one address through with the default limits', async () => {
    h = await startHarness();
    for (let i = 0; i < 12; i += 1) {
      const result = await h.login('repeat@example.com');
      expect(result.is_new_user).toBe(i === 0);
    }
  });

  it('holds across several API processes sharing one database', async () => {
    const rateLimits = {
      passwordlessInitPerEmail: { max: 2, windowMs: WINDOW },
      passwordlessInitPerIp: roomy,
    };
    h = await startHarness({ rateLimits });
    const second = await buildServer({
      databaseUrl: h.databaseUrl,
      secret: h.database.secret,
      publicUrl: PUBLIC_URL,
      smtpUrl: h.mailbox.url,
      now: h.clock.now,
      rateLimits,
    });
    try {
      const viaSecond = () =>
        second.inject({
          method: 'POST',
          url: INIT,
          headers: { 'gatehouse-app-id': h.appId },
          payload: { email: 'shared@example.com' },
        });
      expect((await init('shared@example.com')).statusCode).toBe(200);
      expect((await viaSecond()).statusCode).toBe(200);
      expect((await init('shared@example.com')).statusCode).toBe(429);
      expect((await viaSecond()).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('counts every bucket of a request, names the first spent, and counts one bucket twice twice', async () => {
    h = await startHarness();
    const limiter = h.server.gatehouse.rateLimiter;
    const two = { max: 2, windowMs: WINDOW };
    const ten = { max: 10, windowMs: WINDOW };
    expect(
      await limiter.spent([
        ['k:ip:a', two],
        ['k:email:x', ten],
      ]),
    ).toBeUndefined();
    expect(
      await limiter.spent([
        ['k:ip:a', two],
        ['k:email:x', ten],
      ]),
    ).toBeUndefined();
    // The IP's allowance is spent: it is the one named, and the email's bucket still counts.
    expect(
      await limiter.spent([
        ['k:ip:a', two],
        ['k:email:x', ten],
      ]),
    ).toEqual(['k:ip:a', two]);
    expect(await limiter.spent([['k:email:x', { max: 3, windowMs: WINDOW }]])).toEqual([
      'k:email:x',
      { max: 3, windowMs: WINDOW },
    ]);
    // The same bucket twice in one request: two hits.
    expect(
      await limiter.spent([
        ['k:ip:b', two],
        ['k:ip:b', two],
      ]),
    ).toBeUndefined();
    expect(await limiter.hit('k:ip:b', two)).toBe(false);
  });
});

import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/protocol/api.js';
import { HEADERS } from '../../src/protocol/constants.js';
import type { JwksResponse } from '../../src/protocol/server-api.js';
import { buildServer } from '../../src/server/app.js';
import { type Harness, ORIGIN, PUBLIC_URL, runCliCaptured, startHarness } from './harness.js';

let h: Harness;
const others: FastifyInstance[] = [];
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  for (const server of others.splice(0)) await server.close();
  await h.close();
});

/** Another provider process on the same database (it loads the signing keys as they are now). */
async function anotherProcess(): Promise<FastifyInstance> {
  const server = await buildServer({
    databaseUrl: h.databaseUrl,
    secret: h.database.secret,
    publicUrl: PUBLIC_URL,
    clientDir: join(h.dir, 'no-client'),
  });
  others.push(server);
  return server;
}

const kidOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[0] as string, 'base64url').toString()) as { kid: string }).kid;

async function call(server: FastifyInstance, body: object, bearer?: string) {
  return server.inject({
    method: 'POST',
    url: '/api/v1/sessions',
    headers: {
      [HEADERS.appId]: h.appId,
      origin: ORIGIN,
      'content-type': 'application/json',
      ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
    },
    payload: JSON.stringify(body),
  });
}

async function jwks(server: FastifyInstance): Promise<string[]> {
  const response = await server.inject({ method: 'GET', url: `/api/v1/apps/${h.appId}/jwks.json` });
  return response.json<JwksResponse>().keys.map((key) => key.kid);
}

const keys = (...argv: string[]) => runCliCaptured(h.database.env, ['keys', ...argv]);

describe('rotating the signing key without logging anyone out', () => {
  it('a new key signs after a restart, both verify meanwhile, and retiring the old one ends only its tokens', async () => {
    const first = await h.login('ada@example.com');
    const oldKid = kidOf(first.token);
    const rotated = await keys('rotate');
    expect(rotated.code).toBe(0);
    const newKid = /Added signing key (\S+):/.exec(rotated.stdout)?.[1] as string;
    expect(rotated.stdout).toContain(`${oldKid}\t`);
    expect(rotated.stdout).toContain(`${newKid}\t`);
    expect(rotated.stdout).toMatch(new RegExp(`${newKid}\\t\\S+\\tsigns`));

    // A process started after the rotation signs with the new key and accepts the old key's tokens.
    const restarted = await anotherProcess();
    expect(await jwks(restarted)).toEqual([oldKid, newKid]);
    expect((await call(restarted, {}, first.token)).statusCode).toBe(200);
    const refreshed = await call(restarted, { refresh_token: first.refresh_token });
    expect(refreshed.statusCode).toBe(200);
    const second = refreshed.json<AuthResult>();
    expect(kidOf(second.token)).toBe(newKid);
    // A process not yet restarted accepts the new key's tokens too (it reads the keys again).
    expect((await call(h.server, {}, second.token)).statusCode).toBe(200);
    expect(await jwks(h.server)).toEqual([oldKid, newKid]);

    const refused = await keys('retire', newKid);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is the one that signs: rotate first');
    const retired = await keys('retire', oldKid);
    expect(retired.code).toBe(0);
    expect(retired.stdout).not.toContain(`${oldKid}\t`);

    // After the retirement and a restart: the old key's tokens are refused, the session goes on.
    const later = await anotherProcess();
    expect(await jwks(later)).toEqual([newKid]);
    expect((await call(later, {}, first.token)).statusCode).toBe(401);
    expect((await call(later, {}, second.token)).statusCode).toBe(200);
    expect((await call(later, { refresh_token: second.refresh_token })).statusCode).toBe(200);
  });

  it('refuses unknown keys and wrong usage', async () => {
    expect((await keys('retire', 'nope')).stderr).toContain('No signing key nope');
    expect((await keys('turn')).code).toBe(2);
    const listed = await keys('list');
    expect(listed.code).toBe(0);
    expect(listed.stdout.trim().split('\n')).toHaveLength(1);
    expect(listed.stdout).toContain('\tsigns');
  });
});

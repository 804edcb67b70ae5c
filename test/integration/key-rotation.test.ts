import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/protocol/api.js';
import { HEADERS, USER_DID_PREFIX } from '../../src/protocol/constants.js';
import type { JwksResponse } from '../../src/protocol/server-api.js';
import { buildServer } from '../../src/server/app.js';
import {
  KEY_ACTIVATION_DELAY_MS,
  retireSigningKey,
} from '../../src/server/services/sessions/signing-keys.js';
import { type Harness, ORIGIN, PUBLIC_URL, runCliCaptured, startHarness } from './harness.js';

/**
 * Rotating the token signing key while two provider processes serve one database (on their own
 * clocks, as real processes): neither is restarted at any step, a backend verifying with the JWKS
 * of either (jose, as a backend would, or through OpenID Connect discovery) never meets a token
 * whose key it cannot find, and a retired key stops counting everywhere.
 */
let h: Harness;
const processes: FastifyInstance[] = [];
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  for (const server of processes.splice(0)) await server.close();
  await h.close();
});

/** A provider process on the harness's database, listening on a port of its own. */
async function startProcess(): Promise<{ server: FastifyInstance; url: string }> {
  const server = await buildServer({
    databaseUrl: h.databaseUrl,
    secret: h.database.secret,
    publicUrl: PUBLIC_URL,
    clientDir: join(h.dir, 'no-client'),
  });
  processes.push(server);
  return { server, url: await server.listen({ host: '127.0.0.1', port: 0 }) };
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

async function published(url: string): Promise<string[]> {
  const response = await fetch(`${url}/api/v1/apps/${h.appId}/jwks.json`);
  return ((await response.json()) as JwksResponse).keys.map((key) => key.kid);
}

/** A backend verifying a token with a process's JWKS, as jose does it (fetched, cached by kid). */
async function backendAccepts(url: string, token: string): Promise<boolean> {
  const keys = createRemoteJWKSet(new URL(`${url}/api/v1/apps/${h.appId}/jwks.json`));
  return jwtVerify(token, keys, { issuer: PUBLIC_URL, audience: h.appId }).then(
    () => true,
    () => false,
  );
}

const keys = (...argv: string[]) => runCliCaptured(h.database.env, ['keys', ...argv]);
const within = { timeout: 7_000, interval: 250 };

describe('rotating the signing key without a restart', () => {
  it('every process publishes the new key within seconds, signs with it when it is due, and drops a retired one', async () => {
    const [a, b] = [await startProcess(), await startProcess()];
    const first = (
      await call(a.server, { refresh_token: (await h.login('ada@example.com')).refresh_token })
    ).json<AuthResult>();
    const oldKid = kidOf(first.token);

    const rotated = await keys('rotate');
    expect(rotated.code).toBe(0);
    const newKid = /Added signing key (\S+):/.exec(rotated.stdout)?.[1] as string;
    expect(rotated.stdout).toMatch(new RegExp(`${oldKid}\\t\\S+\\tsigns\\n`));
    expect(rotated.stdout).toMatch(new RegExp(`${newKid}\\t\\S+\\tpublished\\tsigns from \\S+`));
    // Both processes publish it within seconds; they still sign with the old key meanwhile.
    for (const process of [a, b]) {
      await expect.poll(() => published(process.url), within).toEqual([oldKid, newKid]);
    }
    const meanwhile = (await call(b.server, { refresh_token: first.refresh_token })).json<AuthResult>();
    expect(kidOf(meanwhile.token)).toBe(oldKid);

    // Six minutes later (moved here in the database): both sign with the new key, no restart.
    await h.server.gatehouse.db
      .updateTable('signing_keys')
      .set({ signs_from: Date.now() - 1 })
      .where('kid', '=', newKid)
      .execute();
    let tokens: AuthResult[] = [];
    let refresh = meanwhile.refresh_token;
    await expect
      .poll(async () => {
        tokens = [];
        for (const process of [a, b]) {
          const next = (await call(process.server, { refresh_token: refresh })).json<AuthResult>();
          tokens.push(next);
          refresh = next.refresh_token;
        }
        return tokens.map((token) => kidOf(token.token));
      }, within)
      .toEqual([newKid, newKid]);
    // A backend verifies each process's token with either process's JWKS, and the old one too.
    for (const process of [a, b]) {
      for (const token of [...tokens.map((t) => t.token), first.token]) {
        expect(await backendAccepts(process.url, token)).toBe(true);
      }
    }

    // Retiring the old key waits until its last token has expired.
    const early = await keys('retire', oldKid);
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(
      new RegExp(`Tokens signed by ${oldKid} are valid until \\S+: retire it after that`),
    );
    const later = () => Date.now() + KEY_ACTIVATION_DELAY_MS + 2 * 3_600_000;
    await retireSigningKey(h.server.gatehouse.db, oldKid, later);
    for (const process of [a, b]) {
      await expect.poll(() => published(process.url), within).toEqual([newKid]);
      expect((await call(process.server, {}, first.token)).statusCode).toBe(401);
      expect((await call(process.server, {}, tokens[1]?.token)).statusCode).toBe(200);
    }
  });

  it('OpenID Connect discovery names the issuer of the tokens and the keys that verify them', async () => {
    const { url } = await startProcess();
    const login = await h.login('grace@example.com');
    const discovery = await fetch(`${url}/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    const document = (await discovery.json()) as { issuer: string; jwks_uri: string };
    expect(document.issuer).toBe(PUBLIC_URL);
    expect(document.jwks_uri).toBe(`${PUBLIC_URL}/.well-known/jwks.json`);
    // The test's public URL is not this process's address: follow the path, as a proxy would.
    const keySet = createRemoteJWKSet(new URL(new URL(document.jwks_uri).pathname, url));
    const { payload } = await jwtVerify(login.token, keySet, { issuer: document.issuer, audience: h.appId });
    expect(payload.sub).toBe(`${USER_DID_PREFIX}${login.user.id}`);
  });

  it('refuses unknown keys, the signing key and wrong usage; --force retires a leaked key at once', async () => {
    expect((await keys('retire', 'nope')).stderr).toContain('No signing key nope');
    // A thumbprint is base64url, so one key in 64 starts with a dash: it is still a kid, not a flag.
    expect((await keys('retire', '-sQ3nope')).stderr).toContain('No signing key -sQ3nope');
    expect((await keys('retire', '-x')).stderr).toContain("Unknown option '-x'.");
    expect((await keys('turn')).code).toBe(2);
    const listed = await keys('list');
    expect(listed.code).toBe(0);
    expect(listed.stdout.trim().split('\n')).toHaveLength(1);
    const [signing] = listed.stdout.split('\t');
    expect((await keys('retire', signing as string)).stderr).toContain('is the one that signs: rotate first');
    const newKid = /Added signing key (\S+):/.exec((await keys('rotate')).stdout)?.[1] as string;
    // A rotation called off: the new key has signed nothing, so it goes at once.
    expect((await keys('retire', newKid)).code).toBe(0);
    await keys('rotate');
    await h.server.gatehouse.db
      .updateTable('signing_keys')
      .set({ signs_from: 0 })
      .where('kid', '!=', signing as string)
      .execute();
    const forced = await keys('retire', signing as string, '--force');
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).not.toContain(`${signing}\t`);
  });
});

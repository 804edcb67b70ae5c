/**
 * The OpenAPI document as client generators take it: @redocly/cli's recommended ruleset finds no
 * error in it, and openapi-typescript's types of it give the user and a login's answer real types
 * (not never, not unknown), checked by tsc.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENAPI_PATH } from '../../src/server/http/openapi.js';
import { type Harness, startHarness } from './harness.js';

const run = promisify(execFile);
const BIN = join(process.cwd(), 'node_modules', '.bin');

let harness: Harness;
let dir: string;
let docFile: string;
let doc: Record<string, unknown>;
beforeAll(async () => {
  harness = await startHarness();
  doc = (await harness.inject({ method: 'GET', url: OPENAPI_PATH })).json();
  dir = mkdtempSync(join(tmpdir(), 'gatehouse-openapi-'));
  docFile = join(dir, 'openapi.json');
  writeFileSync(docFile, JSON.stringify(doc));
});
afterAll(async () => {
  await harness?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Type-level checks over the generated types: tsc fails on any of them that is not true. */
const CHECKS = `
import type { components, paths } from './api';

type Json<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends {
  responses: { [K in S]: { content: { 'application/json': infer T } } };
}
  ? T
  : never;
type Is<T, Expected> = [T] extends [never] ? false : unknown extends T ? false : [T] extends [Expected] ? true : false;
type Assert<T extends true> = T;

type Auth = Json<'/api/v1/passwordless/authenticate', 'post', 200>;
type User = Auth['user'];
export type Checks = [
  Assert<Is<Auth['token'], string>>,
  Assert<Is<Auth['refresh_token'], string | null>>,
  Assert<Is<Auth['is_new_user'], boolean>>,
  Assert<Is<User['id'], string>>,
  Assert<Is<User['created_at'], number>>,
  Assert<Is<User['has_accepted_terms'], boolean>>,
  Assert<Is<User['linked_accounts'][number]['type'], string>>,
  Assert<Is<User['mfa_methods'][number]['type'], 'sms' | 'totp' | 'passkey'>>,
  Assert<Is<Json<'/api/v1/users/{id}', 'get', 200>['user']['id'], string>>,
  Assert<Is<Json<'/api/v1/sessions', 'post', 200>['user'], User | null>>,
  Assert<Is<components['schemas']['Error']['code'], string>>,
];
`;

describe('the OpenAPI document for client generators', () => {
  it("has no error under @redocly/cli's recommended rules", { timeout: 60_000 }, async () => {
    const { stdout } = await run(
      join(BIN, 'redocly'),
      ['lint', '--extends', 'recommended', '--format', 'json', docFile],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as {
      totals: { errors: number };
      problems: Array<{ ruleId: string; message: string }>;
    };
    expect(
      report.problems.filter((problem) => (problem as { severity?: string }).severity === 'error'),
    ).toEqual([]);
    expect(report.totals.errors).toBe(0);
  });

  it('types the user and the auth result with openapi-typescript', { timeout: 60_000 }, async () => {
    writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(JSON.stringify(doc))));
    writeFileSync(join(dir, 'checks.ts'), CHECKS);
    const result = await run(join(BIN, 'tsc'), [
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      join(dir, 'checks.ts'),
    ]).then(
      () => ({ stdout: '' }),
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }),
    );
    expect(result.stdout).toBe('');
  });
});

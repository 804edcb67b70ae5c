import { Wallet } from 'ethers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FARCASTER_DEFAULT_ENDPOINTS } from '../../src/server/services/farcaster/settings.js';
import { type Harness, runCliCaptured, startHarness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

const set = (...assignments: string[]) =>
  runCliCaptured(h.database.env, ['apps', 'set', h.appId, ...assignments]);

describe('gatehouse apps set: Farcaster settings', () => {
  it('refuses what is not a fid, a key or an http(s) URL', async () => {
    for (const [assignment, error] of [
      ['farcaster.fid=alice', 'Invalid value for farcaster.fid'],
      ['farcaster.custody_key=0x1234', 'Invalid value for farcaster.custody_key'],
      ['farcaster.custody_key=not a recovery phrase', 'Invalid value for farcaster.custody_key'],
      ['farcaster.hub_url=grpc://hub.example:3383', 'Invalid value for farcaster.hub_url'],
    ] as const) {
      expect(await set(assignment)).toMatchObject({ code: 2, stderr: expect.stringContaining(error) });
    }
  });

  it('keeps the identity and the endpoints server-only, the custody key encrypted at rest', async () => {
    const custody = Wallet.createRandom();
    const run = await set(
      'farcaster.fid=9152',
      `farcaster.custody_key=${custody.privateKey}`,
      'farcaster.hub_url=https://hub.example/',
      'farcaster.hub_api_key=hub-secret',
      'farcaster_auth=true',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      'farcaster.custody_key, farcaster.fid, farcaster.hub_api_key, farcaster.hub_url',
    );
    expect(JSON.parse(run.stdout)).toMatchObject({ farcaster_auth: true });
    for (const secret of [custody.privateKey.slice(2), 'hub-secret', 'hub.example']) {
      expect(run.stdout + run.stderr).not.toContain(secret);
    }
    const rows = await h.server.gatehouse.db.selectFrom('app_secrets').select(['name', 'value']).execute();
    expect(rows.map((row) => row.value).join(' ')).not.toContain(custody.privateKey.slice(2));

    const { settings } = h.server.gatehouse.farcaster;
    expect(await settings.identity(h.appId)).toEqual({ fid: 9152, custodyKey: custody.privateKey });
    expect(await settings.endpoints(h.appId)).toEqual({
      ...FARCASTER_DEFAULT_ENDPOINTS,
      hubUrl: 'https://hub.example',
    });

    const phrase = Wallet.createRandom().mnemonic?.phrase as string;
    expect((await set(`farcaster.custody_key=${phrase}`)).code).toBe(0);
    expect((await set('farcaster.custody_key=null')).stderr).not.toContain('custody_key');
    expect(await settings.identity(h.appId)).toBeUndefined();
  });
});

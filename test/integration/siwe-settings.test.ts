import { describe, expect, it } from 'vitest';
import { runCliCaptured } from './harness.js';
import { useSiweHarness } from './siwe-support.js';

const h = useSiweHarness();

describe('gatehouse apps set: SIWE settings', () => {
  const set = (...assignments: string[]) =>
    runCliCaptured(h.database.env, ['apps', 'set', h.appId, ...assignments]);

  it('refuses chain ids and RPC settings that are not, and keeps RPC URLs out of the public configuration', async () => {
    expect(await set('siwe.chain_ids=1,base')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Invalid value for siwe.chain_ids'),
    });
    expect(await set('rpc_url.base=https://rpc.example')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Invalid setting rpc_url.base'),
    });
    expect(await set('rpc_url.1=ftp://rpc.example')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Invalid value for rpc_url.1'),
    });
    const ok = await set('siwe.chain_ids=8453, 1,1', 'rpc_url.1=https://rpc.example/key');
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toContain('rpc_url.1, siwe.chain_ids');
    expect(ok.stdout).not.toContain('rpc.example');
    const cleared = await set('siwe.chain_ids=null', 'rpc_url.1=');
    expect(cleared.stderr).not.toContain('siwe');
  });
});

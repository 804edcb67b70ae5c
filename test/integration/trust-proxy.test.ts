import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { type Harness, startHarness } from './harness.js';

const INIT = '/api/v1/passwordless/init';
const TWO_PER_WINDOW = { passwordlessInitPerIp: { max: 2, windowMs: 60_000 } };

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  vi.restoreAllMocks();
});

/** Harness requests come from 127.0.0.1: here, the reverse proxy. */
async function behindProxy(trustProxy?: string): Promise<Harness> {
  h = await startHarness({ rateLimits: TWO_PER_WINDOW, ...(trustProxy ? { trustProxy } : {}) });
  return h;
}

let sent = 0;
/** A code request for a new address each time, forwarded for `forwardedFor`. */
async function initFrom(harness: Harness, forwardedFor: string): Promise<number> {
  sent += 1;
  const response = await harness.post(
    INIT,
    { email: `visitor${sent}@example.com` },
    { 'x-forwarded-for': forwardedFor },
  );
  return response.statusCode;
}

describe('GATEHOUSE_TRUST_PROXY', () => {
  it('refuses true, saying to list the proxies; takes addresses, CIDR ranges and named ranges', () => {
    expect(() => loadConfig({ GATEHOUSE_TRUST_PROXY: 'true' })).toThrow(
      /GATEHOUSE_TRUST_PROXY=true would trust the X-Forwarded-For header of every connection.*List the addresses/,
    );
    expect(() => loadConfig({ GATEHOUSE_TRUST_PROXY: '10.0.0.1, true' })).toThrow('List the addresses');
    expect(() => loadConfig({ GATEHOUSE_TRUST_PROXY: 'proxy.internal' })).toThrow(
      "GATEHOUSE_TRUST_PROXY: 'proxy.internal' is not an IP address, a CIDR range",
    );
    expect(() => loadConfig({ GATEHOUSE_TRUST_PROXY: '10.0.0.0/33' })).toThrow("'10.0.0.0/33'");
    expect(
      loadConfig({ GATEHOUSE_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '127.0.0.1', 'fd00::/8', 'loopback']);
    expect(loadConfig({ GATEHOUSE_TRUST_PROXY: 'false' }).trustProxy).toBeUndefined();
  });

  it('counts forwarded text that is not an IP address under the proxy’s own address', async () => {
    const harness = await behindProxy('127.0.0.1');
    expect(await initFrom(harness, 'not-an-ip-1')).toBe(200);
    expect(await initFrom(harness, 'not-an-ip-2')).toBe(200);
    expect(await initFrom(harness, 'not-an-ip-3')).toBe(429);
  });

  it('counts each client behind a trusted proxy apart, by the address the proxy saw, not one it was told', async () => {
    const harness = await behindProxy('127.0.0.1');
    expect(await initFrom(harness, '198.51.100.1, 203.0.113.7')).toBe(200);
    // A client writing its own X-Forwarded-For only adds entries the proxy puts before the real one.
    expect(await initFrom(harness, '198.51.100.2, 203.0.113.7')).toBe(200);
    expect(await initFrom(harness, '198.51.100.3, 203.0.113.7')).toBe(429);
    expect(await initFrom(harness, '203.0.113.8')).toBe(200);
  });

  it('counts an IPv6 client by its /64', async () => {
    const harness = await behindProxy('127.0.0.1');
    expect(await initFrom(harness, '2001:db8:1:2::1')).toBe(200);
    expect(await initFrom(harness, '2001:db8:1:2:aaaa::2')).toBe(200);
    expect(await initFrom(harness, '2001:db8:1:2:ffff:ffff:ffff:3')).toBe(429);
    expect(await initFrom(harness, '2001:db8:1:3::1')).toBe(200);
  });

  it('unset, believes no X-Forwarded-For, and warns once that clients share the proxy’s bucket', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    const harness = await behindProxy();
    expect(await initFrom(harness, '203.0.113.10')).toBe(200);
    expect(await initFrom(harness, '203.0.113.11')).toBe(200);
    expect(await initFrom(harness, '203.0.113.12')).toBe(429);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain(
      'Requests arrive with X-Forwarded-For but GATEHOUSE_TRUST_PROXY is unset',
    );
  });
});

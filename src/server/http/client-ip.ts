import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UserError } from '../errors.js';

/** proxy-addr's names for address ranges, which Fastify's trustProxy accepts beside addresses. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const TRUST_PROXY_TRUE_REFUSED =
  'GATEHOUSE_TRUST_PROXY=true would trust the X-Forwarded-For header of every connection, so anyone ' +
  'could pick the address their rate limits are counted under. List the addresses (or CIDR ranges) ' +
  'of your reverse proxies instead, e.g. GATEHOUSE_TRUST_PROXY=127.0.0.1 or 10.0.0.0/8,fd00::/8 ' +
  '(or loopback, linklocal, uniquelocal).';

function isCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || prefix === undefined || rest.length > 0 || !/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * The reverse proxies whose X-Forwarded-For is believed (Fastify's trustProxy as a list):
 * addresses, CIDR ranges and proxy-addr's named ranges, comma-separated. `true` (trust anyone)
 * and anything else are refused with a UserError saying what to write instead.
 */
export function parseTrustedProxies(value: string | readonly string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const entries = (typeof value === 'string' ? value.split(',') : [...value])
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0 || (entries.length === 1 && entries[0] === 'false')) return undefined;
  if (entries.includes('true')) throw new UserError(TRUST_PROXY_TRUE_REFUSED);
  for (const entry of entries) {
    if (!NAMED_RANGES.has(entry) && isIP(entry) === 0 && !isCidr(entry)) {
      throw new UserError(
        `GATEHOUSE_TRUST_PROXY: '${entry}' is not an IP address, a CIDR range (10.0.0.0/8) or one of ${[...NAMED_RANGES].join(', ')}.`,
      );
    }
  }
  return entries;
}

/** An IPv6 client holds a whole /64: its first four groups are one rate-limit key. */
function ipv6Prefix64(address: string): string {
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * The client's address: the request's (from X-Forwarded-For only when the connection comes from a
 * trusted proxy), but never text that is not an IP address — then the connection's own address.
 */
export function clientAddress(request: FastifyRequest): string {
  return isIP(request.ip) !== 0 ? request.ip : (request.socket.remoteAddress ?? 'unknown');
}

/**
 * What per-IP limits count under: the client's address, IPv4-mapped IPv6 as its IPv4 address,
 * and other IPv6 addresses by their /64 (one subscriber's share).
 */
export function rateLimitAddress(request: FastifyRequest): string {
  const address = clientAddress(request);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  return isIP(address) === 6 ? ipv6Prefix64(address) : address;
}

/**
 * Behind a proxy without GATEHOUSE_TRUST_PROXY every visitor shares the proxy's address, and so
 * one rate-limit bucket: said once, loudly (a process warning on standard error), when a request
 * arrives with X-Forwarded-For.
 */
export function warnOfUntrustedForwarding(app: FastifyInstance): void {
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || request.headers['x-forwarded-for'] === undefined) return;
    warned = true;
    process.emitWarning(
      `Requests arrive with X-Forwarded-For but GATEHOUSE_TRUST_PROXY is unset: every client behind ` +
        `the proxy at ${request.socket.remoteAddress ?? 'an unknown address'} shares one rate-limit ` +
        'bucket. Set GATEHOUSE_TRUST_PROXY to the addresses of your reverse proxies.',
      { code: 'GATEHOUSE_TRUST_PROXY' },
    );
  });
}

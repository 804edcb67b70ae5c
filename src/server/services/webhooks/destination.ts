import type { LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { UserError } from '../../errors.js';

/** The setting that lets webhooks go to the addresses below (development and tests). */
const ALLOW_PRIVATE_VARIABLE = 'GATEHOUSE_WEBHOOKS_ALLOW_PRIVATE';
const PUBLIC_ONLY = `Webhooks go to public addresses only (${ALLOW_PRIVATE_VARIABLE}=true allows others, for development)`;

/** What a non-public address is, as a message says it ("a loopback address"). */
type Kind =
  | 'a loopback'
  | 'an unspecified'
  | 'a private'
  | 'a link-local'
  | 'a shared (CGNAT)'
  | 'a multicast'
  | 'a reserved';

/** IPv4 ranges a webhook may not reach: the host itself, its networks, the cloud's metadata service. */
const IPV4_RANGES: ReadonlyArray<[string, number, Kind]> = [
  ['0.0.0.0', 8, 'an unspecified'],
  ['10.0.0.0', 8, 'a private'],
  ['100.64.0.0', 10, 'a shared (CGNAT)'],
  ['127.0.0.0', 8, 'a loopback'],
  // 169.254.169.254 among them: the instance metadata (and credentials) of most clouds.
  ['169.254.0.0', 16, 'a link-local'],
  ['172.16.0.0', 12, 'a private'],
  ['192.168.0.0', 16, 'a private'],
  ['224.0.0.0', 4, 'a multicast'],
  ['240.0.0.0', 4, 'a reserved'],
];
const IPV6_RANGES: ReadonlyArray<[string, number, Kind]> = [
  ['::', 128, 'an unspecified'],
  ['::1', 128, 'a loopback'],
  ['fc00::', 7, 'a private'],
  ['fec0::', 10, 'a private'],
  ['fe80::', 10, 'a link-local'],
  ['ff00::', 8, 'a multicast'],
];
/** NAT64's well-known prefix: 64:ff9b::a.b.c.d reaches a.b.c.d through a translator. */
const NAT64_PREFIX = '64:ff9b::';

/**
 * One list per kind. An IPv4 rule also matches the address's IPv4-mapped IPv6 form
 * (::ffff:a.b.c.d), as node:net's BlockList does; the NAT64 form is added by hand.
 */
const BLOCKED = new Map<Kind, BlockList>();
function block(kind: Kind, network: string, prefix: number, type: 'ipv4' | 'ipv6'): void {
  const list = BLOCKED.get(kind) ?? new BlockList();
  list.addSubnet(network, prefix, type);
  BLOCKED.set(kind, list);
}
for (const [network, prefix, kind] of IPV4_RANGES) {
  block(kind, network, prefix, 'ipv4');
  block(kind, `${NAT64_PREFIX}${network}`, 96 + prefix, 'ipv6');
}
for (const [network, prefix, kind] of IPV6_RANGES) block(kind, network, prefix, 'ipv6');

/** What kind of non-public address `address` is; undefined for a public one (or no address at all). */
function nonPublicKind(address: string): Kind | undefined {
  const family = isIP(address);
  if (family === 0) return undefined;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [kind, list] of BLOCKED) if (list.check(address, type)) return kind;
  return undefined;
}

/** A URL's hostname without the brackets of an IPv6 literal. */
const bareHost = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * `apps set`: a webhook URL whose host is an address must be a public one, or the UserError naming
 * what it is. A host name is checked where it is resolved, at each delivery.
 */
export function checkWebhookUrl(field: string, url: string, allowPrivate: boolean): void {
  if (allowPrivate) return;
  const host = bareHost(new URL(url).hostname);
  const kind = nonPublicKind(host);
  if (kind) throw new UserError(`Invalid value for ${field}: ${host} is ${kind} address. ${PUBLIC_ONLY}.`, 2);
}

/** A delivery not attempted because its host is not public; the message says why, without the URL's path. */
export class WebhookRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookRefused';
  }
}

/** Every address of a host name (an address gives itself), as node:dns's lookup answers them. */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export const resolveHost: ResolveHost = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * The addresses a delivery to `hostname` may connect to: all it resolves to, refused (WebhookRefused)
 * when any of them is not public, unless `allowPrivate`. The connection is then made to these,
 * never to a second answer of the name server (pinned-post.ts).
 */
export async function checkedAddresses(
  hostname: string,
  allowPrivate: boolean,
  resolve: ResolveHost,
): Promise<LookupAddress[]> {
  const host = bareHost(hostname);
  const addresses = await resolve(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  for (const { address } of allowPrivate ? [] : addresses) {
    const kind = nonPublicKind(address);
    if (kind)
      throw new WebhookRefused(
        `Webhook not sent: ${host} resolves to ${address}, ${kind} address. ${PUBLIC_ONLY}.`,
      );
  }
  return addresses;
}

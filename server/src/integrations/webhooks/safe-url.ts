import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { apiRefusal } from '../api-refusal';

/**
 * Where a webhook may go (docs/api-v1.md#webhooks): outside dev mode, an https URL whose host resolves
 * only to public addresses, checked when the endpoint is made and again at each delivery (its host
 * may resolve elsewhere by then). Dev mode and tests may use http and the loopback address.
 */

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to all its addresses. */
export type HostLookup = (host: string) => Promise<ResolvedAddress[]>;

export const systemLookup: HostLookup = (host) => lookup(host, { all: true, verbatim: true });

/**
 * IPv4: loopback, private, shared, link-local (cloud metadata's 169.254.169.254), the 6to4 relays'
 * anycast, documentation, benchmarking, multicast and reserved ranges.
 */
const UNSAFE_V4 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  UNSAFE_V4.addSubnet(net, bits, 'ipv4');

/**
 * IPv6: only global unicast (2000::/3) may be reached, less the ranges in it that are no host on the
 * internet: the IETF's protocol assignments (Teredo apart, below) and the documentation ranges.
 */
const GLOBAL_V6 = new BlockList();
GLOBAL_V6.addSubnet('2000::', 3, 'ipv6');
const UNSAFE_GLOBAL_V6 = new BlockList();
for (const [net, bits] of [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
] as const)
  UNSAFE_GLOBAL_V6.addSubnet(net, bits, 'ipv6');

/** An IPv6 address's eight 16-bit groups (a dotted IPv4 ending read as the last two). */
function groupsOf(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const before = part(head);
  const after = part(tail);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** The IPv4 address held in two groups. */
const v4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * The IPv4 addresses an IPv6 address stands for, where it carries one: IPv4-compatible (::/96, `::`
 * and `::1` among them), IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96), well-known
 * NAT64 (64:ff9b::/96) in the last 32 bits; 6to4 (2002::/16) in bits 16 to 47; Teredo (2001::/32)
 * its server in bits 32 to 63 and its client in the last 32, inverted. Null for any other address.
 */
function embeddedV4(g: number[]): string[] | null {
  const zero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const last = v4Of(g[6]!, g[7]!);
  if (zero(0, 5) && (g[5] === 0 || g[5] === 0xffff)) return [last];
  if (zero(0, 4) && g[4] === 0xffff && g[5] === 0) return [last];
  if (g[0] === 0x64 && g[1] === 0xff9b && zero(2, 6)) return [last];
  if (g[0] === 0x2002) return [v4Of(g[1]!, g[2]!)];
  if (g[0] === 0x2001 && g[1] === 0) return [v4Of(g[2]!, g[3]!), v4Of(g[6]! ^ 0xffff, g[7]! ^ 0xffff)];
  return null;
}

function isUnsafeV6(address: string): boolean {
  if (address.includes('%')) return true; // a scoped address is a local link's
  const carried = embeddedV4(groupsOf(address));
  if (carried) return carried.some((v4) => UNSAFE_V4.check(v4, 'ipv4'));
  return !GLOBAL_V6.check(address, 'ipv6') || UNSAFE_GLOBAL_V6.check(address, 'ipv6');
}

/** Whether an address is one a webhook may not reach outside dev mode. */
export function isUnsafeAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 6 ? isUnsafeV6(address) : UNSAFE_V4.check(address, 'ipv4');
}

/** A URL's host without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The URL (`param` names its field), refused (422 unsafe_url) when it is not one a webhook may be sent to. */
export async function checkWebhookUrl(raw: string, devMode: boolean, resolve: HostLookup, param = 'url'): Promise<URL> {
  const unsafe = (why: string) => apiRefusal(422, 'unsafe_url', why, param);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw apiRefusal(400, 'invalid_request', `${param} is not a URL`, param);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw unsafe(`${param} must be an https URL`);
  if (url.username || url.password) throw unsafe(`${param} must not carry a user name or password`);
  if (devMode) return url;
  if (url.protocol !== 'https:') throw unsafe(`${param} must be an https URL`);
  const addresses = await addressesOf(hostOf(url), resolve).catch(() => {
    throw unsafe(`The host ${url.hostname} of ${param} could not be resolved`);
  });
  if (addresses.length === 0 || addresses.some((a) => isUnsafeAddress(a.address)))
    throw unsafe(`${param} must reach a public address: ${url.hostname} is loopback, private, link-local or reserved`);
  return url;
}

/** A host's addresses: an IP literal is its own. */
export async function addressesOf(host: string, resolve: HostLookup): Promise<ResolvedAddress[]> {
  const family = isIP(host);
  if (family !== 0) return [{ address: host, family }];
  return resolve(host);
}

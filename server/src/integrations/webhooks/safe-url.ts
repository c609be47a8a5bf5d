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
 * Loopback, private, shared, link-local (cloud metadata's 169.254.169.254), multicast and reserved
 * ranges; one list per family, since a BlockList also matches IPv4 addresses against IPv6 rules.
 */
const UNSAFE_V4 = new BlockList();
const UNSAFE_V6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  UNSAFE_V4.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96], // IPv4-mapped: the IPv4 address decides, and is refused with it
  ['64:ff9b::', 96], // NAT64
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local (AWS's metadata fd00:ec2::254 among them)
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  UNSAFE_V6.addSubnet(net, bits, 'ipv6');

/** Whether an address is one a webhook may not reach outside dev mode. */
export function isUnsafeAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 6 ? UNSAFE_V6.check(address, 'ipv6') : UNSAFE_V4.check(address, 'ipv4');
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

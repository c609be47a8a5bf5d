import { BlockList, isIP } from 'node:net';

// IP allow-lists of API keys and SMPP access: entries are IPv4 or IPv6 addresses or CIDR blocks.

/** An entry in its stored form, or null when it is not an address or CIDR block. */
export function allowListEntry(entry: string): string | null {
  const [address = '', bits, extra] = entry.trim().split('/');
  const family = isIP(address);
  const prefix = bits === undefined ? null : Number(bits);
  const maxBits = family === 6 ? 128 : 32;
  const badPrefix = prefix !== null && (!/^\d{1,3}$/.test(bits ?? '') || prefix > maxBits);
  if (family === 0 || extra !== undefined || badPrefix) return null;
  return prefix === null ? address : `${address}/${prefix}`;
}

/** Whether `address` is on the list (any address when it is empty); an IPv4-mapped IPv6 address counts as IPv4. */
export function addressAllowed(entries: readonly string[], address: string): boolean {
  if (entries.length === 0) return true;
  const list = new BlockList();
  for (const entry of entries) {
    const [ip = '', bits] = entry.split('/');
    const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(ip, type);
    else list.addSubnet(ip, Number(bits), type);
  }
  const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(plain);
  if (family === 0) return false;
  return list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

// Which mobile network a number belongs to, from its prefix: one table for the app and the gateway
// (the report's breakdown by network, the gateway's counters: server/src/messaging/delivery-counters.ts).
import { isMaskedPhone } from '../account/person-data';

/**
 * Ghana's mobile prefixes (the two digits after 233, or after the 0 of a local number), as the National
 * Communications Authority allocated them: MTN 024, 025, 053, 054, 055, 059; Telecel (Vodafone Ghana
 * until February 2024) 020, 050; AirtelTigo 026, 027, 056, 057. Glo's 023 (Glo no longer operates in
 * Ghana) and Expresso's 028 count as 'other'. A ported number counts with the network of its prefix.
 * Reviewed 2026-11-26 offline, against published prefix tables rather than the Authority's own list.
 */
export const NETWORK_PREFIXES = {
  mtn: ['24', '25', '53', '54', '55', '59'],
  telecel: ['20', '50'],
  airteltigo: ['26', '27', '56', '57'],
} as const;

export type Network = keyof typeof NETWORK_PREFIXES | 'other';
/** The networks in the order every breakdown shows them. */
export const NETWORKS: readonly Network[] = ['mtn', 'telecel', 'airteltigo', 'other'];
export const NETWORK_LABELS: Record<Network, string> = {
  mtn: 'MTN',
  telecel: 'Telecel',
  airteltigo: 'AirtelTigo',
  other: 'Other',
};

const GHANA_CODE = '233';
/** A Ghana mobile number written canonically: 233 and nine digits. */
const GHANA_LENGTH = 12;

/** The network of a canonical number (233XXXXXXXXX, as stored); anything else is 'other'. */
export function networkOf(canonical: string): Network {
  if (canonical.length !== GHANA_LENGTH || !canonical.startsWith(GHANA_CODE)) return 'other';
  const prefix = canonical.slice(3, 5);
  for (const network of NETWORKS) {
    if (network !== 'other' && (NETWORK_PREFIXES[network] as readonly string[]).includes(prefix)) return network;
  }
  return 'other';
}

/** Each network's prefixes as the first five digits of a canonical number ('23324'), for the gateway's SQL. */
export function canonicalPrefixes(): { network: Exclude<Network, 'other'>; starts: string[] }[] {
  return (Object.keys(NETWORK_PREFIXES) as Exclude<Network, 'other'>[]).map((network) => ({
    network,
    starts: NETWORK_PREFIXES[network].map((p) => GHANA_CODE + p),
  }));
}

/**
 * Where the delivery counters keep a recipient: its network, or 'erased' once an erasure masked its
 * number (docs/compliance.md#a-persons-data): counted in a message's totals, under no network.
 */
export const ERASED = 'erased';
export type CounterNetwork = Network | typeof ERASED;
export const counterNetworkOf = (stored: string): CounterNetwork =>
  isMaskedPhone(stored) ? ERASED : networkOf(stored);

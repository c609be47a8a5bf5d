// CARRIER_URL: which connector the gateway sends through (docs/carrier.md).
import { ConfigError } from '../core/errors';
import type { ReceiptIdForm } from './parts/carrier-ids';

export interface SmppSettings {
  kind: 'smpp';
  tls: boolean;
  host: string;
  port: number;
  systemId: string;
  password: string;
  systemType: string;
  bind: 'transceiver' | 'transmitter+receiver';
  window: number;
  tps: number;
  enquireS: number;
  timeoutS: number;
  /** How receipts spell the answer's message id: the same, or its hex or decimal form. */
  ids: ReceiptIdForm;
}

export type CarrierSettings = { kind: 'sim' } | SmppSettings;

const EXAMPLE = 'smpp://SYSTEM_ID:PASSWORD@HOST:PORT?window=10&tps=100 (or sim)';
const FIELDS = new Set(['window', 'tps', 'system_type', 'bind', 'enquire', 'timeout', 'ids']);

function wrong(what: string): never {
  throw new ConfigError(`CARRIER_URL ${what}; it must look like ${EXAMPLE}`);
}

function numberField(query: URLSearchParams, name: string, fallback: number, min: number, max: number) {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
    wrong(`has ${name}=${raw.slice(0, 20)}: it must be a number from ${min} to ${max}`);
  }
  return value;
}

function decoded(part: string, name: string) {
  try {
    return decodeURIComponent(part);
  } catch {
    return wrong(`has a malformed ${name} (percent-encode @ : / % in it)`);
  }
}

/** Reads CARRIER_URL; a mistake stops the start with what to set, never echoing the password. */
export function parseCarrierUrl(raw: string): CarrierSettings {
  const text = raw.trim();
  if (text === 'sim') return { kind: 'sim' };
  const scheme = /^([a-z]+):\/\//i.exec(text)?.[1]?.toLowerCase();
  if (scheme !== 'smpp' && scheme !== 'smpps') wrong(`must start with smpp:// or smpps://`);
  let url: URL;
  try {
    // URL parses the authority and query of any scheme the same way as http's.
    url = new URL(text.replace(/^[a-z]+:/i, 'http:'));
  } catch {
    return wrong('is not a URL');
  }
  if (!url.username || !url.password) wrong('needs the SYSTEM_ID and PASSWORD before the @');
  if (!url.hostname) wrong('needs the host');
  if (url.pathname !== '/' && url.pathname !== '') wrong('has a path; only the query may follow the port');
  for (const key of new Set(url.searchParams.keys())) {
    if (!FIELDS.has(key)) wrong(`has an unknown field '${key.slice(0, 20)}'`);
    if (url.searchParams.getAll(key).length > 1) wrong(`repeats '${key}'`);
  }
  const bind = url.searchParams.get('bind') ?? 'transceiver';
  if (bind !== 'transceiver' && bind !== 'transmitter+receiver') {
    wrong(`has bind=${bind.slice(0, 20)}: it must be transceiver or transmitter+receiver`);
  }
  const ids = url.searchParams.get('ids') ?? 'same';
  if (ids !== 'same' && ids !== 'hex' && ids !== 'decimal') {
    wrong(`has ids=${ids.slice(0, 20)}: it must be same, hex or decimal (how receipts spell the message id)`);
  }
  const systemId = decoded(url.username, 'SYSTEM_ID');
  // SMPP 3.4: system_id up to 15 octets, password up to 8, system_type up to 12.
  if (systemId.length > 15) wrong('has a SYSTEM_ID longer than 15 characters');
  const password = decoded(url.password, 'PASSWORD');
  if (password.length > 8) wrong('has a PASSWORD longer than 8 characters (SMPP 3.4 allows 8)');
  const systemType = url.searchParams.get('system_type') ?? '';
  if (systemType.length > 12) wrong('has a system_type longer than 12 characters');
  return {
    kind: 'smpp',
    tls: scheme === 'smpps',
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : 2775,
    systemId,
    password,
    systemType,
    bind,
    window: numberField(url.searchParams, 'window', 10, 1, 1000),
    tps: numberField(url.searchParams, 'tps', 100, 1, 100_000),
    enquireS: numberField(url.searchParams, 'enquire', 30, 1, 3600),
    timeoutS: numberField(url.searchParams, 'timeout', 10, 0.05, 600),
    ids,
  };
}

/** The settings as they may be printed: the password as ***. */
export function describeCarrier(settings: CarrierSettings): string {
  if (settings.kind === 'sim') return 'sim (the simulated carrier: nothing reaches a phone)';
  const s = settings;
  return (
    `${s.tls ? 'smpps' : 'smpp'}://${encodeURIComponent(s.systemId)}:***@${s.host}:${s.port}` +
    `?window=${s.window}&tps=${s.tps}&bind=${s.bind}&enquire=${s.enquireS}&timeout=${s.timeoutS}&ids=${s.ids}` +
    (s.systemType ? `&system_type=${encodeURIComponent(s.systemType)}` : '')
  );
}

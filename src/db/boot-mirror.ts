import { parseDomainDetails } from '../domain/brand/domain-details';
import type { StoredDomain } from './app-db';

// A small copy in localStorage of what the first screen needs (is someone signed in, the domain's
// details), read without opening IndexedDB through Dexie, so the login page shows before Dexie
// loads. IndexedDB stays the truth: the copy is written with it and corrected from it.

/** The name of the app's IndexedDB database (app-db.ts), known here without loading Dexie. */
export const DB_NAME = 'bulk-sms';

const SESSION_KEY = 'bulk-sms:signed-in';
const DOMAIN_KEY = (host: string) => `bulk-sms:domain:${host}`;
const REVOKES_KEY = 'bulk-sms:revokes-pending';

export type SessionHint = 'signed-in' | 'signed-out' | null;

// The outbox's worker shares this layer and has no localStorage: there the copy is neither read nor written.
type KeyValueStore = { getItem(key: string): string | null; setItem(key: string, value: string): void };
const storage = (): KeyValueStore | undefined => (globalThis as { localStorage?: KeyValueStore }).localStorage;

// What storage refused to hold (blocked, full): kept for this page's life, so the screens still show it.
const refused = new Map<string, string>();

/** Forgets what storage refused (tests start each case without any copy). */
export const forgetRefusedCopies = () => refused.clear();

function read(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? refused.get(key) ?? null;
  } catch {
    return refused.get(key) ?? null; // storage blocked: the app reads IndexedDB too
  }
}

/** Writes the copy; false when storage refused it (then only this page keeps it). */
function write(key: string, value: string): boolean {
  let kept = false;
  try {
    const store = storage();
    if (store && store.getItem(key) !== value) store.setItem(key, value);
    kept = store !== undefined;
  } catch {
    // storage full or blocked: the copy is only a shortcut
  }
  if (kept) refused.delete(key);
  else refused.set(key, value);
  for (const listener of listeners) listener(key);
  return kept;
}

export const readSessionHint = (): SessionHint => {
  const value = read(SESSION_KEY);
  return value === '1' ? 'signed-in' : value === '0' ? 'signed-out' : null;
};

export const writeSessionHint = (signedIn: boolean) => void write(SESSION_KEY, signedIn ? '1' : '0');

/**
 * Whether a signed-out token may still wait for its revoke: a signed-out start loads IndexedDB's code
 * only then, or when storage is blocked and cannot say (then IndexedDB alone knows).
 */
export function readRevokesHint(): boolean {
  try {
    const kept = storage()?.getItem(REVOKES_KEY);
    return (kept ?? refused.get(REVOKES_KEY)) === '1';
  } catch {
    return refused.get(REVOKES_KEY) !== '0';
  }
}

export const writeRevokesHint = (pending: boolean) => void write(REVOKES_KEY, pending ? '1' : '0');

/** The stored domain copy as text: a stable snapshot for useSyncExternalStore. */
export const readDomainMirrorText = (host: string) => read(DOMAIN_KEY(host));

/** The stored domain copy, or null when there is none or it does not read as domain details. */
export function parseDomainMirror(text: string | null, host: string): StoredDomain | null {
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as { fetchedAt?: unknown };
    const details = parseDomainDetails(raw);
    const fetchedAt = Number(raw.fetchedAt);
    return details && Number.isFinite(fetchedAt) ? { ...details, host, fetchedAt } : null;
  } catch {
    return null;
  }
}

/** Writes the domain copy; false when localStorage refused it (this page still shows it). */
export const writeDomainMirror = (domain: StoredDomain): boolean =>
  write(DOMAIN_KEY(domain.host), JSON.stringify(domain));

type Listener = (key: string) => void;
const listeners = new Set<Listener>();

/** Calls back when the copy under `key` is written, in this tab or another, or another tab clears storage. */
function onCopy(key: string, callback: () => void): () => void {
  const local: Listener = (changed) => changed === key && callback();
  const other = (event: Event) => {
    const changed = (event as Event & { key: string | null }).key;
    if (changed === key || changed === null) callback();
  };
  listeners.add(local);
  globalThis.addEventListener('storage', other);
  return () => {
    listeners.delete(local);
    globalThis.removeEventListener('storage', other);
  };
}

/** Calls back when the domain copy of `host` changes, in this tab or another. */
export const onDomainMirror = (host: string, callback: () => void) => onCopy(DOMAIN_KEY(host), callback);

/** Calls back when the signed-in copy is written (a sign-in, here or in another tab). */
export const onSessionHint = (callback: () => void) => onCopy(SESSION_KEY, callback);

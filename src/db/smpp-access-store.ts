// The account's SMPP access as last fetched, kept on the device (localStorage, one small record per
// account) so the profile shows it offline. Never a password: the gateway shows that once.
import type { SmppAccess } from '../domain/account/smpp-access';

const KEY = (profileId: number) => `bulk-sms:smpp-access:${profileId}`;

// Spelled out, not Pick<Storage, ...>: the service worker's and the drainer's builds, which reach this
// file through the session store, have no DOM types.
type KeyValueStore = {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
};
const storage = (): KeyValueStore | undefined => (globalThis as { localStorage?: KeyValueStore }).localStorage;

export function readSmppAccess(profileId: number): SmppAccess | null {
  try {
    const text = storage()?.getItem(KEY(profileId));
    return text ? (JSON.parse(text) as SmppAccess) : null;
  } catch {
    return null;
  }
}

export function saveSmppAccess(profileId: number, access: SmppAccess): void {
  try {
    storage()?.setItem(KEY(profileId), JSON.stringify(access));
  } catch {
    // Storage blocked or full: the card shows what it fetched for this page's life.
  }
}

/** Sign-out: the account's copy goes with its other stored data (session-store.ts wipeAccount). */
export function forgetSmppAccess(profileId: number): void {
  try {
    storage()?.removeItem(KEY(profileId));
  } catch {
    // Storage blocked: nothing was kept.
  }
}

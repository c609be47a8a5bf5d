import type { StoredSession, StoredUser } from '../db/app-db';
import { DB_NAME, onSessionHint, readSessionHint, writeSessionHint } from '../db/boot-mirror';

export type SessionState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; user: StoredUser; session: StoredSession };
type Held = SessionState | { status: 'failed'; error: unknown };

// The session as the screens see it. IndexedDB (through Dexie, loaded on demand) is the truth; until it
// answers, the localStorage hint says "signed out" at once, so the login page never waits for Dexie
// to load. A hint of "signed in", or none while a database exists, waits for IndexedDB.
// Signed out, IndexedDB is not read at all (Dexie is not even loaded) until an account may exist: a
// sign-in, here or in another tab, writes the hint first (session-store.ts), which starts the watch.

const LOADING: SessionState = { status: 'loading' };
const SIGNED_OUT: SessionState = { status: 'signed-out' };
const listeners = new Set<() => void>();
let state: Held = LOADING;
let generation = 0;
let watching = false;
let stopWatch: (() => void) | null = null;
let stopWaiting: (() => void) | null = null;

function set(next: Held): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Reads the session from IndexedDB, live, while anything shows it (idempotent). */
function watchSession(): void {
  if (watching || listeners.size === 0) return;
  watching = true;
  const mine = generation;
  void import('./session-watch').then(
    ({ watchAccount }) => {
      if (mine !== generation) return;
      stopWatch = watchAccount(
        (account) => {
          writeSessionHint(account !== null);
          set(account ? { status: 'signed-in', ...account } : SIGNED_OUT);
        },
        (error) => set({ status: 'failed', error }),
      );
    },
    (error) => mine === generation && set({ status: 'failed', error }),
  );
}

/** Whether the app's database exists; undefined where the browser cannot say. */
async function databaseExists(): Promise<boolean | undefined> {
  try {
    if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return undefined;
    return (await indexedDB.databases()).some((d) => d.name === DB_NAME);
  } catch {
    return undefined;
  }
}

/** Signed out: the watch starts when the hint is written (a sign-in, in this tab or another). */
function waitForAnAccount(): void {
  stopWaiting ??= onSessionHint(watchSession);
}

function start(): void {
  const mine = ++generation;
  const hint = readSessionHint();
  if (hint === 'signed-out') {
    set(SIGNED_OUT);
    waitForAnAccount();
  } else if (hint === 'signed-in') {
    set(LOADING);
    watchSession();
  } else {
    set(LOADING);
    void databaseExists().then((exists) => {
      if (mine !== generation) return;
      if (exists !== false) return watchSession();
      if (state.status === 'loading') set(SIGNED_OUT);
      waitForAnAccount();
    });
  }
}

function stop(): void {
  generation++;
  stopWatch?.();
  stopWatch = null;
  stopWaiting?.();
  stopWaiting = null;
  watching = false;
  state = LOADING;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) start();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) stop();
  };
}

/** The current session; a failed IndexedDB read is thrown, as the screens' error boundary expects. */
export function sessionSnapshot(): SessionState {
  if (state.status === 'failed') throw state.error;
  return state;
}

/**
 * The session a page prerendered by the gateway was rendered with (a visitor), while nothing says
 * otherwise; the app hydrates such a page only once the device has said so (root.tsx).
 */
export function prerenderedSessionSnapshot(): SessionState {
  return state.status === 'loading' && readSessionHint() !== 'signed-in' ? SIGNED_OUT : sessionSnapshot();
}

/**
 * Starts the session's reading for the page's whole life and resolves with the first settled state:
 * whether a prerendered visitor's page may be hydrated as it is.
 */
export function settledSessionStatus(): Promise<Held['status']> {
  return new Promise((resolve) => {
    const check = () => {
      if (state.status !== 'loading') resolve(state.status);
    };
    subscribeSession(check);
    check();
  });
}

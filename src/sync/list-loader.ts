import type { ListName } from '../api/list-api';
import { currentAccount } from '../db/session-store';
import { readListState } from '../db/list-store';
import type { StoredListState } from '../db/app-db';
import { loadNextPage, openList, refreshList, searchList, type ListAccount } from './list-sync';
import { paginatorFor } from './paginator';
import { readListAhead } from './list-ahead';
import { settledWithin } from './settled-within';

// The list calls through their paginator, so a scroll, a search and a refresh never overlap.

export const loadMore = (profileId: number, list: ListName) =>
  paginatorFor(profileId, list).run(() => loadNextPage(list));

export const search = (profileId: number, list: ListName, text: string) =>
  paginatorFor(profileId, list).run(() => searchList(list, text), true);

export const refresh = (profileId: number, list: ListName) =>
  paginatorFor(profileId, list).run(() => refreshList(list), true);

const opening = new Map<string, Promise<void>>();

/** An early open this recent is what the screen asks for: its rows are on the device, just fetched. */
const EARLY_FRESH_MS = 10_000;
/** Each list's early open, with when it ended with its page stored; the screen's first open takes it. */
const openedEarly = new Map<string, { endedAt?: number }>();

/**
 * Opens a list; an open asked for while one runs (the app's early one, then its screen's) joins it,
 * and the screen's first open just after the early one ended takes its rows instead of asking again.
 */
export function open(profileId: number, list: ListName): Promise<void> {
  const key = `${profileId}:${list}`;
  const early = openedEarly.get(key);
  openedEarly.delete(key);
  if (early?.endedAt !== undefined && Date.now() - early.endedAt < EARLY_FRESH_MS) return Promise.resolve();
  return start(profileId, list);
}

function start(profileId: number, list: ListName, known?: ListAccount, state?: StoredListState): Promise<void> {
  const key = `${profileId}:${list}`;
  const running = opening.get(key);
  if (running) return running;
  const started = paginatorFor(profileId, list)
    .run(() => openList(list, Date.now(), known, state), true)
    .finally(() => opening.delete(key));
  opening.set(key, started);
  return started;
}

let earlyOpen: Promise<void> | null = null;
let earlyAsked: Promise<void> = Promise.resolve();

/**
 * A list opened as the app starts at its screen's address, beside the app's code instead of after it
 * (docs/architecture.md "Opening a dashboard"). Then what the device holds of it (the page just stored,
 * or, offline, what it stored before) is read ahead for the screen's first render (list-ahead.ts).
 * After a failure the screen's open asks again.
 */
export function openListEarly(list: ListName): Promise<void> {
  let asked = () => {};
  earlyAsked = new Promise<void>((resolve) => (asked = resolve));
  earlyOpen = openAndReadAhead(list, () => asked()).finally(() => asked());
  return earlyOpen;
}

/**
 * Resolves once the early open has asked the gateway for the list's first page, or has ended without
 * asking: the entry mounts the app then, so the app's code and first render run while the answer
 * travels, not between the reads of the device before the request.
 */
export const earlyListAsked = (): Promise<void> => earlyAsked;

async function openAndReadAhead(list: ListName, asked: () => void): Promise<void> {
  const found = await currentAccount();
  if (!found) return;
  const profileId = found.user.profile_id;
  const key = `${profileId}:${list}`;
  // The screen opened it first: this joins that open, which the screen has taken already.
  if (opening.has(key)) return opening.get(key);
  const state = await readListState(profileId, list);
  if (opening.has(key)) return opening.get(key);
  const early: { endedAt?: number } = {};
  openedEarly.set(key, early);
  // With the account and the state known, the first page is asked for as the open starts.
  const opened = start(profileId, list, { profileId, token: found.session.token }, state);
  asked();
  await opened;
  if (paginatorFor(profileId, list).snapshot().status === 'error') openedEarly.delete(key);
  else early.endedAt = Date.now();
  await readListAhead(profileId, list);
}

/**
 * Resolves once the app's early open of a list has its rows read ahead, or after `atMostMs` (a slow
 * network): the list screen's code waits for it, so its first render shows them. At once without one.
 */
export function earlyListRead(atMostMs: number): Promise<void> {
  const running = earlyOpen;
  earlyOpen = null;
  return running ? settledWithin(running, atMostMs) : Promise.resolve();
}

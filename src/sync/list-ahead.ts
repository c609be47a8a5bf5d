import { readListRows, readListState } from '../db/list-store';
import type { ListName, StoredListItem, StoredListState } from '../db/app-db';

/**
 * A dashboard's list read ahead as the app starts at its address, once its early open has stored the
 * first page (list-loader.ts): the list screen's first render then has its rows, instead of a render
 * without them and another after its own reads come back (docs/architecture.md "Opening a dashboard").
 * Taken once; a read older than FRESH_FOR_MS is not taken. The screen's live reads follow as before.
 */
const FRESH_FOR_MS = 10_000;
export interface ListReadAhead {
  state: StoredListState;
  rows: StoredListItem[];
}
const ahead = new Map<string, ListReadAhead & { at: number }>();
const keyOf = (profileId: number, list: ListName) => `${profileId}:${list}`;

/** Reads the list's state and its rows under its stored search, as the screen would, and keeps them. */
export async function readListAhead(profileId: number, list: ListName): Promise<void> {
  try {
    const state = await readListState(profileId, list);
    const rows = await readListRows(profileId, list, state.search);
    ahead.set(keyOf(profileId, list), { state, rows, at: Date.now() });
  } catch {
    // The screen's own reads show the list, or why not.
  }
}

/** The list read ahead, once, when still fresh. */
export function takeListReadAhead(profileId: number, list: ListName): ListReadAhead | null {
  const read = ahead.get(keyOf(profileId, list));
  ahead.delete(keyOf(profileId, list));
  return read && Date.now() - read.at < FRESH_FOR_MS ? { state: read.state, rows: read.rows } : null;
}

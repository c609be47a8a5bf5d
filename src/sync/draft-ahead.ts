import { readDraftFields } from '../db/draft-store';
import type { StoredDraft } from '../db/app-db';

/**
 * The send form's draft read ahead, at sign-in: the form every sign-in lands on then renders with its
 * fields in its first render, instead of a loader first and the whole form a read and a render later
 * (docs/architecture.md, "Signing in"). Taken once by the form's first render; a read older than
 * FRESH_FOR_MS is not taken (another tab may have saved the draft since), nor one still under way.
 */
const FRESH_FOR_MS = 10_000;
type Ahead = { fields: StoredDraft['fields'] | null; at: number };
const ahead = new Map<number, Ahead>();

/** Reads the account's draft now (resolves once read); a failed read leaves it to the form's own. */
export function readDraftAhead(profileId: number): Promise<void> {
  return readDraftFields(profileId).then(
    (fields) => {
      ahead.set(profileId, { fields, at: Date.now() });
    },
    () => {},
  );
}

/** The draft read ahead for the account, once: its fields (null: none), or undefined when there is none to take. */
export function takeDraftReadAhead(profileId: number): StoredDraft['fields'] | null | undefined {
  const read = ahead.get(profileId);
  ahead.delete(profileId);
  return read && Date.now() - read.at < FRESH_FOR_MS ? read.fields : undefined;
}

import { ApiFailure } from '../api/api-failure';
import * as api from '../api/phonebook-api';
import type { Outcome } from '../api/answer-fields';
import type { ContactFields } from '../domain/contacts/contact-fields';
import * as store from '../db/phonebook-store';
import { currentAccount } from '../db/session-store';
import { ALERT_DURATION_MS } from '../domain/constants';
import { countText } from '../domain/plural';
import { emitAlert } from '../notify/alerts-bus';
import { describeFailure } from './failures';
import { account, refreshGroups } from './group-mirror';

export { account as phonebookAccount, loadAllClientGroups, refreshGroups } from './group-mirror';
export { checkGroupContacts, mirrorNewContacts, refreshGroupContacts } from './contact-mirror';

type Deletion = {
  mark: (profileId: number, ids: readonly number[], pending: boolean) => Promise<void>;
  remove: (profileId: number, ids: readonly number[]) => Promise<void>;
  send: (token: string, profileId: number, ids: readonly number[]) => Promise<Outcome>;
  /** After the gateway confirmed: what else follows (the books' contact counts). */
  after?: () => Promise<void>;
};

const GROUPS: Deletion = { mark: store.markGroupsDeleted, remove: store.removeGroups, send: api.deleteGroups };
const CONTACTS: Deletion = {
  mark: store.markContactsDeleted,
  remove: store.removeContacts,
  send: api.deleteContacts,
  // Sent later than the screen changed (Undo's time, or a flush at the next start): the counts follow.
  after: refreshGroups,
};

export type DeleteOutcome = 'deleted' | 'refused' | 'pending' | 'undone';

/** How long a contact deletion can be undone: the alert offering Undo shows that long, then it is sent. */
export const UNDO_DELETE_MS = ALERT_DURATION_MS;

// Contacts deleted on the device whose Undo time has not passed: not sent, even by a flush meanwhile.
const held = new Set<number>();

// Gone from the screen at once (docs/product.md#phone-books), then sent; a refusal puts the rows back and says why.
async function deleteRows(kind: Deletion, ids: readonly number[], alertOnSuccess: boolean): Promise<DeleteOutcome> {
  if (ids.length === 0) return 'deleted';
  const { profileId } = await account();
  await kind.mark(profileId, ids, true);
  return sendDeletion(kind, profileId, ids, alertOnSuccess);
}

async function sendDeletion(
  kind: Deletion,
  profileId: number,
  ids: readonly number[],
  alertOnSuccess: boolean,
): Promise<DeleteOutcome> {
  const { token } = await account();
  try {
    const outcome = await kind.send(token, profileId, ids);
    await kind.remove(profileId, ids);
    await kind.after?.().catch(() => {});
    if (alertOnSuccess && outcome.message) emitAlert({ message: outcome.message, status: 'successful' });
    return 'deleted';
  } catch (error) {
    // No answer (offline) or a signed-out session: the deletion stays queued on the device.
    if (
      !(error instanceof ApiFailure) ||
      error.kind === 'network' ||
      error.kind === 'timeout' ||
      error.kind === 'invalid-token'
    ) {
      return 'pending';
    }
    await kind.mark(profileId, ids, false);
    const view = describeFailure(error);
    emitAlert({ message: view.message, severity: view.severity });
    return 'refused';
  }
}

export const deleteGroups = (ids: readonly number[]) => deleteRows(GROUPS, ids, true);

/**
 * Contacts go from the device at once (docs/product.md#phone-books). With `undoMs`, an alert says so with Undo, and the
 * deletion is sent only once that time has passed (offline, it stays queued for the next flush).
 */
export async function deleteContacts(ids: readonly number[], undoMs = 0): Promise<DeleteOutcome> {
  if (undoMs <= 0 || ids.length === 0) return deleteRows(CONTACTS, ids, true);
  const { profileId } = await account();
  await CONTACTS.mark(profileId, ids, true);
  for (const id of ids) held.add(id);
  return new Promise<DeleteOutcome>((resolve) => {
    let settled = false;
    const release = () => {
      settled = true;
      for (const id of ids) held.delete(id);
    };
    const timer = setTimeout(() => {
      if (settled) return;
      release();
      void sendDeletion(CONTACTS, profileId, ids, false).then(resolve, () => resolve('pending'));
    }, undoMs);
    const undo = () => {
      if (settled) return;
      clearTimeout(timer);
      release();
      void CONTACTS.mark(profileId, ids, false).then(
        () => resolve('undone'),
        () => resolve('pending'),
      );
    };
    emitAlert({
      message: `${countText(ids.length, 'contact')} deleted`,
      severity: 'success',
      durationMs: undoMs,
      action: { label: 'Undo', run: undo },
    });
  });
}

/** Sends the deletions made offline (on start and when the network returns), but those Undo may still take back. */
export async function flushPendingDeletions(): Promise<void> {
  const found = await currentAccount();
  if (!found) return;
  const pending = await store.pendingDeletions(found.user.profile_id);
  await deleteRows(GROUPS, pending.groups, false);
  await deleteRows(
    CONTACTS,
    pending.contacts.filter((id) => !held.has(id)),
    false,
  );
}

export type WriteResult = { ok: true; message: string } | { ok: false; message: string };

// Writes need the gateway (it gives ids and checks the fields); the mirror is refreshed after.
async function write(
  call: (token: string, profileId: number) => Promise<Outcome>,
  after: () => Promise<void>,
): Promise<WriteResult> {
  const { profileId, token } = await account();
  try {
    const outcome = await call(token, profileId);
    await after().catch(() => {});
    emitAlert({ message: outcome.message, status: 'successful' });
    return { ok: true, message: outcome.message };
  } catch (error) {
    const view = describeFailure(error);
    emitAlert({ message: view.message, severity: view.severity });
    return { ok: false, message: view.message };
  }
}

export const createGroup = (groupname: string) => write((t, p) => api.createGroup(t, p, groupname), refreshGroups);

/** createcontact; the new contact (with the gateway's id) goes into the device's copy, the book's count follows. */
export async function createContact(groupId: number, groupname: string, contact: ContactFields): Promise<WriteResult> {
  let id = 0;
  return write(
    async (t, p) => {
      const outcome = await api.createContact(t, p, groupname, contact);
      id = outcome.id;
      return outcome;
    },
    async () => {
      const { profileId } = await account();
      if (id > 0)
        await store.putContact({ profile_id: profileId, id, group_id: groupId, referencekey: '', ...contact });
      const group = await store.readGroup(profileId, groupId);
      if (group && id > 0) await store.setGroupContactCount(profileId, groupId, group.contactcount + 1);
    },
  );
}

/** updatecontact; the device's copy changes once the gateway has accepted it (an edit is never kept on the device only). */
export const updateContact = (groupId: number, id: number, contact: ContactFields) =>
  write(
    (t, p) => api.updateContact(t, p, groupId, id, contact),
    async () => {
      const { profileId } = await account();
      const before = await store.readContact(profileId, id);
      if (before) await store.putContact({ ...before, ...contact });
    },
  );

/** Sends offline deletions now and whenever the network returns; returns the stop function. */
export function startPhonebookSync(): () => void {
  const flush = () => void flushPendingDeletions().catch(() => {});
  window.addEventListener('online', flush);
  flush();
  return () => window.removeEventListener('online', flush);
}

// The device database's versions (docs/product.md#stored-on-the-device): each keeps what the earlier stored.
import type { Transaction } from 'dexie';
import { contactSearchText } from '../domain/contacts/phonebook';
import type { StoredContact } from './app-db';

type PendingRow = { pendingDelete?: boolean | 1 };

// Version 4 stored `pendingDelete: true`; IndexedDB cannot index booleans, so a pending row holds 1 and others none.
const pendingAsKey = (row: PendingRow) => {
  if (row.pendingDelete === true || row.pendingDelete === 1) row.pendingDelete = 1;
  else delete row.pendingDelete;
};

async function upgradePhonebooksToV5(tx: Transaction): Promise<void> {
  await tx.table('groups').toCollection().modify(pendingAsKey);
  await tx
    .table('contacts')
    .toCollection()
    .modify((c: StoredContact & PendingRow) => {
      pendingAsKey(c);
      c.search = contactSearchText(c);
    });
}

// Contacts stored before consent fields existed get them empty, so every stored contact has every field.
async function upgradeContactsToV11(tx: Transaction): Promise<void> {
  await tx
    .table('contacts')
    .toCollection()
    .modify((c: Partial<StoredContact>) => {
      c.consentsource ??= '';
      c.consentdate ??= '';
    });
}

export interface SchemaVersion {
  version: number;
  stores: Record<string, string | null>;
  /** Rewrites stored rows for the new version; it must never drop an outbox job or a draft. */
  upgrade?: (tx: Transaction) => Promise<void> | void;
}

/** Every version the app has shipped, oldest first; a new version is appended, never edited. */
export const SCHEMA_VERSIONS: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      domains: '&host',
      session: '&id',
      users: '&profile_id',
      listItems: '&[profile_id+list+itemId], [profile_id+list+sortKey], profile_id',
      listState: '&[profile_id+list], profile_id',
      groups: '&[profile_id+id], profile_id',
      contacts: '&[profile_id+id], [profile_id+group_id], profile_id',
      drafts: '&profile_id',
      outboxJobs: '&id, [profile_id+createdAt], profile_id, state',
      outboxBatches: '&[jobId+index], jobId',
    },
  },
  // The draft's loaded sheet survives a reload, so the user need not choose the file again.
  { version: 2, stores: { draftSheets: '&[profile_id+chunk], profile_id' } },
  // Client management works from the last fetched list offline.
  { version: 3, stores: { clientLists: '&profile_id' } },
  // A refused send returns to the form with the sheet it was made from.
  { version: 4, stores: { jobSheets: '&[jobId+chunk], jobId' } },
  // 100,000-contact phone books: pending deletions found by index, books read in id order by key
  // ranges, and each contact's search text stored once.
  {
    version: 5,
    stores: {
      groups: '&[profile_id+id], profile_id, [profile_id+pendingDelete]',
      contacts:
        '&[profile_id+id], [profile_id+group_id], profile_id, [profile_id+pendingDelete], [profile_id+group_id+id]',
    },
    upgrade: upgradePhonebooksToV5,
  },
  // The opt-out list is read offline, and the send form's preview counts the numbers on it.
  { version: 6, stores: { optOutLists: '&profile_id' } },
  // The Developers page shows its keys and endpoints offline.
  { version: 9, stores: { developerData: '&profile_id' } },
  // The dashboard's overview of the last 30 days is read offline after one visit.
  { version: 10, stores: { overviews: '&[profile_id+view], profile_id' } },
  // Contacts carry how and when the person agreed to be messaged (docs/compliance.md#consent-on-contacts).
  { version: 11, stores: {}, upgrade: upgradeContactsToV11 },
  // A signed-out token is revoked on the gateway even when the sign-out was offline (docs/product.md#sign-in-and-sessions).
  { version: 12, stores: { pendingRevokes: '&token, keptAt' } },
  // Message templates are kept for offline use, with the saves and deletions not yet sent (docs/product.md#templates).
  { version: 13, stores: { templates: '&[profile_id+id], profile_id, [profile_id+pending]' } },
  // The last statements viewed are read offline (docs/product.md#statements).
  { version: 14, stores: { statements: '&[profile_id+subject+month], profile_id' } },
];

/**
 * The versions to declare to Dexie: each one whose upgrade rewrites rows or that deletes a store, and
 * the latest, each with every store declared up to it. Dexie reads an installed database's schema from
 * the database itself, so the versions between need no declaration of their own; and each declaration
 * re-reads all those before it, so declaring all of them cost the start about 60 ms at 4x CPU.
 */
export function declaredVersions(versions: readonly SchemaVersion[]): SchemaVersion[] {
  const declared: SchemaVersion[] = [];
  let stores: SchemaVersion['stores'] = {};
  versions.forEach((v, i) => {
    stores = { ...stores, ...v.stores };
    const deletes = Object.values(v.stores).includes(null);
    if (v.upgrade || deletes || i === versions.length - 1) declared.push({ ...v, stores });
  });
  return declared;
}

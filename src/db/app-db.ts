import Dexie, { type EntityTable, type Table } from 'dexie';
import type { ClientAnswer, PendingRequestAnswer } from '../api/clients-api';
import type { OptOutAnswer } from '../api/optout-api';
import type { ApiKeyView, ApiMode, EndpointView, SecretView } from '../api/developer-api';
import type { OverviewAnswer } from '../api/message-api';
import type { StatementAnswer } from '../api/statement-api';
import type { DomainDetailsAnswer } from '../api/domain-api';
import type { ListItemOf, ListName } from '../api/list-api';
import type { OutboxState } from '../domain/send/outbox-state';
import type { UserInfo, SendItem } from '../domain/types';
import type { Template } from '../domain/templates/template-rules';
import { DB_NAME } from './boot-mirror';
import { declaredVersions, SCHEMA_VERSIONS, type SchemaVersion } from './schema-versions';

// Dexie turns its debug mode on by itself on a localhost address: a console task and its stack trace
// for every table call, and hints in the console. The app runs without it wherever it is served (a
// reseller's own machine, the demo, the browser tests), as on a customer's domain.
Dexie.debug = false;

/** Domain details as stored on the device, with when they were fetched (kept about a year: docs/product.md#stored-on-the-device). */
export interface StoredDomain extends DomainDetailsAnswer {
  host: string;
  fetchedAt: number;
}

/**
 * The signed-in account: one row, id 'current'. The token lives here; after sign-out, only as a
 * PendingRevoke until the gateway has revoked it.
 */
export interface StoredSession {
  id: 'current';
  profile_id: number;
  token: string;
  signedInAt: number;
}

/**
 * A token the device forgot (sign-out, or a sign-in over it) whose revoke has not reached the gateway yet:
 * kept through sign-out and tried again (src/sync/pending-revokes.ts); never shown.
 */
export interface PendingRevoke {
  token: string;
  profile_id: number;
  /** When it was kept, strictly increasing: past the bound, the oldest goes first. */
  keptAt: number;
}

/** User info of an account that signed in on this device, minus nothing: wiped on sign-out. */
export type StoredUser = UserInfo;

export type { ListName };

/**
 * One item of a mirrored list, typed by its list (the answer as src/api validated it); `itemId` is
 * message_id (or paymentid), so an item appears once. Without `L`, any list's item.
 */
export type StoredListItem<L extends ListName = ListName> = L extends ListName
  ? {
      profile_id: number;
      list: L;
      itemId: string;
      /** Newest first: epoch ms of the item's own time, then the order the gateway gave. */
      sortKey: number;
      data: ListItemOf<L>;
    }
  : never;

/** A list's state (page, search, visited), per account and list. */
export interface StoredListState {
  profile_id: number;
  list: ListName;
  pageNum: number;
  search: string;
  visited: boolean;
  /** The gateway said there is no more ('Data fetch completed'). */
  done: boolean;
  /** When a load last changed the state (a refresh that changes nothing leaves it as stored). */
  refreshedAt: number;
}

export interface StoredGroup {
  profile_id: number; // the account that mirrored it
  id: number;
  groupname: string;
  username: string;
  setuptime: string;
  contactcount: number;
  /** A client's group (admin view), read-only. */
  client: boolean;
  /** Deleted on the device, not yet confirmed by the gateway (applied on the device at once: docs/product.md#phone-books); 1, an indexable key. */
  pendingDelete?: 1;
}

export interface StoredContact {
  profile_id: number;
  id: number;
  group_id: number;
  firstname: string;
  middlename: string;
  surname: string;
  email: string;
  phonenumber: string;
  birthday: string;
  referencekey: string;
  /** How and when the person agreed to be messaged ('' when not known; version 11 fills older rows). */
  consentsource: string;
  consentdate: string;
  /** The lower-case text a search looks in (contactSearchText), stored so 100,000 contacts are never lower-cased on screen; the store always sets it. */
  search?: string;
  pendingDelete?: 1;
}

/**
 * A message template (docs/product.md#templates) as the device keeps it. `pending` says what the gateway has
 * not confirmed yet: a save (made or changed offline) or a deletion (gone from the screen already).
 */
export interface StoredTemplate extends Template {
  profile_id: number;
  pending?: 'save' | 'delete';
}

/** The send form as typed, per account (the draft: docs/product.md#the-send-form). */
export interface StoredDraft {
  profile_id: number;
  fields: Record<string, unknown>;
  updatedAt: number;
}

/**
 * The send form's loaded spreadsheet, per account: one head record (chunk -1) and the rows as
 * column slices of SHEET_CHUNK_ROWS rows each (IndexedDB's per-record cost dominates, so never a row a record).
 */
export interface StoredDraftSheet {
  profile_id: number;
  chunk: number;
  head?: {
    fileName: string;
    sheet: string;
    headings: string[];
    keys: string[];
    length: number;
    chunks: number;
    savedAt: number;
  };
  columns?: string[][];
}

/** An admin's clients as last fetched (allusers), one record per admin: read whole, searched in memory. */
export interface StoredClientList {
  profile_id: number;
  users: ClientAnswer[];
  /** Profile 6 only: every pending sender-ID request on the platform. */
  pending: PendingRequestAnswer[];
  fetchedAt: number;
}

/** The account's opt-out list as last fetched, one record per account: read whole, searched in memory (docs/compliance.md). */
export interface StoredOptOutList {
  profile_id: number;
  optouts: OptOutAnswer[];
  fetchedAt: number;
}

/** The Developers page as last fetched, one record per account (docs/api-v1.md): keys, endpoints and secrets of both modes. */
export interface StoredDeveloperData {
  profile_id: number;
  keys: ApiKeyView[];
  endpoints: Record<ApiMode, EndpointView[]>;
  secrets: Record<ApiMode, SecretView>;
  fetchedAt: number;
}

/** The dashboard's overview as last fetched, per account and view (own, or an admin's clients'), read offline. */
export interface StoredOverview {
  profile_id: number;
  view: 'personal' | 'client';
  overview: OverviewAnswer;
  fetchedAt: number;
}

/** A month's statement as last fetched (docs/product.md#statements), per account, subject (itself or a client) and month. */
export interface StoredStatement {
  profile_id: number;
  subject: number;
  month: string;
  statement: StatementAnswer;
  fetchedAt: number;
}

/** One recipient of a send: its index from 0 (the Idempotency-Key's numbering; screens say row index + 1) and number. */
export type OutboxRow = { index: number; number: string };

/** One send: the job row; its messages live in outboxBatches, 100 a record (IndexedDB's per-record cost). */
export interface OutboxJob {
  id: string; // UUID, the Idempotency-Key's jobId
  profile_id: number;
  state: OutboxState;
  createdAt: number;
  updatedAt: number;
  /** Recipients in the job, and how many are behind it: acknowledged by the gateway, or skipped (below). */
  total: number;
  sent: number;
  batchCount: number;
  /** Index of the next batch to send once the job is split (after 413 or by size). */
  nextBatch: number;
  /** Recipients a request while the current batch is still too large (413): 50, 25, ... 1; unset sends it whole. */
  pieceSize?: number;
  split: boolean;
  /** UTF-8 size of the whole send's body, to go straight to batches above the gateway's limit. */
  bytes: number;
  attempts: number;
  notBefore: number;
  /** When the last batch was acknowledged: the next waits BATCH_GAP_MS from it, across reloads too. */
  lastSentAt: number;
  /** signedInAt of the session that met 'Invalid Token': the job waits for a newer sign-in. */
  pausedSignIn?: number;
  /** Senders used, for the 'rccg' balance rule. */
  senderIds: string[];
  summary: { messageType: string; text: string; campaign: string };
  error?: string;
  /** The row a failed job stopped on because its message alone is too large for the gateway: it may be skipped. */
  tooLarge?: OutboxRow;
  /** Rows left out at the user's word ("Skip row N and send the rest"): never sent, counted in `sent`. */
  skipped?: OutboxRow[];
  message_id?: number;
  /** The gateway holds it for an approver (docs/product.md#the-two-person-rule): done here, not sent yet, not to send again. */
  awaitingApproval?: boolean;
  /** The send form as it was when queued (its draft fields): a refused send goes back into the form. */
  form?: Record<string, unknown>;
}

/** The spreadsheet a queued send was made from, kept with the job (same records as StoredDraftSheet). */
export interface StoredJobSheet {
  jobId: string;
  chunk: number;
  head?: StoredDraftSheet['head'];
  columns?: string[][];
}

export interface OutboxBatch {
  jobId: string;
  index: number;
  /** Recipient indices this batch carries (the Idempotency-Key's from-to: docs/api.md#idempotency-key-and-batches). */
  from: number;
  to: number;
  items: SendItem[];
}

/** The device's one database. Each version keeps what earlier versions stored (outbox jobs and drafts above all). */
export class AppDb extends Dexie {
  domains!: EntityTable<StoredDomain, 'host'>;
  session!: EntityTable<StoredSession, 'id'>;
  users!: EntityTable<StoredUser, 'profile_id'>;
  listItems!: Table<StoredListItem, [number, ListName, string]>;
  listState!: Table<StoredListState, [number, ListName]>;
  groups!: Table<StoredGroup, [number, number]>;
  contacts!: Table<StoredContact, [number, number]>;
  drafts!: EntityTable<StoredDraft, 'profile_id'>;
  outboxJobs!: EntityTable<OutboxJob, 'id'>;
  outboxBatches!: Table<OutboxBatch, [string, number]>;
  draftSheets!: Table<StoredDraftSheet, [number, number]>;
  clientLists!: EntityTable<StoredClientList, 'profile_id'>;
  jobSheets!: Table<StoredJobSheet, [string, number]>;
  optOutLists!: EntityTable<StoredOptOutList, 'profile_id'>;
  developerData!: EntityTable<StoredDeveloperData, 'profile_id'>;
  overviews!: Table<StoredOverview, [number, StoredOverview['view']]>;
  pendingRevokes!: EntityTable<PendingRevoke, 'token'>;
  templates!: Table<StoredTemplate, [number, string]>;
  statements!: Table<StoredStatement, [number, number, string]>;

  constructor(name = DB_NAME, versions: readonly SchemaVersion[] = SCHEMA_VERSIONS) {
    super(name);
    for (const v of declaredVersions(versions)) {
      const declared = this.version(v.version).stores(v.stores);
      if (v.upgrade) declared.upgrade(v.upgrade);
    }
  }
}

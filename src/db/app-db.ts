import Dexie, { type EntityTable, type Table } from 'dexie';
import type { DomainDetailsAnswer } from '../api/domain-api';
import type { UserInfo, SendItem } from '../domain/types';

/** Domain details as stored on the device, with when they were fetched (SPEC 3: kept about a year). */
export interface StoredDomain extends DomainDetailsAnswer {
  host: string;
  fetchedAt: number;
}

/** The signed-in account: one row, id 'current'. The token lives only here and goes on sign-out. */
export interface StoredSession {
  id: 'current';
  profile_id: number;
  token: string;
  signedInAt: number;
}

/** User info of an account that signed in on this device (SPEC 3), minus nothing: wiped on sign-out. */
export type StoredUser = UserInfo;

/** The six message lists and two credit histories of SPEC 3, own and clients'. */
export type ListName =
  | 'quick-own'
  | 'quick-client'
  | 'scheduled-own'
  | 'scheduled-client'
  | 'recurring-own'
  | 'recurring-client'
  | 'credit-own'
  | 'credit-client';

/** One item of a mirrored list; `itemId` is message_id (or paymentid), so an item appears once. */
export interface StoredListItem {
  profile_id: number;
  list: ListName;
  itemId: string;
  /** Newest first: epoch ms of the item's own time. */
  sortKey: number;
  data: Record<string, unknown>;
}

/** SPEC 3 list state, per account and list. */
export interface StoredListState {
  profile_id: number;
  list: ListName;
  pageNum: number;
  search: string;
  visited: boolean;
  /** The gateway said there is no more ('Data fetch completed'). */
  done: boolean;
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
  /** Deleted on the device, not yet confirmed by the gateway (SPEC 4: applied locally at once). */
  pendingDelete?: boolean;
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
  pendingDelete?: boolean;
}

/** The send form as typed, per account (SPEC 4 drafts). */
export interface StoredDraft {
  profile_id: number;
  fields: Record<string, unknown>;
  updatedAt: number;
}

export type OutboxState = 'queued' | 'sending' | 'paused' | 'done' | 'failed';

/** One send: the job row; its messages live in outboxBatches, 100 a record (STACK.md: per-record cost). */
export interface OutboxJob {
  id: string; // UUID, the Idempotency-Key's jobId
  profile_id: number;
  state: OutboxState;
  createdAt: number;
  updatedAt: number;
  /** Recipients in the job, and how many the gateway has acknowledged. */
  total: number;
  sent: number;
  batchCount: number;
  /** Index of the next batch to send once the job is split (after 413 or by size). */
  nextBatch: number;
  split: boolean;
  attempts: number;
  notBefore: number;
  /** Senders used, for the 'rccg' balance rule. */
  senderIds: string[];
  summary: { messageType: string; text: string; campaign: string };
  error?: string;
  message_id?: number;
}

export interface OutboxBatch {
  jobId: string;
  index: number;
  /** Recipient indices this batch carries (API.md Idempotency-Key from-to). */
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

  constructor(name = 'bulk-sms') {
    super(name);
    this.version(1).stores({
      domains: '&host',
      session: '&id',
      users: '&profile_id',
      listItems: '&[profile_id+list+itemId], [profile_id+list+sortKey], profile_id',
      listState: '&[profile_id+list], profile_id',
      groups: '&[profile_id+id], profile_id',
      contacts: '&[profile_id+id], [profile_id+group_id], profile_id',
      drafts: '&profile_id',
      outboxJobs: '&id, profile_id, state, createdAt',
      outboxBatches: '&[jobId+index], jobId',
    });
  }
}

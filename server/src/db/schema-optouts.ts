import type { Generated, Selectable } from 'kysely';
import type { OptOutReason } from '../../../src/domain/numbers/opt-out';

/** An account's suppression list: a number (canonical, src/domain/phone-number.ts) it never sends to again. */
export interface OptOutsTable {
  id: Generated<number>;
  profile_id: number;
  number: string;
  reason: OptOutReason;
  note: Generated<string>;
  /** Who added it by hand or import (0: the person themselves, by link or reply). */
  created_by: Generated<number>;
  created_at: number;
}
export type OptOutRow = Selectable<OptOutsTable>;

/** Every addition and removal of a number, with who did it and why: removals are never silent. */
export interface OptOutLogTable {
  id: Generated<number>;
  profile_id: number;
  number: string;
  action: 'added' | 'removed';
  reason: string;
  by_profile_id: Generated<number>;
  created_at: number;
}

/** An opt-out link's code, one per (account, number): unguessable, reused by later sends. */
export interface OptOutLinksTable {
  code: string;
  profile_id: number;
  number: string;
  created_at: number;
  /** When the link was confirmed (null: never). */
  used_at: number | null;
}

/** A message from a phone to the carrier that is not a receipt: a STOP reply, or anything else (kept, counted). */
export interface InboundMessagesTable {
  id: Generated<number>;
  connector: string;
  from_number: string;
  /** The sender ID or short code it was sent to. */
  to_address: string;
  text: string;
  /** The account it was matched to (the last one that wrote to this number from that sender ID), or null. */
  profile_id: number | null;
  kind: 'stop' | 'other';
  received_at: number;
}

export interface OptOutTables {
  optouts: OptOutsTable;
  optout_log: OptOutLogTable;
  optout_links: OptOutLinksTable;
  inbound_messages: InboundMessagesTable;
}

import type { Generated, Selectable } from 'kysely';

/** An account's SMPP access (docs/smpp.md#credentials): the password is kept hashed, shown once. */
export interface SmppAccountsTable {
  profile_id: number;
  system_id: string; // at most 15 characters, unique
  password_hash: string; // auth/passwords.ts
  enabled: Generated<number>;
  max_binds: number;
  throughput: number; // parts per second; 0 sends nothing
  allowed_ips: Generated<string>; // comma list of addresses and CIDR blocks; '' allows any
  created_at: number;
  updated_at: number;
  /** Credits its submits may spend an Accra day; null: no cap (docs/smpp.md#sending). */
  daily_cap: Generated<number | null>;
}
export type SmppAccountRow = Selectable<SmppAccountsTable>;

/** A bind open on some instance, kept alive by its instance's heartbeat. */
export interface SmppBindsTable {
  id: string;
  profile_id: number;
  bind_type: string; // transmitter, receiver, transceiver
  instance: string;
  remote_ip: Generated<string>;
  bound_at: number;
  seen_at: number;
}

/**
 * held: waiting for the other parts of its message or for its schedule_delivery_time; accepted: its
 * message is stored (recipient_id); refused: answered with an error, or never completed in time.
 */
export type SmppSubmitState = 'held' | 'accepted' | 'refused' | 'expired';

/** One submit_sm as the customer sent it: its id is the message_id answered (docs/smpp.md#ids). */
export interface SmppSubmitsTable {
  id: Generated<number>;
  profile_id: number;
  state: SmppSubmitState;
  group_key: Generated<string>; // the parts of one concatenated message share it; '' for a whole one
  seq: number;
  total: number;
  source: string;
  destination: string;
  data_coding: Generated<number>;
  body: Generated<string>; // the part's text bytes, base64 (without UDH)
  registered_delivery: Generated<number>;
  due_at: number | null;
  expires_at: number | null;
  recipient_id: number | null;
  preview: Generated<string>; // the first 20 characters of the whole text, for receipts
  error: Generated<string>;
  created_at: number;
}
export type SmppSubmitRow = Selectable<SmppSubmitsTable>;

export type SmppReceiptState = 'pending' | 'delivered';

/** A receipt owed to the customer for one submit: resent until a deliver_sm_resp comes. */
export interface SmppReceiptsTable {
  id: Generated<number>;
  profile_id: number;
  submit_id: number; // one receipt per submit, however often its outcome is seen
  source: string; // the phone
  destination: string; // the sender ID
  stat: string;
  err: string;
  preview: Generated<string>;
  submitted_at: number;
  done_at: number;
  state: SmppReceiptState;
  attempts: Generated<number>;
  claimed_by: string | null;
  claimed_until: number | null;
  created_at: number;
  delivered_at: number | null;
}
export type SmppReceiptRow = Selectable<SmppReceiptsTable>;

export interface SmppCursorTable {
  name: string;
  last_event_id: number;
}

/** Parts taken by an account's whole submits in one second (epoch seconds), over every instance. */
export interface SmppRateTable {
  profile_id: number;
  second: number;
  parts: number;
}

export interface SmppTables {
  smpp_accounts: SmppAccountsTable;
  smpp_binds: SmppBindsTable;
  smpp_submits: SmppSubmitsTable;
  smpp_receipts: SmppReceiptsTable;
  smpp_cursor: SmppCursorTable;
  smpp_rate: SmppRateTable;
}

import type { ColumnType, Generated, Selectable } from 'kysely';
import type { MessageKind, SendMessageType } from '../../../src/domain/types';
import type { RecipientStatus } from '../../../src/domain/messages/message-status';
import type { SendCategory } from '../../../src/domain/send/quiet-hours';

/** Which list a message row shows in: dashboard deliveries, or the scheduled / recurring registrations. */
export type MessageList = 'bulk' | 'scheduled' | 'recurring';
/** 'active': a registration with runs to come; 'done': nothing more to send; 'deleted': hidden, never runs. */
export type MessageState = 'active' | 'done' | 'deleted';

/**
 * One bulk message. A quick send is one 'bulk' row. A scheduled, recurring or birthday send is one
 * registration row ('scheduled' or 'recurring' list) whose every delivery is a 'bulk' row with parent_id.
 * All batches of one Idempotency-Key jobId land on one row (unique profile_id + job_key).
 */
export interface MessagesTable {
  id: Generated<number>;
  profile_id: number;
  supid: number; // the author's supervisor, so an admin's client lists need no join
  username: string;
  job_id: string | null; // the PWA's jobId; runs copy their registration's for the carrier log
  job_key: string | null; // jobId on the row batches join; null on runs
  random_alpha: string;
  list: MessageList;
  kind: MessageKind;
  message_type: SendMessageType;
  typeandsubtype: string;
  short_message: string;
  source_address: string;
  description: string;
  unicode: number;
  flash: number;
  parts: number; // parts of short_message
  posted: number; // recipients accepted
  submitted: number; // recipients handed to the carrier
  sent: number;
  failed: number;
  opted_out: Generated<number>; // recipients skipped because they had opted out (never sent, never charged)
  credits: number; // deliveries: parts x recipients sent; registrations: credits prepaid at acceptance
  destination_preview: string; // the first PREVIEW_NUMBERS numbers, comma list
  preview_count: number;
  search_text: string; // lower-cased searchable fields (not ids nor reference keys: docs/product.md#lists-and-status)
  parent_id: number | null;
  state: MessageState;
  registered_at: number;
  sent_at: number | null; // deliveries: when accepted for the carrier
  anchor_at: number | null; // registrations: first delivery time; recurrences count from it
  next_run_at: number | null;
  last_run_at: number | null;
  last_run_id: number | null;
  slot: number; // recurring: index of next_run_at on the anchor's grid
  run_count: number;
  recurring_period: string;
  recurring_interval: number;
  last_error: string;
  created_at: number;
  api_key_id: ColumnType<string | null, string | null | undefined, string | null>; // the API key that sent it (docs/api-v1.md)
  /** The team member who acted (docs/product.md#who-did-what); null for the owner, an API key or SMPP. */
  member_id: Generated<number | null>;
  api_mode: Generated<string>; // 'live' or 'test' when sent through the API, else ''
  reference: Generated<string>; // the integrator's own reference
  api_callback: ColumnType<string | null, string | null | undefined, string | null>; // the callback endpoint of its sendMessages (docs/api-v1.md#webhooks)
  template: ColumnType<string | null, string | null | undefined, string | null>; // a personalized send's text with its {placeholders}; null for a regular one (or one stored before it was kept)
  test_send: Generated<number>; // 1: a test to the sender's own phone (docs/product.md#a-test-to-yourself)
  category: Generated<SendCategory>; // promotional (held by quiet hours) or transactional (docs/product.md#quiet-hours)
  hold_until: ColumnType<number | null, number | null | undefined, number | null>; // a delivery held by quiet hours: when they end
}
export type MessageRow = Selectable<MessagesTable>;

/**
 * Recipient stages: queued for the carrier, submitted (its parts claimed, awaiting receipts), final, held
 * for the quiet hours to end (then queued: scheduler/quiet-hours.ts), or a registration's template. A
 * queued, submitted or held recipient is PENDING; a template is SCHEDULED.
 */
export const STAGE = { queued: 0, submitted: 1, final: 2, held: 3, template: 9 } as const;
/** The stages of a recipient still to be sent or heard of: PENDING. */
export const PENDING_STAGES: readonly number[] = [STAGE.queued, STAGE.submitted, STAGE.held];

/** One recipient of one message: the status row of status/{id}, and the idempotency memory per (job, index). */
export interface MessageRecipientsTable {
  id: Generated<number>;
  message_id: number;
  recipient_index: number;
  number: string;
  text: string | null; // own text (personalized); null means the message's short_message
  unicode: number | null; // own encoding (1 UCS-2, 0 GSM) beside own text; null means the message's
  parts: number; // billed parts of its text (src/domain/sms.ts), not the carrier's wire segments
  stage: number;
  status: RecipientStatus;
  referencekey: string;
  paid: number; // templates: the first delivery was paid at acceptance
  birthday_md: string; // templates of birthday sends: 'MM-dd' in Accra
  md_given: number; // 1 when birthday_md came from the send's date, not from a contact
  queued_at: number; // when it was accepted: queued for the carrier, or (templates) registered
  done_at: number | null; // when the carrier says it was delivered (or failed), from its receipt
  updated_at: number;
  error: Generated<string>; // the carrier's error code that ended a FAILED or UNKNOWN recipient ('' else)
}

/**
 * Every status change of a recipient, appended in the transaction that makes it (messaging/recipient-events.ts):
 * the seam that webhooks, receipts to customers, reports and opt-outs read, each with its own cursor on id.
 */
export interface RecipientEventsTable {
  id: Generated<number>;
  recipient_id: number;
  message_id: number;
  profile_id: number; // the message's owner
  old_status: RecipientStatus | ''; // '' for the recipient's first status
  new_status: RecipientStatus;
  error: string; // the carrier's error code of the part that decided it ('' when none)
  created_at: number;
}
export type RecipientEventRow = Selectable<RecipientEventsTable>;

/**
 * The answer of each Idempotency-Key (messaging/idempotency.ts), so a full repeat gets the same body: the
 * app's send path's (mode '') and the API v1's (the key's mode, with the body's hash it was taken for).
 */
export interface IdempotentAnswersTable {
  profile_id: number;
  /** '' for the send path (sendsms, and the sends of the API v1), else the API key's mode: 'live' or 'test'. */
  mode: string;
  /** The key's SHA-256, never the key. */
  idem_key: string;
  /** The API v1's request body's hash ('' for the send path, which reads no body twice). */
  body_hash: Generated<string>;
  /** The answer as JSON; '' while the API's request that took the key is still answered. */
  answer: string;
  created_at: number;
}

/**
 * Delivery counters (messaging/delivery-counters.ts), kept in the transactions that append recipient
 * events: per message, recipients by network, status and (final) error.
 */
export interface MessageCountersTable {
  message_id: number;
  network: string; // src/domain/networks.ts Network
  status: RecipientStatus;
  error: string;
  n: number;
}

/** Per account and day (days since 1970-01-01, the day each recipient was queued), deliveries' recipients by network and status. */
export interface DailyCountersTable {
  profile_id: number;
  supid: number; // the account's supervisor, so an admin's overview of its clients needs no join
  day: number;
  network: string;
  status: RecipientStatus;
  n: number;
}

/** Per message, its delivered recipients by time to delivery (src/domain/delivery-report.ts buckets). */
export interface DeliveryTimesTable {
  message_id: number;
  bucket: number;
  n: number;
}

/**
 * A personalized registration's recipient: the values its template's {placeholders} are filled from
 * (its sheet row or contact, as JSON), so an edit of the template fills its text again.
 */
export interface RecipientFieldsTable {
  message_id: number;
  recipient_index: number;
  fields: string;
}

export interface MessagingTables {
  message_counters: MessageCountersTable;
  daily_counters: DailyCountersTable;
  delivery_times: DeliveryTimesTable;
  messages: MessagesTable;
  message_recipients: MessageRecipientsTable;
  recipient_events: RecipientEventsTable;
  idempotent_answers: IdempotentAnswersTable;
  recipient_fields: RecipientFieldsTable;
}

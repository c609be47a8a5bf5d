import type { Generated, Selectable } from 'kysely';

/**
 * E-mail waiting to go, or gone (server/src/mail): written in the transaction of what caused it, so a
 * request never waits on SMTP and no message is lost to a down server; sent by the mail loop.
 */
export interface MailOutboxTable {
  id: Generated<number>;
  /** The account it was written for (0 when none), for its owner's and a person's-data view. */
  profile_id: number;
  /** What caused it, e.g. 'purchase-receipt'. */
  kind: string;
  to_address: string;
  /** The name beside the gateway's own From address: the selling domain's brand. */
  from_name: string;
  reply_to: Generated<string>;
  subject: string;
  body: string;
  /** Files sent with it: JSON [{ filename, contentType, base64 }], '' for none. */
  attachments: Generated<string>;
  /** queued (to send or retry), sent, failed (tries spent; kept with why), captured (dev mode, no SMTP). */
  status: 'queued' | 'sent' | 'failed' | 'captured';
  attempts: Generated<number>;
  /** Epoch ms: not tried again before. */
  next_at: number;
  /** Epoch ms: the sending instance's claim lapses then (another gateway may take it). */
  claimed_until: Generated<number>;
  /** The last failure, as the server said it (never a secret). */
  last_error: Generated<string>;
  created_at: number;
  sent_at: Generated<number>;
}
export type MailOutboxRow = Selectable<MailOutboxTable>;

export interface MailTables {
  mail_outbox: MailOutboxTable;
}

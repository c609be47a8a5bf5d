import type { Generated, Selectable } from 'kysely';

/** Where a campaign under the two-person rule stands (docs/product.md#the-two-person-rule). */
export type ApprovalState = 'waiting' | 'approved' | 'rejected';

/** A member's campaign that waits for an approver (server/src/approvals), stored whole as the gateway took it. */
export interface ApprovalsTable {
  id: Generated<number>;
  profile_id: number;
  /** The member who sent it (members.id) and their name then. */
  author_id: number;
  author_name: string;
  state: ApprovalState;
  /** The send's items as the gateway read them (JSON): what approval sends, unchanged. */
  items: string;
  kind: string;
  category: string;
  source_address: string;
  short_message: string;
  description: Generated<string>;
  /** When it goes out: the time it was sent for a quick send, else its first delivery (epoch ms). */
  send_at: number;
  recipients: number;
  /** The first few numbers, comma-separated, for the approver to see. */
  first_numbers: Generated<string>;
  parts: number;
  /** Credits reserved (a ledger `reservation`) while it waits. */
  cost: number;
  created_at: number;
  /** The member who decided (null: the account's owner), their name, when, and their note. */
  decided_by: number | null;
  decider_name: Generated<string>;
  decided_at: Generated<number>;
  note: Generated<string>;
  /** The message approval made. */
  message_id: number | null;
}
export type ApprovalRow = Selectable<ApprovalsTable>;

export interface ApprovalTables {
  approvals: ApprovalsTable;
}

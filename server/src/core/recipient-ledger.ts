import type { DialectName, Executor } from '../db/database';
import type { FinalStatus } from '../../../src/domain/messages/message-status';

/**
 * Messaging's side of the carrier (the context's `recipients`, messaging/carrier-ledger.ts): the
 * carrier (rank 0) may not import messaging (rank 1), so it takes queued recipients and records their
 * outcomes through this interface, which the composition root fills in (config.ts contextFrom).
 * Each call runs in the carrier's own transaction, beside its part rows.
 */
export interface RecipientLedger {
  /**
   * Claims up to `limit` queued recipients, oldest first: each becomes submitted and is counted on
   * its message. Runs inside the caller's transaction; on PostgreSQL rows another claim holds are skipped.
   */
  claimQueued(trx: Executor, dialect: DialectName, limit: number, now: number): Promise<RecipientToSend[]>;
  /** These recipients as the carrier sends them (parts another instance released), by id. */
  recipientsToSend(db: Executor, ids: readonly number[]): Promise<RecipientToSend[]>;
  /**
   * Records final statuses of submitted recipients, each once (a recipient no longer submitted is left
   * as it is), counts them on their messages and appends their events. Returns how many changed. The
   * last write of the caller's transaction (messaging/recipient-events.ts says why).
   */
  recordFinal(trx: Executor, dialect: DialectName, outcomes: readonly RecipientOutcome[], now: number): Promise<number>;
  /** Recipients accepted and not yet claimed by the carrier. */
  queuedCount(db: Executor): Promise<number>;
}

/** One recipient as the carrier puts it on the wire. */
export interface RecipientToSend {
  id: number;
  messageId: number;
  index: number;
  /** The number as the send gave it. */
  number: string;
  /** Its own text and encoding, or its message's. */
  text: string;
  unicode: boolean;
  /** The sender ID. */
  from: string;
  jobId: string | null;
  /** When it was accepted (the simulator reports a fixed delay after it). */
  queuedAt: number;
}

/** What the carrier learned of one recipient: its final status, when, and the error code that decided it. */
export interface RecipientOutcome {
  recipientId: number;
  status: FinalStatus;
  doneAt: number;
  error: string;
}

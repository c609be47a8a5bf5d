import type { Db } from '../db/database';

/**
 * Where the carrier hands messages from phones (an SMPP deliver_sm that is not a receipt): the
 * context's `inbound`, which the composition root fills with the opt-out area's implementation
 * (optouts/inbound.ts, given in config.ts contextFrom and the tests' makeTestApp). The carrier (rank
 * 0) may not import optouts (rank 1), as it reaches messaging through core/recipient-ledger.ts.
 */
export interface InboundLedger {
  /**
   * Stores the messages (none is lost) and acts on STOP replies. Resolves once they are in the
   * database (each in its own transaction): only then does the connector answer the carrier, which
   * otherwise sends them again.
   */
  store(db: Db, messages: readonly InboundMessage[], now: number): Promise<void>;
}

/** One message from a phone, as the carrier delivered it. */
export interface InboundMessage {
  /** The connector's name ('default' for CARRIER_URL). */
  connector: string;
  /** The phone's number as the carrier gave it (source_addr). */
  from: string;
  /** The sender ID or number it was sent to (destination_addr). */
  to: string;
  text: string;
}

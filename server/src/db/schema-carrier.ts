import type { Generated } from 'kysely';

/**
 * A part's way through the carrier. 'claimed' was never written to the wire and may be sent; from
 * 'submitting' on it may have gone out, so it is never sent again (SUBMITTING saved before the write).
 */
export const PART = { claimed: 0, submitting: 1, accepted: 2, final: 3, inDoubt: 4 } as const;

/** One SMS part of one recipient (or of a system text), as the carrier sees it. */
export interface CarrierPartsTable {
  id: Generated<number>;
  recipient_id: number | null;
  seq: number;
  total: number;
  /** The connector's name: 'sim', or 'default' for CARRIER_URL. Carrier ids are unique per connector. */
  connector: string;
  state: number;
  /** The gateway instance that claimed it (carrier_instances.id); null: anyone may claim it. */
  owner: string | null;
  /** International form, as it goes on the wire and comes back in receipts. */
  to_number: string;
  /** System texts only: the number as given; customers' parts read their recipient's. */
  number: Generated<string>;
  sender: Generated<string>;
  text: string | null;
  carrier_id: string | null;
  /** The final word: a receipt state (DELIVRD, UNDELIV, ...), REJECTED with error, or UNKNOWN. */
  result: Generated<string>;
  error: Generated<string>;
  done_at: number | null;
  updated_at: number;
}

/** Every receipt as it came, stored before deliver_sm_resp; a repeat of one is a no-op (unique). */
export interface CarrierReceiptsTable {
  id: Generated<number>;
  connector: string;
  carrier_id: string;
  state: string;
  error: string;
  to_number: string;
  done_at: number | null;
  received_at: number;
  part_id: number | null;
}

/** One running gateway instance's heartbeat. */
export interface CarrierInstancesTable {
  id: string;
  seen_at: number;
}

/** The simulated carrier's own timing: a receipt it owes for a part it accepted, and when it is due. */
export interface CarrierSimReportsTable {
  part_id: number;
  carrier_id: string;
  to_number: string;
  /** The number as the send gave it: the simulator's rules read this form (sim-rules.ts). */
  number: string;
  due_at: number;
}

export interface CarrierTables {
  carrier_parts: CarrierPartsTable;
  carrier_sim_reports: CarrierSimReportsTable;
  carrier_receipts: CarrierReceiptsTable;
  carrier_instances: CarrierInstancesTable;
}

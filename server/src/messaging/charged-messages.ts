import type { Executor } from '../db/database';
import { chunks } from '../db/queries';
import type { MessageKind } from '../../../src/domain/types';

/** A charged message as a statement names it: its kind, and the id its status page opens by. */
export interface ChargedMessage {
  kind: MessageKind;
  statusId: string;
}

/** The kinds of the messages ledger rows charged for (docs/product.md#statements), by message id. */
export async function chargedMessages(db: Executor, ids: readonly number[]): Promise<Map<number, ChargedMessage>> {
  const found = new Map<number, ChargedMessage>();
  for (const part of chunks([...new Set(ids)])) {
    const rows = await db
      .selectFrom('messages')
      .select(['id', 'kind', 'random_alpha'])
      .where('id', 'in', part)
      .execute();
    for (const r of rows) found.set(r.id, { kind: r.kind, statusId: r.random_alpha || String(r.id) });
  }
  return found;
}

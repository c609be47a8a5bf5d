import type { DialectName, Executor } from '../db/database';
import { chunks, rowsToInsert } from '../db/queries';
import { yieldToLoop } from '../core/event-loop';
import { canonicalPhone } from '../../../src/domain/numbers/phone-number';
import { networkOf } from '../../../src/domain/numbers/networks';
import { SHORT_LINK_LIFETIME_MS } from '../../../src/domain/links/short-links';
import type { LinkCode } from './shorten';

/** Rows in one insert, and inserts between two yields to the event loop. */
const CHUNK = 500;
const CHUNKS_PER_YIELD = 4;

/** A stored recipient whose text carries short links. */
export interface LinkedRecipient {
  id: number;
  recipient_index: number;
  number: string;
}

/** Two fresh codes met (about one send in millions of a 100,000-recipient size): the send is made again with new ones. */
export class CodeClash extends Error {
  constructor() {
    super('A short link code was taken: made again with new codes');
  }
}

const COLUMNS = {
  code: 'text',
  profile_id: 'bigint',
  message_id: 'bigint',
  recipient_id: 'bigint',
  recipient_index: 'bigint',
  network: 'text',
  mode: 'text',
  url: 'text',
  created_at: 'bigint',
  expires_at: 'bigint',
} as const;

/**
 * Stores the short links of a send's recipients just inserted, in its transaction, CHUNK rows an
 * insert with a yield every few: a code already taken throws CodeClash (the whole send rolls back).
 */
export async function storeLinks(
  db: Executor,
  dialect: DialectName,
  owner: { profileId: number; messageId: number; mode: string; now: number },
  recipients: readonly LinkedRecipient[],
  links: ReadonlyMap<number, readonly LinkCode[]>,
): Promise<number> {
  const rows = recipients.flatMap((r) =>
    (links.get(r.recipient_index) ?? []).map((link) => ({
      code: link.code,
      profile_id: owner.profileId,
      message_id: owner.messageId,
      recipient_id: r.id,
      recipient_index: r.recipient_index,
      network: networkOf(canonicalPhone(r.number)),
      mode: owner.mode,
      url: link.url,
      created_at: owner.now,
      expires_at: owner.now + SHORT_LINK_LIFETIME_MS,
    })),
  );
  let stored = 0;
  for (const [i, part] of chunks(rows, CHUNK).entries()) {
    if (i > 0 && i % CHUNKS_PER_YIELD === 0) await yieldToLoop();
    const { columns, source } = rowsToInsert(dialect, part, COLUMNS);
    const result = await db
      .insertInto('short_links')
      .columns(columns)
      .expression(source)
      .onConflict((oc) => oc.column('code').doNothing())
      .executeTakeFirst();
    const inserted = Number(result.numInsertedOrUpdatedRows ?? part.length);
    if (inserted < part.length) throw new CodeClash();
    stored += inserted;
  }
  return stored;
}

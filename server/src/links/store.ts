import { sql, type CompiledQuery } from 'kysely';
import type { DialectName, Executor } from '../db/database';
import { rowsToInsert } from '../db/queries';
import { yieldToLoop } from '../core/event-loop';
import { canonicalPhone } from '../../../src/domain/numbers/phone-number';
import { networkOf } from '../../../src/domain/numbers/networks';
import type { LinkCode } from './shorten';

/** Recipients whose links go in one insert, and inserts between two yields to the event loop. */
const CHUNK = 500;
const CHUNKS_PER_YIELD = 1;

/** A stored recipient whose text carries short links. */
export interface LinkedRecipient {
  id: number;
  recipient_index: number;
  number: string;
}

/** Who the links are of, and when they were made. */
export interface LinkOwner {
  profileId: number;
  messageId: number;
  mode: string;
  now: number;
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
} as const;

const COLUMN_NAMES = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];
const sameValues = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/** The link rows of some recipients, counting each recipient under its network. */
function rowsOf(
  owner: LinkOwner,
  recipients: readonly LinkedRecipient[],
  links: ReadonlyMap<number, readonly LinkCode[]>,
  byNetwork: Map<string, number>,
) {
  return recipients.flatMap((r) => {
    const codes = links.get(r.recipient_index) ?? [];
    if (codes.length === 0) return [];
    const network = networkOf(canonicalPhone(r.number));
    byNetwork.set(network, (byNetwork.get(network) ?? 0) + 1);
    return codes.map((link) => ({
      code: link.code,
      profile_id: owner.profileId,
      message_id: owner.messageId,
      recipient_id: r.id,
      recipient_index: r.recipient_index,
      network,
      mode: owner.mode,
      url: link.url,
      created_at: owner.now,
    }));
  });
}

/**
 * Stores the short links of a send's recipients just inserted, in its transaction, the links of CHUNK
 * recipients an insert with a yield every few, and adds them to the send's counts by network; a code
 * already taken throws CodeClash (the whole send rolls back).
 */
export async function storeLinks(
  db: Executor,
  dialect: DialectName,
  owner: LinkOwner,
  recipients: readonly LinkedRecipient[],
  links: ReadonlyMap<number, readonly LinkCode[]>,
): Promise<void> {
  const byNetwork = new Map<string, number>();
  // Kysely spends as long compiling a 500-row insert as SQLite spends running it: full chunks reuse the
  // first one's compiled statement with their own values (the text is the same, the values in order).
  let template: CompiledQuery | null = null;
  for (let start = 0; start < recipients.length; start += CHUNK) {
    if (start > 0 && (start / CHUNK) % CHUNKS_PER_YIELD === 0) await yieldToLoop();
    const rows = rowsOf(owner, recipients.slice(start, start + CHUNK), links, byNetwork);
    if (rows.length === 0) continue;
    const values = rows.flatMap((row) => COLUMN_NAMES.map((c) => row[c]));
    let compiled: CompiledQuery;
    if (template && template.parameters.length === values.length) compiled = { ...template, parameters: values };
    else {
      const { columns, source } = rowsToInsert(dialect, rows, COLUMNS);
      compiled = db
        .insertInto('short_links')
        .columns(columns)
        .expression(source)
        .onConflict((oc) => oc.column('code').doNothing())
        .compile();
      if (dialect === 'sqlite' && sameValues(compiled.parameters, values)) template = compiled;
    }
    const result = await db.executeQuery(compiled);
    if (Number(result.numAffectedRows ?? rows.length) < rows.length) throw new CodeClash();
  }
  if (byNetwork.size === 0) return;
  // A job's later batch adds its recipients to the counts of the batches before it.
  await db
    .insertInto('short_link_counts')
    .values([...byNetwork].map(([network, n]) => ({ message_id: owner.messageId, network, recipients: n })))
    .onConflict((oc) =>
      oc.columns(['message_id', 'network']).doUpdateSet({
        recipients: sql<number>`short_link_counts.recipients + excluded.recipients`,
      }),
    )
    .execute();
}

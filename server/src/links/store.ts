import { sql, type CompiledQuery } from 'kysely';
import type { DialectName, Executor } from '../db/database';
import { rowsToInsert, sameParameters } from '../db/queries';
import { forEachInSteps, yieldToLoop } from '../core/event-loop';
import { canonicalPhone } from '../../../src/domain/numbers/phone-number';
import { networkOf } from '../../../src/domain/numbers/networks';
import type { LinkCode } from './shorten';

/** Recipients whose links go in one insert, and inserts between two yields to the event loop. */
const CHUNK = 500;
const CHUNKS_PER_YIELD = 1;
/** Recipients whose links are counted by URL between two yields. */
const USES_STEP = 10_000;

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
  url_id: 'bigint',
} as const;

const COLUMN_NAMES = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];
type LinkRow = Record<keyof typeof COLUMNS, string | number>;
/**
 * The values of some recipients' link rows, in COLUMNS order one row after another (what a kept
 * statement takes), counting each recipient under its network. A row names its long URL by id and
 * keeps '' inline; a URL not stored yet is put in its id's place, and that place listed in `unstored`.
 */
function valuesOf(
  owner: LinkOwner,
  recipients: readonly LinkedRecipient[],
  links: ReadonlyMap<number, readonly LinkCode[]>,
  urlIds: ReadonlyMap<string, number>,
  byNetwork: Map<string, number>,
): { values: (string | number)[]; unstored: number[] } {
  const values: (string | number)[] = [];
  const unstored: number[] = [];
  for (const r of recipients) {
    const codes = links.get(r.recipient_index);
    if (!codes || codes.length === 0) continue;
    const network = networkOf(canonicalPhone(r.number));
    byNetwork.set(network, (byNetwork.get(network) ?? 0) + 1);
    for (const link of codes) {
      const urlId = urlIds.get(link.url);
      values.push(link.code, owner.profileId, owner.messageId, r.id, r.recipient_index);
      values.push(network, owner.mode, '', owner.now, urlId ?? link.url);
      if (urlId === undefined) unstored.push(values.length - 1);
    }
  }
  return { values, unstored };
}

/**
 * How many links of these recipients name each long URL: what each stored URL row counts (`links`).
 * USES_STEP recipients between two yields: 100,000 took 15 to 20 ms at once.
 */
async function usesOf(recipients: readonly LinkedRecipient[], links: ReadonlyMap<number, readonly LinkCode[]>) {
  const uses = new Map<string, number>();
  await yieldToLoop();
  await forEachInSteps(recipients, USES_STEP, (r) => {
    for (const link of links.get(r.recipient_index) ?? []) uses.set(link.url, (uses.get(link.url) ?? 0) + 1);
  });
  return uses;
}

/**
 * Stores the long URLs found in `values` at the `unstored` places once for the message, then puts each
 * one's id in its places. A send has one or a few, where its links are 100,000 (each row then holds
 * a number, not a copy of the URL); a personalized send may have one a recipient (a chunk's at most).
 * Each row keeps when its links were made (it is pruned with them) and how many name it (an erasure
 * deletes it with the last: links/person-links.ts).
 */
async function storeUrls(
  db: Executor,
  owner: LinkOwner,
  values: (string | number)[],
  unstored: readonly number[],
  urlIds: Map<string, number>,
  uses: ReadonlyMap<string, number>,
): Promise<void> {
  if (unstored.length === 0) return;
  const urls = new Set(unstored.map((at) => values[at] as string));
  const stored = await db
    .insertInto('short_link_urls')
    .values(
      [...urls].map((url) => ({
        message_id: owner.messageId,
        url,
        created_at: owner.now,
        links: uses.get(url) ?? 0,
      })),
    )
    .returning(['id', 'url'])
    .execute();
  for (const { id, url } of stored) urlIds.set(url, Number(id));
  for (const at of unstored) values[at] = urlIds.get(values[at] as string)!;
}

/** Flat values back into rows, for a statement built anew. */
function rowsOf(values: readonly (string | number)[]): LinkRow[] {
  const rows: LinkRow[] = [];
  for (let at = 0; at < values.length; at += COLUMN_NAMES.length) {
    rows.push(Object.fromEntries(COLUMN_NAMES.map((c, i) => [c, values[at + i]!])) as LinkRow);
  }
  return rows;
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
  const urlIds = new Map<string, number>();
  // From a yield: the send's recipients were just inserted, the last of them in this turn.
  const uses = await usesOf(recipients, links);
  await yieldToLoop();
  // Kysely spends as long compiling a 500-row insert as SQLite spends running it: full chunks reuse the
  // first one's compiled statement with their own values (the text is the same, the values in order).
  let template: CompiledQuery | null = null;
  for (let start = 0; start < recipients.length; start += CHUNK) {
    if (start > 0 && (start / CHUNK) % CHUNKS_PER_YIELD === 0) await yieldToLoop();
    const { values, unstored } = valuesOf(owner, recipients.slice(start, start + CHUNK), links, urlIds, byNetwork);
    if (values.length === 0) continue;
    await storeUrls(db, owner, values, unstored, urlIds, uses);
    const rows = values.length / COLUMN_NAMES.length;
    let compiled: CompiledQuery;
    if (template && template.parameters.length === values.length) compiled = { ...template, parameters: values };
    else {
      const { columns, source } = rowsToInsert(dialect, rowsOf(values), COLUMNS);
      compiled = db
        .insertInto('short_links')
        .columns(columns)
        .expression(source)
        .onConflict((oc) => oc.column('code').doNothing())
        .compile();
      if (dialect === 'sqlite' && sameParameters(compiled.parameters, values)) template = compiled;
    }
    const result = await db.executeQuery(compiled);
    if (Number(result.numAffectedRows ?? rows) < rows) throw new CodeClash();
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

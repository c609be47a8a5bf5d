import { randomUUID } from 'node:crypto';
import type { CompiledQuery, Insertable } from 'kysely';
import type { GatewayContext } from '../core/context';
import { refuse } from '../core/errors';
import { yieldToLoop } from '../core/event-loop';
import type { ContactsTable, GroupRow } from '../db/schema-phonebook-payments';
import { rowToContactInput } from '../../../src/domain/contacts/contact-headings';
import { checkImportRow } from '../../../src/domain/contacts/import-row';
import { canonicalPhone } from '../../../src/domain/numbers/phone-number';

// 1,000 rows x 12 columns stays well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters.
const CHUNK_ROWS = 1000;
/** Rows checked between two yields: about 5 ms of work. */
const CHECK_ROWS = 250;
// The answer names the first rejected rows only; `rejected` counts them all.
const REPORTED_REJECTIONS = 100;

export type RejectedRow = { row: number; reason: string };
/** A row loaded without one of its optional fields (an e-mail that is none, a birthday that is no date): which, and why. */
export type LeftOutRow = { row: number; field: string; reason: string };

/** A sheet row must be named cells; anything else refuses the whole import, before a row is stored. */
const notARow = (index: number) => `Invalid request: excelData.${index} must be a row of named cells`;

export interface ImportResult {
  inserted: number;
  /** Rows whose number the book already had (or an earlier row of the sheet): not loaded again. */
  skipped: number;
  rejected: number;
  rejectedRows: RejectedRow[];
  /** Fields left out of the contacts loaded (docs/product.md#for-contacts); the first of them named. */
  leftOut: number;
  leftOutRows: LeftOutRow[];
}

/** The canonical numbers a book holds: a row with one of them is already in the book. */
async function numbersInBook(ctx: GatewayContext, groupId: number): Promise<Set<string>> {
  const rows = await ctx.db.selectFrom('contacts').select('phonenumber').where('group_id', '=', groupId).execute();
  return new Set(rows.map((r) => canonicalPhone(r.phonenumber)));
}

/**
 * Checks every row, then inserts the good ones in chunks inside one transaction, so an import
 * lands whole or not at all. `row` numbers are sheet rows: the heading is row 1. A row needs a usable
 * phone number (docs/product.md#phone-numbers), a bad optional field is left out of its contact (checkImportRow); one whose number the book already holds is skipped, so
 * loading a file twice changes nothing. Both loops yield between chunks (CHECK_ROWS, CHUNK_ROWS): a 100,000-row
 * import never holds the event loop for long.
 */
export async function importContacts(
  ctx: GatewayContext,
  group: GroupRow,
  rows: ReadonlyArray<unknown>,
): Promise<ImportResult> {
  const now = ctx.now();
  const good: Insertable<ContactsTable>[] = [];
  const rejectedRows: RejectedRow[] = [];
  let rejected = 0;
  let skipped = 0;
  let leftOut = 0;
  const leftOutRows: LeftOutRow[] = [];
  const known = await numbersInBook(ctx, group.id);
  for (let start = 0; start < rows.length; start += CHECK_ROWS) {
    await yieldToLoop();
    for (let i = start; i < Math.min(rows.length, start + CHECK_ROWS); i += 1) {
      const row = rows[i];
      if (typeof row !== 'object' || row === null || Array.isArray(row)) throw refuse(notARow(i));
      const checked = checkImportRow(rowToContactInput(row as Record<string, unknown>), now);
      if (!checked.ok) {
        rejected++;
        if (rejectedRows.length < REPORTED_REJECTIONS) rejectedRows.push({ row: i + 2, reason: checked.message });
        continue;
      }
      const number = checked.contact.phonenumber;
      if (known.has(number)) {
        skipped++;
        continue;
      }
      known.add(number);
      leftOut += checked.leftOut.length;
      for (const { field, reason } of checked.leftOut)
        if (leftOutRows.length < REPORTED_REJECTIONS) leftOutRows.push({ row: i + 2, field, reason });
      good.push({
        ...checked.contact,
        group_id: group.id,
        profile_id: group.profile_id,
        referencekey: randomUUID(),
        created_at: now,
      });
    }
  }
  if (good.length > 0) {
    await ctx.db.transaction().execute(async (trx) => {
      let full: CompiledQuery | null = null;
      for (let start = 0; start < good.length; start += CHUNK_ROWS) {
        if (start > 0) await yieldToLoop();
        const chunk = good.slice(start, start + CHUNK_ROWS);
        if (chunk.length < CHUNK_ROWS) {
          await trx.insertInto('contacts').values(chunk).execute();
          continue;
        }
        // Kysely compiles a full chunk once; later chunks reuse its SQL with their own bound values
        // (every row has the same keys in the same order, so the parameters line up). Halves the CPU time.
        full ??= trx.insertInto('contacts').values(chunk).compile();
        await trx.executeQuery({ ...full, parameters: chunk.flatMap((row) => Object.values(row)) });
      }
    });
  }
  return { inserted: good.length, skipped, rejected, rejectedRows, leftOut, leftOutRows };
}

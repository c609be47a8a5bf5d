// A sheet read as contacts (docs/product.md#for-contacts): headings mapped, every row checked as the gateway will.
import { CONTACT_FIELDS, type ContactField, type ContactFields } from './contact-fields';
import { headingUses, rowToContactInput, TEMPLATE_HEADINGS, type HeadingUse } from './contact-headings';
import { headingRowOf, normalizeHeading } from './excel-sheet';
import { isCellError } from './sheet-number';
import { checkImportRow, type LeftOutField } from './import-row';

export const NO_CONTACT_HEADING = `None of the headings in the first row of Sheet1 is a contact field. Please use the template's headings: ${TEMPLATE_HEADINGS.join(', ')}`;
export const NO_CONTACT_ROWS = 'The excel sheet has no contacts';
/** The rows set aside that are named one by one (all are counted). */
export const SET_ASIDE_LISTED = 1000;

/** Contacts as columns, one per field (CONTACT_FIELDS order): 100,000 rows cross from the worker as six arrays. */
export type ContactTable = {
  columns: string[][];
  /** The sheet row of each contact (the heading is row 1), to name rows the gateway sets aside. */
  rows: number[];
  length: number;
};

export type SetAsideRow = { row: number; reason: string };

export type ContactSheet = {
  headings: HeadingUse[];
  table: ContactTable;
  /** The first SET_ASIDE_LISTED rows that will not be loaded, with why; setAsideCount counts them all. */
  setAside: SetAsideRow[];
  setAsideCount: number;
  /** Rows whose number an earlier row of the sheet has: skipped, as the gateway skips numbers a book holds. */
  repeatCount: number;
  /** The first SET_ASIDE_LISTED contacts loaded without a bad optional field (an e-mail that is none...), and why. */
  leftOut: LeftOutRow[];
};

export type LeftOutRow = { row: number; leftOut: LeftOutField[] };

// A cell showing an error (#REF!, #N/A) holds nothing to load; in the phone column it is named as such.
const isBlankCell = (v: unknown) =>
  v === null || v === undefined || isCellError(v) || (typeof v === 'string' && v.trim() === '');

/** The first row is the headings; every other row becomes a contact or is set aside with the gateway's reason. */
export function readContactSheet(
  table: ReadonlyArray<readonly unknown[]>,
): { ok: true; sheet: ContactSheet } | { ok: false; message: string } {
  // Blank rows above the headings are skipped, as the send form does; row numbers stay the sheet's.
  const headingAt = Math.max(0, headingRowOf(table));
  const headings = (table[headingAt] ?? []).map(normalizeHeading);
  const uses = headingUses(headings);
  if (!uses.some((u) => u.field !== null)) return { ok: false, message: NO_CONTACT_HEADING };
  // Blank rows after the last filled one are the sheet's formatting, not contacts.
  let end = table.length;
  while (end > headingAt + 1 && (table[end - 1] ?? []).every(isBlankCell)) end -= 1;
  const columns: string[][] = CONTACT_FIELDS.map(() => []);
  const rows: number[] = [];
  const setAside: SetAsideRow[] = [];
  let setAsideCount = 0;
  let repeatCount = 0;
  const seen = new Set<string>();
  const leftOut: LeftOutRow[] = [];
  const phoneAt = uses.findIndex((u) => u.field === 'phonenumber');
  for (let r = headingAt + 1; r < end; r += 1) {
    const cells = table[r] ?? [];
    const record: Record<string, unknown> = {};
    headings.forEach((h, i) => {
      if (h !== '' && uses[i]?.field) record[h] = isCellError(cells[i]) ? null : cells[i];
    });
    // A contact needs a phone number, checked as the send form checks one (docs/product.md#phone-numbers): the
    // cell as it is, so an error value is named as such.
    if (phoneAt >= 0 && headings[phoneAt]) record[headings[phoneAt]] = cells[phoneAt];
    const checked = checkImportRow(rowToContactInput(record));
    if (!checked.ok) {
      setAsideCount += 1;
      if (setAside.length < SET_ASIDE_LISTED) setAside.push({ row: r + 1, reason: checked.message });
      continue;
    }
    if (seen.has(checked.contact.phonenumber)) {
      repeatCount += 1;
      continue;
    }
    seen.add(checked.contact.phonenumber);
    if (checked.leftOut.length > 0 && leftOut.length < SET_ASIDE_LISTED)
      leftOut.push({ row: r + 1, leftOut: checked.leftOut });
    CONTACT_FIELDS.forEach((f, k) => columns[k]!.push(checked.contact[f]));
    rows.push(r + 1);
  }
  if (rows.length === 0 && setAsideCount === 0) return { ok: false, message: NO_CONTACT_ROWS };
  return {
    ok: true,
    sheet: {
      headings: uses,
      table: { columns, rows, length: rows.length },
      setAside,
      setAsideCount,
      repeatCount,
      leftOut,
    },
  };
}

/** One contact of a table, built only when it is sent or shown. */
export function contactAt(table: ContactTable, index: number): ContactFields {
  const contact = {} as ContactFields;
  CONTACT_FIELDS.forEach((f: ContactField, k) => {
    contact[f] = table.columns[k]?.[index] ?? '';
  });
  return contact;
}

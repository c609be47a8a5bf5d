// A text file of rows (CSV, TSV, ';' or '|' separated), every cell as typed: '0241234567' keeps its zero.
import Papa from 'papaparse';
import { MAX_CELLS, MAX_ROWS, TOO_MANY_CELLS, TOO_MANY_ROWS, csvQuoteError } from './limits';
import { SpreadsheetError } from './spreadsheet-error';

const DELIMITERS = [',', ';', '\t', '|'];
// Excel writes "sep=;" as the first line when the list separator is not the locale's.
const SEP_LINE = /^sep=(.)[ \t]*(\r\n|\n|\r|$)/i;

const lineAt = (text: string, index: number) => {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
};

/** The separator that splits the first lines into the same number (more than one) of fields; ',' when none does. */
export function sniffDelimiter(text: string): string {
  const sample = text.slice(0, 64 * 1024);
  let best = { delimiter: ',', steady: 0, width: 1 };
  for (const delimiter of DELIMITERS) {
    const rows = Papa.parse<string[]>(sample, { delimiter, preview: 20, skipEmptyLines: 'greedy' }).data;
    const width = rows[0]?.length ?? 0;
    const steady = rows.filter((row) => row.length === width).length;
    if (width > 1 && (steady > best.steady || (steady === best.steady && width > best.width)))
      best = { delimiter, steady, width };
  }
  return best.delimiter;
}

/** The rows of a text file; `rows[i]` is line i + 1 while no quoted value spans lines (blank lines stay, as blank rows). */
export function readCsvText(text: string): string[][] {
  const sep = SEP_LINE.exec(text);
  // The sep line becomes a blank line, so row numbers stay line numbers.
  const body = sep ? `\n${text.slice(sep[0].length)}` : text;
  const parsed = Papa.parse<string[]>(body, {
    delimiter: sep?.[1] ?? sniffDelimiter(body),
    skipEmptyLines: false,
    // preview stops papaparse one row past the cap, so an enormous file is never held whole as rows.
    preview: MAX_ROWS + 3,
  });
  const quote = parsed.errors.find((e) => e.type === 'Quotes');
  if (quote) {
    const at = quote.index ?? body.split('\n', (quote.row ?? 0) + 1).join('\n').length;
    throw new SpreadsheetError(csvQuoteError(lineAt(body, at)));
  }
  let rows = parsed.data;
  // A last line break is not a row.
  if (rows.length > 0 && rows.at(-1)!.every((c) => c === '')) rows = rows.slice(0, -1);
  const first = Math.max(
    0,
    rows.findIndex((row) => row.some((c) => c !== '')),
  );
  if (rows.length - first > MAX_ROWS + 1) throw new SpreadsheetError(TOO_MANY_ROWS);
  const width = rows.reduce((w, row) => Math.max(w, row.length), 0);
  if (width * rows.length > MAX_CELLS) throw new SpreadsheetError(TOO_MANY_CELLS);
  return rows;
}

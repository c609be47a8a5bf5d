// A spreadsheet cell read as a phone number (docs/product.md#for-sending): normalised as the manual box does, then checked,
// so a value that is not a phone number is set aside with why, never sent.
import { parseManualNumbers } from '../send/recipients';

/** A formula cell whose result was never saved (files written by code): there is no value to read. */
export const UNSAVED_FORMULA: Readonly<{ unsavedFormula: true }> = Object.freeze({ unsavedFormula: true });

/** A cell showing an error value (#REF!, #N/A, ...), as Excel writes it: a formula's result, never data. */
export type CellError = { cellError: string };
export const cellError = (text: string): CellError => ({ cellError: text });
export const isCellError = (value: unknown): value is CellError =>
  typeof value === 'object' && value !== null && typeof (value as Partial<CellError>).cellError === 'string';
/** Excel's error for a formula whose reference points at a deleted sheet, row or column. */
export const BROKEN_REFERENCE = '#REF!';

// E.164: at most 15 digits; fewer than 8 is no phone number anywhere (Ghana's are 9 without the 0).
export const MIN_PHONE_DIGITS = 8;
export const MAX_PHONE_DIGITS = 15;

export const NUMBER_REASONS = {
  missing: 'No number',
  formula: 'A formula with no saved result',
  boolean: 'TRUE or FALSE, not a phone number',
  date: 'A date, not a phone number',
  negative: 'A negative number',
  fraction: 'A number with a fraction',
  scientific: 'Digits lost to scientific notation (e.g. 2.33241E+11)',
  several: 'More than one number in one cell',
  letters: 'Letters or signs that are not part of a phone number',
  tooShort: `Too short for a phone number (fewer than ${MIN_PHONE_DIGITS} digits)`,
  tooLong: `Too long for a phone number (more than ${MAX_PHONE_DIGITS} digits)`,
  brokenReference: `${BROKEN_REFERENCE}: a formula whose reference is broken (a sheet, row or column it used was deleted)`,
} as const;

/** Why a cell showing an error is not a number: #REF! named for what it is, other errors by their text. */
export const cellErrorReason = (error: CellError): string =>
  error.cellError === BROKEN_REFERENCE
    ? NUMBER_REASONS.brokenReference
    : `${error.cellError}: a formula's error, not a phone number`;

export type SheetNumber = { ok: true; number: string } | { ok: false; reason: string };

const refuse = (reason: string): SheetNumber => ({ ok: false, reason });

const PLAIN = /^\+?\d+$/;
const SCIENTIFIC = /^[+-]?\d+(\.\d+)?e[+-]?\d+$/i;
const THOUSANDS = /^\+?\d{1,3}(,\d{3})+(\.0+)?$/;
const DATE_TEXT = /^(\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{4})([T\s].*)?$/;

function checkDigits(number: string): SheetNumber {
  // Digits after the international prefix (+ or 00) or the trunk 0 are what E.164 counts.
  const significant = number.replace(/^\+/, '').replace(/^00/, '');
  if (significant.length > MAX_PHONE_DIGITS) return refuse(NUMBER_REASONS.tooLong);
  if (significant.length < MIN_PHONE_DIGITS) return refuse(NUMBER_REASONS.tooShort);
  return { ok: true, number };
}

function checkNumberCell(value: number): SheetNumber {
  if (!Number.isFinite(value)) return refuse(NUMBER_REASONS.letters);
  if (value < 0) return refuse(NUMBER_REASONS.negative);
  if (!Number.isInteger(value)) return refuse(NUMBER_REASONS.fraction);
  if (value >= 10 ** MAX_PHONE_DIGITS) return refuse(NUMBER_REASONS.tooLong);
  return checkDigits(value.toFixed(0));
}

// A number broken over lines in its cell ("024 123" and "4567" under it): pieces of digits, one of them too short.
const DIGIT_PIECE = /^\+?[\d\s().-]+$/;
function joinedLines(text: string): string {
  const lines = text.split(/[\r\n\u2028]+/).filter((line) => line.trim() !== '');
  if (lines.length < 2 || !lines.every((line) => DIGIT_PIECE.test(line.trim()))) return text;
  const short = lines.some((line) => line.replace(/\D/g, '').length < MIN_PHONE_DIGITS);
  return short ? lines.join('') : text;
}

function checkText(value: string): SheetNumber {
  // Most cells are bare digits: checked at once, so 100,000 rows read quickly.
  if (PLAIN.test(value)) return checkDigits(value);
  let text = joinedLines(value.trim());
  if (text === '') return refuse(NUMBER_REASONS.missing);
  if (SCIENTIFIC.test(text.replace(/\s+/g, ''))) return refuse(NUMBER_REASONS.scientific);
  if (/^(true|false)$/i.test(text)) return refuse(NUMBER_REASONS.boolean);
  if (DATE_TEXT.test(text)) return refuse(NUMBER_REASONS.date);
  if (text.startsWith('-')) return refuse(NUMBER_REASONS.negative);
  // "233,241,234,567" (thousands separators) and "233241234567.0" (pandas) are one number.
  if (THOUSANDS.test(text)) text = text.replace(/,/g, '');
  text = text.replace(/\.0+$/, '');
  if (/^\+?\d+\.\d+$/.test(text)) return refuse(NUMBER_REASONS.fraction);
  // The manual box's rule: slashes, new lines and commas part numbers; whitespace goes.
  const parts = parseManualNumbers(text, true);
  if (parts.length === 0) return refuse(NUMBER_REASONS.missing);
  if (parts.length > 1) return refuse(NUMBER_REASONS.several);
  const number = parts[0]!.replace(/[-.()\u2010-\u2015]/g, '');
  if (!/^\+?\d+$/.test(number)) return refuse(NUMBER_REASONS.letters);
  return checkDigits(number);
}

/** A cell of the numbers column as the number to send, or why it is not a phone number. */
export function checkSheetNumber(value: unknown): SheetNumber {
  if (value === null || value === undefined) return refuse(NUMBER_REASONS.missing);
  if (value === UNSAVED_FORMULA) return refuse(NUMBER_REASONS.formula);
  if (isCellError(value)) return refuse(cellErrorReason(value));
  if (typeof value === 'boolean') return refuse(NUMBER_REASONS.boolean);
  if (value instanceof Date) return refuse(NUMBER_REASONS.date);
  if (typeof value === 'number') return checkNumberCell(value);
  if (typeof value === 'string') return checkText(value);
  return refuse(NUMBER_REASONS.letters);
}

/** A cell as the user sees it, to name what was set aside. */
export function cellAsTyped(value: unknown): string {
  if (value === null || value === undefined || value === UNSAVED_FORMULA) return '';
  if (isCellError(value)) return value.cellError;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

import { describe, expect, it } from 'vitest';
import {
  NUMBER_REASONS,
  UNSAVED_FORMULA,
  cellAsTyped,
  cellError,
  checkSheetNumber,
} from '../../../src/domain/contacts/sheet-number';

describe('checkSheetNumber: normalised as the manual box does', () => {
  it.each<[unknown, string]>([
    ['0241234567', '0241234567'],
    ['+233 24 123 4567', '+233241234567'],
    ['024-123-4567', '0241234567'],
    ['024.123.4567', '0241234567'],
    ['(024) 123 4567', '0241234567'],
    ['233,241,234,567', '233241234567'],
    ['233241234567.0', '233241234567'],
    ['00233241234567', '00233241234567'],
    [' 0241234567\n', '0241234567'],
    // A number broken over two lines of its cell (Alt+Enter, or text wrapped by the program that wrote it).
    ['024 123\n4567', '0241234567'],
    ['0241\r\n234567', '0241234567'],
    ['+233\n241234567', '+233241234567'],
    [233241234567, '233241234567'],
    [241234567, '241234567'],
  ])('%j is sent as %j', (cell, number) => {
    expect(checkSheetNumber(cell)).toEqual({ ok: true, number });
  });
});

describe('checkSheetNumber: what is not a phone number is set aside with why', () => {
  it.each<[unknown, string]>([
    [null, NUMBER_REASONS.missing],
    ['  ', NUMBER_REASONS.missing],
    [UNSAVED_FORMULA, NUMBER_REASONS.formula],
    [true, NUMBER_REASONS.boolean],
    ['FALSE', NUMBER_REASONS.boolean],
    [new Date(Date.UTC(2024, 4, 1)), NUMBER_REASONS.date],
    ['2024-05-01', NUMBER_REASONS.date],
    ['01/05/2024', NUMBER_REASONS.date],
    [-241234567, NUMBER_REASONS.negative],
    ['-0241234567', NUMBER_REASONS.negative],
    [241234567.5, NUMBER_REASONS.fraction],
    ['241234567.5', NUMBER_REASONS.fraction],
    ['2.33241E+11', NUMBER_REASONS.scientific],
    ['2.33241e11', NUMBER_REASONS.scientific],
    ['0241234567 / 0201234567', NUMBER_REASONS.several],
    ['0241234567, 0201234567', NUMBER_REASONS.several],
    // Two whole numbers on two lines stay two numbers.
    ['0241234567\n0201234567', NUMBER_REASONS.several],
    [cellError('#REF!'), NUMBER_REASONS.brokenReference],
    [cellError('#N/A'), "#N/A: a formula's error, not a phone number"],
    ['024 ABC 4567', NUMBER_REASONS.letters],
    ['call Ama', NUMBER_REASONS.letters],
    ['0241', NUMBER_REASONS.tooShort],
    [1234567, NUMBER_REASONS.tooShort],
    ['12345678901234567890', NUMBER_REASONS.tooLong],
    [1.2345678901234567e19, NUMBER_REASONS.tooLong],
    [Number.NaN, NUMBER_REASONS.letters],
  ])('%j: %s', (cell, reason) => {
    expect(checkSheetNumber(cell)).toEqual({ ok: false, reason });
  });

  it('names a cell as the user sees it', () => {
    expect(cellAsTyped(true)).toBe('TRUE');
    expect(cellAsTyped(new Date(Date.UTC(2024, 4, 1)))).toBe('2024-05-01');
    expect(cellAsTyped(UNSAVED_FORMULA)).toBe('');
    expect(cellAsTyped(-5)).toBe('-5');
    expect(cellAsTyped(cellError('#REF!'))).toBe('#REF!');
  });
});

// What the send form reads from a sheet that is not quite as docs/product.md#for-sending asks: invisible characters in a
// heading, a column the user names as the numbers column, and numbers that are formula errors.
import { describe, expect, it } from 'vitest';
import {
  ERROR_CELLS_EMPTY,
  NUMBERS_HEADING_MISSING,
  normalizeHeading,
  numbersAreErrors,
  readSendSheet,
} from '../../../src/domain/contacts/excel-sheet';
import { NUMBER_REASONS, cellError } from '../../../src/domain/contacts/sheet-number';

describe('headings with characters nobody sees', () => {
  it.each([
    ['numbers\u200b', 'numbers'],
    ['\ufeffnumbers', 'numbers'],
    ['num\u00adbers', 'numbers'],
    ['\u200enumbers\u2060', 'numbers'],
    ['first\u200dname', 'firstname'],
  ])('%j reads as %j', (heading, expected) => {
    expect(normalizeHeading(heading)).toBe(expected);
  });

  it('reads a sheet whose "numbers" heading ends in a zero-width space', () => {
    const read = readSendSheet([
      ['numbers\u200b', 'name'],
      ['0241234567', 'Ama'],
    ]);
    expect(read).toMatchObject({ ok: true, rows: [{ numbers: '0241234567', name: 'Ama' }] });
  });
});

describe('a column named as the numbers column', () => {
  const sheet = [
    ['Name', 'Phone', 'Town'],
    ['Ama', '0241234567', 'Accra'],
    ['Kofi', 'call me', 'Kumasi'],
  ];

  it('reads the chosen column as the numbers, under the field name "numbers"', () => {
    expect(readSendSheet(sheet, 1)).toEqual({
      ok: true,
      headings: ['Name', 'numbers', 'Town'],
      rows: [{ Name: 'Ama', numbers: '0241234567', Town: 'Accra' }],
      setAside: [{ row: 3, value: 'call me', reason: NUMBER_REASONS.letters }],
      notes: [],
    });
  });

  it('reads the first row as a recipient when it holds a number, not headings', () => {
    const read = readSendSheet(
      [
        ['0241234567', 'Ama'],
        ['0201234567', 'Kofi'],
      ],
      0,
    );
    expect(read).toMatchObject({
      ok: true,
      headings: ['numbers', ''],
      rows: [{ numbers: '0241234567' }, { numbers: '0201234567' }],
    });
  });

  it('offers a column with data but no heading, by its letter', () => {
    const read = readSendSheet([['Name'], ['Ama', '0241234567']]);
    expect(read).toEqual({
      ok: false,
      message: NUMBERS_HEADING_MISSING,
      columns: [
        { index: 0, letter: 'A', heading: 'Name', phone: false },
        { index: 1, letter: 'B', heading: '', phone: false },
      ],
    });
    expect(readSendSheet([['Name'], ['Ama', '0241234567']], 1)).toMatchObject({
      ok: true,
      rows: [{ Name: 'Ama', numbers: '0241234567' }],
    });
  });
});

describe('numbers that are formula errors', () => {
  it('names #REF! as a broken reference, not as an empty sheet or a missing number', () => {
    const onlyNumbers = readSendSheet([['numbers'], [cellError('#REF!')], [cellError('#REF!')]]);
    expect(onlyNumbers).toEqual({ ok: false, message: numbersAreErrors(['#REF!', '#REF!']) });
    expect(numbersAreErrors(['#REF!'])).toMatch(
      /^The numbers on this sheet are #REF!, from formulas whose references are broken/,
    );
    const withNames = readSendSheet([
      ['numbers', 'name'],
      [cellError('#REF!'), 'Ama'],
    ]);
    expect(withNames).toEqual({ ok: false, message: numbersAreErrors(['#REF!']) });
  });

  it('sets aside the rows whose number is an error, with why, and reads the others', () => {
    const read = readSendSheet([
      ['numbers', 'name'],
      ['0241234567', cellError('#N/A')],
      [cellError('#REF!'), 'Kofi'],
    ]);
    expect(read).toEqual({
      ok: true,
      headings: ['numbers', 'name'],
      rows: [{ numbers: '0241234567', name: '' }],
      setAside: [{ row: 3, value: '#REF!', reason: NUMBER_REASONS.brokenReference }],
      notes: [ERROR_CELLS_EMPTY],
    });
  });

  it('names other errors by their text', () => {
    expect(numbersAreErrors(['#N/A', '#DIV/0!', '#N/A'])).toMatch(/are errors \(#N\/A, #DIV\/0!\) from formulas/);
  });
});

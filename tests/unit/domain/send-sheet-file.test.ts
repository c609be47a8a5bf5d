import { describe, expect, it } from 'vitest';
import { SEND_SHEET_ACCEPT, sendSheetFileError } from '../../../src/domain/send/send-sheet-file';

describe('sendSheetFileError', () => {
  it.each(['a.xlsx', 'b.XLSM', 'c.xls', 'd.xml', 'e.csv'])('accepts %s', (name) =>
    expect(sendSheetFileError(name)).toBeNull(),
  );
  it.each(['a.pdf', 'noext', '', null])('refuses %s', (name) =>
    expect(sendSheetFileError(name)).toBe('Kindly select an excel file'),
  );
  it('lists the extensions for the picker', () => expect(SEND_SHEET_ACCEPT).toBe('.xlsx,.xlsm,.xls,.xml,.csv'));
});

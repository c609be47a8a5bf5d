import { useCallback, useEffect, useRef, useState } from 'react';
import type { SheetTable } from '../../excel/sheet-table';
import { openSpreadsheet, SpreadsheetError, type OpenedSpreadsheet, type SheetResult } from '../../excel/parse-file';
import { SELECT_SHEET, type SetAsideNumber, type SheetColumn } from '../../domain/contacts/excel-sheet';
import { UPLOAD_EXCEL } from '../../domain/send/send-form';
import { sendSheetFileError } from '../../domain/send/send-sheet-file';

export type ExcelState =
  | { status: 'empty' }
  | { status: 'reading'; fileName: string; fraction: number; stage: string; sheetNames: string[] }
  | { status: 'choose-sheet'; fileName: string; sheetNames: string[] }
  | {
      status: 'loaded';
      fileName: string;
      sheetNames: string[];
      sheet: string;
      headings: string[];
      table: SheetTable;
      /** Rows whose number is not a phone number: never sent, shown and downloadable (none for a kept sheet). */
      setAside: SetAsideNumber[];
      notes: string[];
      /** The sheet has no "numbers" heading: the columns offered, and the one the user named. */
      columns?: SheetColumn[];
      numbersColumn?: number;
    }
  | {
      status: 'refused';
      fileName: string;
      sheetNames: string[];
      sheet: string | null;
      message: string;
      /** No heading says "numbers": the columns the user may name instead (the heading's message stays). */
      columns?: SheetColumn[];
    };

export type ExcelSource = {
  state: ExcelState;
  load(file: File | null): void;
  chooseSheet(sheet: string | null): void;
  /** Reads the sheet again with this column as the numbers (a sheet without a "numbers" heading). */
  chooseNumbersColumn(index: number): void;
  clear(): void;
  /** Shows a sheet kept with the draft (no worker: its rows are already read). */
  restore(sheet: SavedSheet): void;
};

export type SavedSheet = { fileName: string; sheet: string; headings: string[]; table: SheetTable };

/** Where a loaded sheet is kept between visits: saved when one is loaded, cleared when it is replaced or removed. */
export type SheetKeeper = { save(sheet: SavedSheet): void; clear(): void };

const STILL_READING = 'Please wait: the file is still being read';
export const NO_ROW_TO_SEND =
  'No row of this sheet has a mobile number that can be sent. Please correct the rows set aside and load the file again';

/** Why the loaded sheet cannot be sent yet (docs/product.md#for-sending); null when its rows are ready. */
export function excelProblem(state: ExcelState): string | null {
  switch (state.status) {
    case 'empty':
      return UPLOAD_EXCEL;
    case 'reading':
      return STILL_READING;
    case 'choose-sheet':
      return SELECT_SHEET;
    case 'refused':
      return state.message;
    case 'loaded':
      return null;
  }
}

/** A file (or sheet) that could not be read at all, and why. */
const unread = (fileName: string, sheetNames: string[], message: string): ExcelState => ({
  status: 'refused',
  fileName,
  sheetNames,
  sheet: null,
  message,
});

const refusalOf = (error: unknown) =>
  error instanceof SpreadsheetError ? error.message : 'This file could not be read';

/** A spreadsheet of recipients, read in a worker with progress; several sheets wait for the user's choice. */
export function useExcelSource(keeper?: SheetKeeper): ExcelSource {
  const [state, setState] = useState<ExcelState>({ status: 'empty' });
  const opened = useRef<OpenedSpreadsheet | null>(null);
  const generation = useRef(0);

  const close = () => {
    opened.current?.close();
    opened.current = null;
  };
  useEffect(() => close, []);

  // The columns a sheet without a "numbers" heading offered: kept while the user tries one after another.
  const offered = useRef<SheetColumn[] | undefined>(undefined);

  const settle = useCallback(
    (fileName: string, sheetNames: string[], result: SheetResult, numbersColumn?: number) => {
      if (result.ok) keeper?.save({ fileName, sheet: result.sheet, headings: result.headings, table: result.table });
      else offered.current = result.columns;
      setState(settledState(fileName, sheetNames, result, numbersColumn, offered.current));
    },
    [keeper],
  );

  /** The progress of read `mine`, shown while it is still the latest. */
  const progressOf = (mine: number, fileName: string, sheetNames: string[]) => (fraction: number, stage: string) => {
    if (generation.current === mine) setState({ status: 'reading', fileName, fraction, stage, sheetNames });
  };

  const load = useCallback(
    (file: File | null) => {
      close();
      keeper?.clear();
      const mine = ++generation.current;
      if (!file) return setState({ status: 'empty' });
      const wrongType = sendSheetFileError(file.name);
      if (wrongType) return setState(unread(file.name, [], wrongType));
      setState({ status: 'reading', fileName: file.name, fraction: 0, stage: 'Reading the file', sheetNames: [] });
      openSpreadsheet(file, { onProgress: progressOf(mine, file.name, []) }).then(
        (book) => {
          if (generation.current !== mine) return book.close();
          opened.current = book;
          if (book.first) settle(file.name, book.sheetNames, book.first);
          else setState({ status: 'choose-sheet', fileName: file.name, sheetNames: book.sheetNames });
        },
        (error: unknown) => generation.current === mine && setState(unread(file.name, [], refusalOf(error))),
      );
    },
    [settle, keeper],
  );

  /** Reads one sheet of the open file (with the column the user named as the numbers, when they did). */
  const readSheet = useCallback(
    (book: OpenedSpreadsheet, sheet: string, numbersColumn?: number) => {
      const mine = generation.current;
      const { fileName, sheetNames } = book;
      setState({ status: 'reading', fileName, fraction: 0, stage: `Reading ${sheet}`, sheetNames });
      book.readSheet(sheet, progressOf(mine, fileName, sheetNames), numbersColumn).then(
        (result) => generation.current === mine && settle(fileName, sheetNames, result, numbersColumn),
        (error: unknown) => generation.current === mine && setState(unread(fileName, sheetNames, refusalOf(error))),
      );
    },
    [settle],
  );

  const chooseSheet = useCallback(
    (sheet: string | null) => {
      const book = opened.current;
      if (!book) return;
      ++generation.current;
      keeper?.clear();
      if (!sheet) return setState({ status: 'choose-sheet', fileName: book.fileName, sheetNames: book.sheetNames });
      readSheet(book, sheet);
    },
    [readSheet, keeper],
  );

  const chooseNumbersColumn = useCallback(
    (index: number) => {
      const book = opened.current;
      const sheet = state.status === 'refused' || state.status === 'loaded' ? state.sheet : null;
      if (!book || !sheet) return;
      ++generation.current;
      keeper?.clear();
      readSheet(book, sheet, index);
    },
    [state, readSheet, keeper],
  );

  const clear = useCallback(() => {
    close();
    keeper?.clear();
    generation.current += 1;
    setState({ status: 'empty' });
  }, [keeper]);

  const restore = useCallback((saved: SavedSheet) => setState(restoredState(saved)), []);

  return { state, load, chooseSheet, chooseNumbersColumn, clear, restore };
}

// Only the kept sheet's name is offered: choosing another sheet needs the file, which is not kept.
const restoredState = (saved: SavedSheet): ExcelState => ({
  status: 'loaded',
  fileName: saved.fileName,
  sheetNames: [saved.sheet],
  sheet: saved.sheet,
  headings: saved.headings,
  table: saved.table,
  setAside: [],
  notes: [],
});

/** What a sheet read gives: its rows loaded, or why not (with the columns offered when no heading says "numbers"). */
function settledState(
  fileName: string,
  sheetNames: string[],
  result: SheetResult,
  numbersColumn: number | undefined,
  offered: SheetColumn[] | undefined,
): ExcelState {
  if (result.ok)
    return {
      status: 'loaded',
      fileName,
      sheetNames,
      sheet: result.sheet,
      headings: result.headings,
      table: result.table,
      setAside: result.setAside,
      notes: result.notes,
      ...(numbersColumn !== undefined && { columns: offered, numbersColumn }),
    };
  // Said under the file field (excel-picker.tsx), not also as an alert.
  return {
    status: 'refused',
    fileName,
    sheetNames,
    sheet: result.sheet,
    message: result.message,
    ...(result.columns?.length && { columns: result.columns }),
  };
}

// The page's side of the spreadsheet reader: one worker per opened file, ended when it runs too long.
import { sendSheetFileError } from '../domain/send/send-sheet-file';
import { SpreadsheetError, type ProgressFn, type SheetResult } from './parse-core';
import type { ParseReply, ParseRequest } from './parse-protocol';
import { FILE_TOO_BIG, MAX_FILE_BYTES, PARSE_TIMEOUT_MS, PARSE_TOO_SLOW, READER_STOPPED } from './limits';

export { SpreadsheetError, type SheetResult };

export interface OpenedSpreadsheet {
  fileName: string;
  sheetNames: string[];
  /** The only sheet's rows, read at once; null when the user has to choose a sheet. */
  first: SheetResult | null;
  /** `numbersColumn`: the column the user named when no heading says "numbers". */
  readSheet(name: string, onProgress?: ProgressFn, numbersColumn?: number): Promise<SheetResult>;
  /** Ends the worker (a new file, or the form is gone). */
  close(): void;
}

export type WorkerFactory = () => Worker;

/** The parse worker, one bundle for the send form and the contact import. */
export const defaultWorker: WorkerFactory = () =>
  new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module' });

type NewRequest =
  { type: 'open'; file: Blob; fileName: string } | { type: 'sheet'; sheet: string; numbersColumn?: number };

type Pending = {
  resolve: (reply: ParseReply) => void;
  reject: (error: Error) => void;
  onProgress?: ProgressFn;
  timer: ReturnType<typeof setTimeout>;
};

export interface OpenOptions {
  onProgress?: ProgressFn;
  timeoutMs?: number;
  createWorker?: WorkerFactory;
}

/** Opens a file in a new worker; rejects with a SpreadsheetError whose message is for the user. */
export async function openSpreadsheet(file: File, options: OpenOptions = {}): Promise<OpenedSpreadsheet> {
  const wrongType = sendSheetFileError(file.name);
  if (wrongType) throw new SpreadsheetError(wrongType);
  if (file.size > MAX_FILE_BYTES) throw new SpreadsheetError(FILE_TOO_BIG);
  const timeoutMs = options.timeoutMs ?? PARSE_TIMEOUT_MS;
  const worker = (options.createWorker ?? defaultWorker)();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let ended = false;

  const end = (message: string) => {
    if (!ended) worker.terminate();
    ended = true;
    for (const p of pending.values()) {
      clearTimeout(p.timer);
      p.reject(new SpreadsheetError(message));
    }
    pending.clear();
  };

  worker.onmessage = (event: MessageEvent<ParseReply>) => {
    const reply = event.data;
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    if (reply.type === 'progress') return waiting.onProgress?.(reply.fraction, reply.stage);
    clearTimeout(waiting.timer);
    pending.delete(reply.id);
    if (reply.type === 'error') waiting.reject(new SpreadsheetError(reply.message));
    else waiting.resolve(reply);
  };
  worker.onerror = (event) => {
    event.preventDefault?.();
    end(READER_STOPPED);
  };

  const ask = (request: NewRequest, onProgress?: ProgressFn) =>
    new Promise<ParseReply>((resolve, reject) => {
      if (ended) return reject(new SpreadsheetError(READER_STOPPED));
      const id = nextId++;
      // A file that takes too long (a zip bomb, a runaway sheet) ends the worker, not the tab.
      const timer = setTimeout(() => end(PARSE_TOO_SLOW), timeoutMs);
      pending.set(id, { resolve, reject, onProgress, timer });
      worker.postMessage({ ...request, id } as ParseRequest);
    });

  const opened = await ask({ type: 'open', file, fileName: file.name }, options.onProgress).catch((error: unknown) => {
    end(READER_STOPPED);
    throw error;
  });
  if (opened.type !== 'opened') throw new SpreadsheetError(READER_STOPPED);
  return {
    fileName: file.name,
    sheetNames: opened.sheetNames,
    first: opened.first,
    async readSheet(name, onProgress, numbersColumn) {
      const reply = await ask({ type: 'sheet', sheet: name, numbersColumn }, onProgress);
      if (reply.type !== 'sheet') throw new SpreadsheetError(READER_STOPPED);
      return reply.result;
    },
    close: () => end(READER_STOPPED),
  };
}

// The page's side of the contact import's reading: the parse worker reads Sheet1 as contacts, ended when it runs too long.
import { sendSheetFileError } from '../domain/send/send-sheet-file';
import type { ContactsFileResult } from './contacts-sheet';
import { FILE_TOO_BIG, MAX_FILE_BYTES, PARSE_TIMEOUT_MS, PARSE_TOO_SLOW, READER_STOPPED } from './limits';
import { defaultWorker, SpreadsheetError, type WorkerFactory } from './parse-file';
import type { ProgressFn } from './parse-core';
import type { ParseReply, ParseRequest } from './parse-protocol';

export type { ContactsFileResult };

export type ContactsReading = {
  /** The contacts, or why the file cannot be loaded; rejects with a SpreadsheetError whose message is for the user. */
  result: Promise<ContactsFileResult>;
  /** Ends the worker (another file, or the dialog closed). */
  cancel(): void;
};

/**
 * Reads a file of contacts in a new worker (the send form's reader, its limits and progress): Sheet1,
 * or `options.sheet` when the user named the sheet holding them.
 */
export function readContactsFile(
  file: File,
  options: { onProgress?: ProgressFn; timeoutMs?: number; createWorker?: WorkerFactory; sheet?: string } = {},
): ContactsReading {
  const wrongType = sendSheetFileError(file.name);
  if (wrongType) return { result: Promise.reject(new SpreadsheetError(wrongType)), cancel: () => {} };
  if (file.size > MAX_FILE_BYTES)
    return { result: Promise.reject(new SpreadsheetError(FILE_TOO_BIG)), cancel: () => {} };
  const worker = (options.createWorker ?? defaultWorker)();
  let finish: (outcome: { ok: true; value: ContactsFileResult } | { ok: false; message: string }) => void = () => {};
  const result = new Promise<ContactsFileResult>((resolve, reject) => {
    let done = false;
    // A file that takes too long (a zip bomb, a runaway sheet) ends the worker, not the tab.
    const timer = setTimeout(
      () => finish({ ok: false, message: PARSE_TOO_SLOW }),
      options.timeoutMs ?? PARSE_TIMEOUT_MS,
    );
    finish = (outcome) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      worker.terminate();
      if (outcome.ok) resolve(outcome.value);
      else reject(new SpreadsheetError(outcome.message));
    };
  });
  worker.onmessage = (event: MessageEvent<ParseReply>) => {
    const reply = event.data;
    if (reply.type === 'progress') options.onProgress?.(reply.fraction, reply.stage);
    else if (reply.type === 'contacts') finish({ ok: true, value: reply.result });
    else if (reply.type === 'error') finish({ ok: false, message: reply.message });
  };
  worker.onerror = (event) => {
    event.preventDefault?.();
    finish({ ok: false, message: READER_STOPPED });
  };
  worker.postMessage({
    type: 'contacts',
    id: 1,
    file,
    fileName: file.name,
    sheet: options.sheet,
  } satisfies ParseRequest);
  return { result, cancel: () => finish({ ok: false, message: READER_STOPPED }) };
}

// The spreadsheet reader's worker: SheetJS and papaparse never run on the page's main thread.
import { SpreadsheetError, openAndReadSingle, openBook, type OpenedBook } from './parse-core';
import type { ParseReply, ParseRequest } from './parse-protocol';
import { UNREADABLE_FILE } from './limits';
import { readContactsBook } from './contacts-sheet';

// The worker's scope, as much of it as the reader uses (the unit tests stand one in for it).
declare const self: {
  onmessage: ((event: MessageEvent<ParseRequest>) => void) | null;
  postMessage(message: ParseReply): void;
};

const reply = (message: ParseReply) => self.postMessage(message);

// The opened file stays here, so choosing another sheet does not send the bytes again.
let book: OpenedBook | null = null;

async function handle(request: ParseRequest): Promise<void> {
  const progress = (fraction: number, stage: string) => reply({ type: 'progress', id: request.id, fraction, stage });
  if (request.type === 'contacts') {
    const bytes = new Uint8Array(await request.file.arrayBuffer());
    const result = await readContactsBook(bytes, request.fileName, progress, request.sheet);
    reply({ type: 'contacts', id: request.id, result });
    return;
  }
  if (request.type === 'open') {
    const bytes = new Uint8Array(await request.file.arrayBuffer());
    book = null;
    book = await openBook(bytes, request.fileName, progress);
    const answer = openAndReadSingle(book, progress);
    reply({ type: 'opened', id: request.id, ...answer });
    return;
  }
  if (!book) throw new SpreadsheetError(UNREADABLE_FILE);
  const result = book.readSheet(request.sheet, progress, { numbersColumn: request.numbersColumn });
  reply({ type: 'sheet', id: request.id, result });
}

self.onmessage = (event: MessageEvent<ParseRequest>) => {
  const request = event.data;
  handle(request).catch((error: unknown) => {
    const message = error instanceof SpreadsheetError ? error.message : UNREADABLE_FILE;
    reply({ type: 'error', id: request.id, message });
  });
};

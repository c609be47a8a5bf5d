// Messages between the parse worker and its front.
import type { SheetResult } from './parse-core';
import type { ContactsFileResult } from './contacts-sheet';

export type ParseRequest =
  | { type: 'open'; id: number; file: Blob; fileName: string }
  | { type: 'sheet'; id: number; sheet: string; numbersColumn?: number }
  | { type: 'contacts'; id: number; file: Blob; fileName: string; sheet?: string };

export type ParseReply =
  | { type: 'progress'; id: number; fraction: number; stage: string }
  | { type: 'opened'; id: number; sheetNames: string[]; first: SheetResult | null }
  | { type: 'sheet'; id: number; result: SheetResult }
  | { type: 'contacts'; id: number; result: ContactsFileResult }
  | { type: 'error'; id: number; message: string };

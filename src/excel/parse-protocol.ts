// Messages between the parse worker and its front.
import type { SheetResult } from './parse-core';

export type ParseRequest =
  { type: 'open'; id: number; file: Blob; fileName: string } | { type: 'sheet'; id: number; sheet: string };

export type ParseReply =
  | { type: 'progress'; id: number; fraction: number; stage: string }
  | { type: 'opened'; id: number; sheetNames: string[]; first: SheetResult | null }
  | { type: 'sheet'; id: number; result: SheetResult }
  | { type: 'error'; id: number; message: string };

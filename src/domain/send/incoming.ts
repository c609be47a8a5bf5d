// Spreadsheets and text that reach the send form from outside the app: opened with the installed
// app, shared to it, or dropped on the form (docs/architecture.md#files-and-contacts-in).

/** The installed app's file types (the manifest's file_handlers): what the send form reads. */
export const SHEET_FILE_TYPES: Readonly<Record<string, string[]>> = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.ms-excel': ['.xls'],
  'text/csv': ['.csv'],
};

/** Where a share arrives (the manifest's share_target); only the service worker answers it. */
export const SHARE_TARGET_PATH = '/share-target';
/** The form field of a shared file. */
export const SHARED_SHEET_FIELD = 'sheet';
/** Where the service worker keeps a share until the send form takes it. */
export const SHARED_CACHE = 'shared-in';
export const SHARED_ITEM_URL = '/shared-in/item';
export const SHARED_FILE_URL = '/shared-in/file';
/** The address the app opens after a share: the send form, told to take what was shared (only there). */
export const AFTER_SHARE_HREF = '/?shared=1';
/**
 * A share is offered for 10 minutes after the service worker kept it, then dropped unseen: any site
 * can post a form to the share target, so a share is used only soon after it came, and only when the
 * user says so (docs/architecture.md#files-and-contacts-in).
 */
export const SHARE_MAX_AGE_MS = 10 * 60_000;

/** What was shared, as the service worker keeps it beside the file. */
export interface SharedItem {
  text: string;
  fileName: string;
  fileType: string;
  /** When the service worker kept it (ms since the epoch). */
  keptAt: number;
}

/** Whether a kept share may still be offered; one kept without its time (an older app's) may not. */
export function isFreshShare(item: Partial<SharedItem>, now: number): boolean {
  const { keptAt } = item;
  return typeof keptAt === 'number' && keptAt <= now && now - keptAt <= SHARE_MAX_AGE_MS;
}

/** How much of a shared text the send form's question shows. */
export const SHARED_PREVIEW_CHARS = 200;

/** The start of a shared text, cut at SHARED_PREVIEW_CHARS with an ellipsis. */
export function sharedPreview(text: string): string {
  const chars = [...text];
  return chars.length <= SHARED_PREVIEW_CHARS ? text : `${chars.slice(0, SHARED_PREVIEW_CHARS).join('').trimEnd()}…`;
}

/** Title, text and link of a share as one message text, each once, in that order. */
export function sharedText(parts: ReadonlyArray<unknown>): string {
  const seen: string[] = [];
  for (const part of parts) {
    const value = typeof part === 'string' ? part.trim() : '';
    if (value && !seen.includes(value)) seen.push(value);
  }
  return seen.join('\n');
}

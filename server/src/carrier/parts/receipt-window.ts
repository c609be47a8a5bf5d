/** How long an in-doubt part waits for a receipt before its recipient is shown as UNKNOWN (never SENT). */
export const RECEIPT_WINDOW_MS = 48 * 3_600_000;

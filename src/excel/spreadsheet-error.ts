/** A refusal with the text the user sees. */
export class SpreadsheetError extends Error {
  override name = 'SpreadsheetError';
}

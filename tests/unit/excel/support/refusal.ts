import { SpreadsheetError } from '../../../../src/excel/parse-core';

/** The message of the SpreadsheetError that `run` refuses with; any other outcome fails the test. */
export async function refusal(run: () => unknown): Promise<string> {
  try {
    await run();
  } catch (error) {
    if (error instanceof SpreadsheetError) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

// Pasted recipient numbers and the recipient-count warning (docs/product.md#contact-sources).
import { RECOMMENDED_MAX_RECIPIENTS } from '../constants';

export const TOO_MANY_RECIPIENTS_WARNING =
  'You are sending to more than 100,000 recipients; we recommend at most 100,000 per send';

export function parseManualNumbers(input: string, personalized: boolean): string[] {
  // New lines become commas before whitespace goes, or two lines would merge into one number.
  const numbers = input
    .replace(/[/\r\n]/g, ',')
    .replace(/\s+/g, '')
    .split(',')
    .filter((n) => n !== '');
  // Personalized rows pair with data rows, so a repeated number is a separate message.
  return personalized ? numbers : [...new Set(numbers)];
}

export function recipientCountWarning(count: number): string | null {
  return count > RECOMMENDED_MAX_RECIPIENTS ? TOO_MANY_RECIPIENTS_WARNING : null;
}

// A send item's comma list, as both sides number recipients (docs/api.md#sends).
export function splitDestinations(destinationAddress: string): string[] {
  // One pass, not split, map and filter: a send's 100,000 numbers make one list, not three.
  const numbers: string[] = [];
  for (const piece of destinationAddress.split(',')) {
    const number = piece.trim();
    if (number !== '') numbers.push(number);
  }
  return numbers;
}

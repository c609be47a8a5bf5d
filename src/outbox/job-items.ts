import { splitIntoBatches, type SendBatch } from '../domain/send/outbox-policy';
import { splitDestinations } from '../domain/send/recipients';
import type { SendItem } from '../domain/types';
import { displayPhone } from '../domain/numbers/phone-number';
import type { OutboxRow } from '../db/app-db';

const sameMessage = (a: SendItem, b: SendItem) =>
  a.shortMessage === b.shortMessage &&
  a.sourceAddress === b.sourceAddress &&
  a.messageDescription === b.messageDescription &&
  a.messageType === b.messageType &&
  a.specialUnicodeSupport === b.specialUnicodeSupport &&
  a.flash === b.flash &&
  a.expectedDeliveryTime === b.expectedDeliveryTime &&
  a.typeandsubtype === b.typeandsubtype &&
  a.recurringInterval === b.recurringInterval &&
  a.recurringPeriod === b.recurringPeriod &&
  a.birthday === b.birthday &&
  a.template === b.template &&
  sameFields(a.fields, b.fields);

/** Two personalized rows' values: rows of one text may still differ in the values an edit can name. */
function sameFields(a: SendItem['fields'], b: SendItem['fields']): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k] === b[k]);
}

/**
 * The whole send rebuilt from its batch records: a regular item cut across batches is joined again,
 * so the body is as small as the form made it and recipients keep their order (the Idempotency-Key's indices).
 */
export function joinBatchItems(batches: readonly { items: readonly SendItem[] }[]): SendItem[] {
  const joined: SendItem[] = [];
  for (const batch of batches) {
    for (const item of batch.items) {
      const last = joined[joined.length - 1];
      if (last && sameMessage(last, item)) {
        joined[joined.length - 1] = {
          ...last,
          destinationAddress: `${last.destinationAddress},${item.destinationAddress}`,
        };
      } else {
        joined.push(item);
      }
    }
  }
  return joined;
}

const encoder = new TextEncoder();

/** UTF-8 bytes of a JSON value, as the gateway counts its body limit. */
export const jsonBytes = (value: unknown): number => encoder.encode(JSON.stringify(value)).byteLength;

/** One item per recipient, in order (a regular item's list is cut, not repeated); joinBatchItems undoes it. */
export const recipientsOf = (items: readonly SendItem[]): SendItem[] =>
  splitIntoBatches(items, 1).flatMap((b) => b.items);

/** The one recipient of a request the gateway refused as too large on its own: which row, to whom. */
export function rowOf(sent: SendBatch): OutboxRow {
  return { index: sent.from, number: splitDestinations(sent.items[0]?.destinationAddress ?? '')[0] ?? '' };
}

/** The refusal of one message that the gateway finds too large on its own: which row, to whom. */
export function tooLargeAlone(row: OutboxRow): string {
  return `The message for row ${row.index + 1}${row.number ? ` (${displayPhone(row.number)})` : ''} is too large for the gateway even on its own: shorten its text and send again`;
}

/** The control that leaves that row out and sends the rest of the send (docs/product.md#the-outbox-and-batches). */
export const skipRowLabel = (row: OutboxRow): string => `Skip row ${row.index + 1} and send the rest`;

/** Who did not get a send because their rows were skipped, said when it ends and on its card. */
export function skippedRowsText(rows: readonly OutboxRow[]): string {
  const named = rows.map((row) => `${row.index + 1}${row.number ? ` (${displayPhone(row.number)})` : ''}`);
  const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named.join('');
  return rows.length > 1
    ? `Rows ${list} were skipped and not sent: their messages are too large for the gateway`
    : `Row ${list} was skipped and not sent: its message is too large for the gateway`;
}

import { isRowId } from '../db/queries';

// The API's ids carry what they name (msg_, bat_), so one pasted in the wrong place is simply not found.

export const messageIdOf = (recipientId: number) => `msg_${recipientId}`;
export const batchIdOf = (messageId: number) => `bat_${messageId}`;

function rowIdOf(prefix: string, value: string): number | null {
  const match = new RegExp(`^${prefix}_(\\d{1,10})$`).exec(value);
  const id = match ? Number(match[1]) : NaN;
  return isRowId(id) ? id : null;
}

/** A message id's row, or null when it is not one. */
export const parseMessageId = (value: string) => rowIdOf('msg', value);
/** A batch id's row, or null when it is not one. */
export const parseBatchId = (value: string) => rowIdOf('bat', value);

/** listMessages' cursor: the last message of a page, opaque to the integrator. */
export const cursorOf = (recipientId: number) => Buffer.from(`after:${recipientId}`).toString('base64url');

/** A cursor's message, or null when it is not one of ours. */
export function parseCursor(value: string): number | null {
  const match = /^after:(\d{1,10})$/.exec(Buffer.from(value, 'base64url').toString('utf8'));
  const id = match ? Number(match[1]) : NaN;
  return isRowId(id) ? id : null;
}

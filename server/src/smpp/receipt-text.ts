// A delivery receipt's text (SMPP 3.4 Appendix B), as the SMPP server writes it for its customers and
// as the carrier's connector reads it from an SMSC: `id:... sub:... dlvrd:... submit date:... done
// date:... stat:... err:... text:...`.
import { receiptDate, receiptTime } from './times';

export interface ReceiptTextFields {
  /** The message_id the submit was answered with. */
  id: string;
  stat: string;
  err: string;
  /** The first characters of the text sent. */
  preview: string;
  submittedAt: number;
  doneAt: number;
}

/** The Appendix B text of a receipt, one submitted message each (sub:001). */
export function receiptText(r: ReceiptTextFields): string {
  const dlvrd = r.stat === 'DELIVRD' ? '001' : '000';
  // The text is sent as ASCII: any other character of the preview reads as '?'.
  const preview = r.preview.replace(/[^\x20-\x7e]/g, '?');
  return `id:${r.id} sub:001 dlvrd:${dlvrd} submit date:${receiptDate(r.submittedAt)} done date:${receiptDate(r.doneAt)} stat:${r.stat} err:${r.err} text:${preview}`;
}

/** A field of a receipt's text (`stat`, `err`, `done date`, ...); undefined when it has none. */
export const receiptField = (text: string, name: string): string | undefined =>
  new RegExp(`(?:^|\\s)${name}:(\\S*)`, 'i').exec(text)?.[1];

/** When a receipt's text says its message was done; null when it does not say. */
export const receiptDoneAt = (text: string): number | null =>
  receiptTime(receiptField(text, 'done date') ?? /done date:(\d{10,12})/i.exec(text)?.[1]);

/**
 * How a carrier's receipts spell the message id its submit answer gave (CARRIER_URL `ids=`): the
 * same, or converted. Carriers differ (Kannel's and Jasmin's trackers are full of receipts lost to
 * this): one answers '0A1B2C' and reports 'id:662316'. Guessing both forms at once is not safe:
 * sequential ids overlap, so a receipt could be given to another part; the form is configured.
 */
export type ReceiptIdForm = 'same' | 'hex' | 'decimal';

/** One key per id: trimmed, lower-case, without leading zeros. */
export function carrierIdKey(id: string): string {
  return id
    .trim()
    .toLowerCase()
    .replace(/^0+(?=.)/, '');
}

/** The key a receipt for this answer will carry: the answer's id, or its hex or decimal form. */
export function receiptKeyOf(answerId: string, form: ReceiptIdForm): string {
  const key = carrierIdKey(answerId);
  if (form === 'hex' && /^[0-9]{1,30}$/.test(key)) return BigInt(key).toString(16);
  if (form === 'decimal' && /^[0-9a-f]{1,24}$/.test(key)) return BigInt(`0x${key}`).toString(10);
  return key;
}

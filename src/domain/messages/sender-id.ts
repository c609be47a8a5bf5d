// Sender ID requests, and the 'TEST' and 'rccg' exceptions (docs/product.md#sender-ids).
import { SENDER_ID_MAX_LENGTH } from '../constants';
import { canonicalPhone, displayPhone } from '../numbers/phone-number';

export const NO_SENDER_ID = 'No senderId provided';
export const SENDER_ID_NUMBERS_ONLY = 'Sorry we dont accept numbers only as sender ids';
export const senderIdTooLong = (id: string): string =>
  `Each senderId must have a maximum character length of eleven(11), please check ${id}`;

export const TEST_SENDER_ID = 'TEST';
export const TEST_SENDER_BODY =
  'Thank you for choosing us, kindly apply for your customized sender ID(s) from the profile page so your actual message will be delivered';

/** Why a 'TEST' send is refused: it goes only to the account's own number (docs/product.md#sender-ids). */
export const testSenderOwnNumberOnly = (ownPhone: string): string =>
  ownPhone.trim()
    ? `Sender ID TEST sends only to your own number (${displayPhone(ownPhone)}), to show you its notice: request a sender ID of your own from your profile page to send to others`
    : 'Sender ID TEST sends only to your own number, and your profile has none: request a sender ID of your own from your profile page';

/**
 * 'TEST' carries the platform's notice at the account's cost, so it may reach only the account's own
 * number (its profile's phone), however each is written; null when the send may go.
 */
export function testSenderProblem(senderId: string, ownPhone: string, numbers: Iterable<string>): string | null {
  if (senderId.trim() !== TEST_SENDER_ID) return null;
  const own = ownPhone.trim() ? canonicalPhone(ownPhone) : null;
  for (const number of numbers) {
    if (own === null || canonicalPhone(number) !== own) return testSenderOwnNumberOnly(ownPhone);
  }
  return null;
}

export type SenderIdRequestResult = { ok: true; ids: string[] } | { ok: false; message: string };

// Comma text of UserInfo (senderidapproved, pendingsenderid) as a clean list.
export function splitSenderIds(text: string): string[] {
  const ids = text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
  return [...new Set(ids)];
}

/** What carriers accept in an alphanumeric sender (GSM 03.38's plain subset): letters, digits, space and . - _ & + ! */
const SENDER_ID_CHARACTERS = /^[A-Za-z0-9 .\-_&+!]+$/;
export const senderIdCharacters = (id: string): string =>
  `Sender IDs may only use letters, digits, spaces and . - _ & + !, please check ${id}`;

export function validateSenderIdRequest(input: string): SenderIdRequestResult {
  const ids = splitSenderIds(input);
  if (ids.length === 0) return { ok: false, message: NO_SENDER_ID };
  for (const id of ids) {
    if (id.length > SENDER_ID_MAX_LENGTH) return { ok: false, message: senderIdTooLong(id) };
    if (/^\d+$/.test(id)) return { ok: false, message: SENDER_ID_NUMBERS_ONLY };
    if (!SENDER_ID_CHARACTERS.test(id)) return { ok: false, message: senderIdCharacters(id) };
  }
  return { ok: true, ids };
}

// The body actually sent: the 'TEST' sender may only carry the apply-for-an-ID notice.
export function messageBodyFor(senderId: string, text: string): string {
  return senderId === TEST_SENDER_ID ? TEST_SENDER_BODY : text;
}

// Sends from an 'rccg' sender ID leave the stored balances as they are (docs/product.md#the-send-form); matched case-insensitively.
export function updatesBalanceAfterSend(senderIds: readonly string[]): boolean {
  return !senderIds.some((id) => id.toLowerCase().includes('rccg'));
}

// One approved ID is chosen for the user; with several the user must pick.
export function preselectedSenderId(approved: readonly string[]): string {
  return approved.length === 1 ? (approved[0] ?? '') : '';
}

/** The reseller settings' help beside the domain's sender ID: it must be one of the account's approved IDs (docs/product.md#sender-ids). */
export function domainSenderIdHelp(approvedIds: readonly string[]): string {
  const usable = approvedIds.filter((id) => id !== TEST_SENDER_ID);
  const list = usable.length
    ? `: ${usable.join(', ')}`
    : ' (you have none yet: request one under Request sender IDs on this page)';
  return `Your platform's texts (codes) go out under it. It must be one of your account's approved sender IDs${list}`;
}

import { useMemo } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { StoredContact } from '../../db/app-db';
import type { SetAsideNumber } from '../../domain/contacts/excel-sheet';
import { normalizeApostrophes } from '../../domain/messages/message-text';
import { repeatedNumbers, screenNumbers } from '../../domain/numbers/number-screen';
import { phonebookPlaceholderFields } from '../../domain/messages/personalize';
import { parseManualNumbers } from '../../domain/send/recipients';
import { sendFormWarnings } from '../../domain/send/send-form';
import {
  buildSendItems,
  contactRecipient,
  sheetBirthday,
  sheetRecipient,
  type Recipient,
} from '../../domain/send/send-items';
import { namesBirthdays, noBirthdayNote } from '../../domain/send/birthday-recipients';
import { creditProblem, sendCost, type SendCost } from '../../domain/send/send-cost';
import { countSms, type SmsCount } from '../../domain/messages/sms';
import { characterCount, type CharacterCount } from '../../domain/messages/character-count';
import { optedOutAmong, withOptOutLink } from '../../domain/numbers/opt-out';
import { canonicalPhone } from '../../domain/numbers/phone-number';
import { numbersOf, rowAt, type SheetTable } from '../../excel/sheet-table';
import type { ExcelState } from './use-excel-source';
import { shortenedText } from '../../domain/links/short-links';
import type { SendFormFields } from './send-form-state';

/** How many personalized texts the form shows before sending. */
const PREVIEWED = 3;

export type PreviewText = { number: string; text: string; count: SmsCount };

export type SendPlan = {
  /** Canonical numbers, checked (docs/product.md#phone-numbers); a regular send's repeats dropped. */
  recipients: Recipient[];
  recipientCount: number;
  /** Typed or phone-book numbers that are not phone numbers (a sheet's are listed by the sheet's own list). */
  setAside: SetAsideNumber[];
  /** A regular send's numbers listed more than once (sent once). */
  duplicates: number;
  /** A personalized send's numbers that appear on several rows (each row is sent). */
  repeated: string[];
  /** A birthday send's contacts or rows without a birthday, left out (never sent or charged), of how many. */
  noBirthday: { left: number; of: number; note: string } | null;
  /** The first recipients' filled-in texts of a personalized send. */
  preview: PreviewText[];
  /** Recipients' numbers on the stored opt-out list (canonical): the gateway skips them, they cost nothing. */
  optedOut: string[];
  /** The stored opt-out list could not be refreshed: the count is from the copy on this device. */
  optOutsFromDevice: boolean;
  /** Of the text as it will go (typographic apostrophes already plain). */
  count: CharacterCount;
  placeholderFields: string[];
  cost: SendCost | null;
  creditMessage: string | null;
  warnings: string[];
  /** The typing has not paused yet: the cost still shows the text before it. */
  settling: boolean;
};

/** Everything the form shows about the send it would make; the costly parts follow typing after a pause. */
export function useSendPlan(
  fields: SendFormFields,
  excel: ExcelState,
  contacts: readonly StoredContact[] | undefined,
  balance: { amount: number; local: boolean },
  optOuts: { numbers: ReadonlySet<string>; fromDevice: boolean } = { numbers: new Set(), fromDevice: false },
  linkHost?: string,
): SendPlan {
  const personalized = fields.subtype === 'personalized';
  const birthday = fields.messageType === 'birthday';
  const table = excel.status === 'loaded' ? excel.table : null;

  const everyone = useSourceRecipients(fields, table, contacts);

  // A birthday send from a phone book or sheet reaches only those with a birthday (docs/product.md#birthdays).
  const named = namesBirthdays(fields.messageType, fields.source);
  const listed = useMemo(() => (named ? everyone.filter((r) => r.birthday) : everyone), [named, everyone]);
  const left = everyone.length - listed.length;
  const noBirthday =
    named && left > 0
      ? { left, of: everyone.length, note: noBirthdayNote(left, everyone.length, fields.source) }
      : null;

  const screened = useMemo(() => screenNumbers(listed, personalized), [listed, personalized]);
  const recipients = screened.kept;
  const recipientCount = recipients.length;
  const setAside = fields.source === 'excel' ? [] : screened.setAside;
  const repeated = useMemo(
    () => (personalized ? repeatedNumbers(recipients.map((r) => r.number)) : []),
    [personalized, recipients],
  );

  const optedOut = useMemo(
    () =>
      optedOutAmong(
        recipients.map((r) => r.number),
        optOuts.numbers,
      ),
    [recipients, optOuts.numbers],
  );

  // With an opt-out link or short links the counters count the links (fixed-length codes: the parts are exact).
  const host = fields.optOutLink || fields.shortenLinks ? linkHost : undefined;
  const { optOutLink, shortenLinks } = fields;
  const count = useMemo(() => {
    const typed = normalizeApostrophes(fields.text);
    const text = host && shortenLinks ? shortenedText(typed, host) : typed;
    return characterCount(host && optOutLink ? withOptOutLink(text, host) : text);
  }, [fields.text, host, optOutLink, shortenLinks]);

  const placeholderFields = useMemo(() => {
    if (fields.source === 'phonebook') return phonebookPlaceholderFields(birthday);
    if (fields.source === 'excel' && excel.status === 'loaded') return excel.headings;
    return [];
  }, [fields.source, birthday, excel]);

  const { cost, settled } = useSettledCost(fields, recipients, optedOut, host);

  // Three texts are cheap: the preview follows each keystroke, so it never appears under a finger reaching for Send.
  const preview = useMemo<PreviewText[]>(() => {
    if (fields.subtype !== 'personalized' || !fields.text.trim()) return [];
    const items = buildSendItems({ ...fields, date: null }, recipients.slice(0, PREVIEWED), new Date());
    return items.map((item) => ({
      number: item.destinationAddress,
      text: item.shortMessage,
      count: countSms(item.shortMessage),
    }));
  }, [fields, recipients]);

  const creditMessage = cost && balance.local ? creditProblem(cost, balance.amount) : null;
  const warnings = sendFormWarnings(fields, recipientCount);
  return {
    recipients,
    recipientCount,
    setAside,
    duplicates: screened.duplicates,
    repeated,
    noBirthday,
    preview,
    optedOut,
    optOutsFromDevice: optOuts.fromDevice,
    count,
    placeholderFields,
    cost,
    creditMessage,
    warnings,
    settling: settled !== fields,
  };
}

/**
 * Every recipient of the source chosen, repeats kept (the plan's screen drops a regular send's, by
 * canonical number): numbers typed, a sheet's rows, or the phone books' contacts.
 */
function useSourceRecipients(
  fields: SendFormFields,
  table: SheetTable | null,
  contacts: readonly StoredContact[] | undefined,
): Recipient[] {
  const personalized = fields.subtype === 'personalized';
  const birthday = fields.messageType === 'birthday';
  return useMemo<Recipient[]>(() => {
    const now = new Date();
    if (fields.source === 'manual') return parseManualNumbers(fields.numbers, true).map((number) => ({ number }));
    if (fields.source === 'excel') {
      if (!table) return [];
      // A regular send needs only the numbers (and a birthday send the birthdays); each row's fields are built for personalized texts alone.
      if (!personalized && !birthday) return numbersOf(table).map((number) => ({ number }));
      if (!personalized)
        return numbersOf(table).map((number, i) => ({ number, birthday: sheetBirthday(rowAt(table, i)) }));
      return Array.from({ length: table.length }, (_, i) => sheetRecipient(rowAt(table, i), birthday, now));
    }
    return (contacts ?? []).map((c) => contactRecipient(c, birthday, now));
  }, [fields.source, fields.numbers, personalized, birthday, table, contacts]);
}

/** The send's cost, of the form as it was when typing last paused (`settled`). */
function useSettledCost(
  fields: SendFormFields,
  recipients: Recipient[],
  optedOut: string[],
  host: string | undefined,
): { cost: SendCost | null; settled: SendFormFields } {
  const recipientCount = recipients.length;
  // Building 100,000 personalized texts takes a moment: done once typing pauses, not per keystroke.
  // A regular send is one text to all: its cost is that text's parts times the recipients.
  const [settled] = useDebouncedValue(fields, 300);
  // Opted-out recipients are skipped by the gateway and cost nothing.
  const cost = useMemo<SendCost | null>(() => {
    if (!settled.text.trim() || recipientCount === 0) return null;
    const now = new Date();
    const paying = Math.max(0, recipientCount - optedOut.length);
    if (settled.subtype !== 'personalized') {
      const one = sendCost(buildSendItems({ ...settled, date: null }, [{ number: '0' }], now), host);
      return { ...one, credits: one.credits * paying, recipients: paying };
    }
    const skipped = new Set(optedOut);
    const sendable = skipped.size === 0 ? recipients : recipients.filter((r) => !skipped.has(canonicalPhone(r.number)));
    return sendCost(buildSendItems({ ...settled, date: null }, sendable, now), host);
  }, [settled, recipients, recipientCount, optedOut, host]);
  return { cost, settled };
}

import { useMemo } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { StoredContact } from '../../db/app-db';
import { normalizeApostrophes } from '../../domain/message-text';
import { phonebookPlaceholderFields } from '../../domain/personalize';
import { parseManualNumbers } from '../../domain/recipients';
import { sendFormWarnings } from '../../domain/send-form';
import {
  buildSendItems,
  contactRecipient,
  sheetRecipient,
  uniqueRecipients,
  type Recipient,
} from '../../domain/send-items';
import { creditProblem, sendCost, type SendCost } from '../../domain/send-cost';
import { countSms, type SmsCount } from '../../domain/sms';
import { numbersOf, rowAt } from '../../excel/sheet-table';
import type { ExcelState } from './use-excel-source';
import type { SendFormFields } from './send-form-state';

export type SendPlan = {
  recipients: Recipient[];
  recipientCount: number;
  /** Of the text as it will go (typographic apostrophes already plain). */
  count: SmsCount;
  placeholderFields: string[];
  cost: SendCost | null;
  creditMessage: string | null;
  warnings: string[];
};

/** Everything the form shows about the send it would make; the costly parts follow typing after a pause. */
export function useSendPlan(
  fields: SendFormFields,
  excel: ExcelState,
  contacts: readonly StoredContact[] | undefined,
  balance: { amount: number; local: boolean },
): SendPlan {
  const personalized = fields.subtype === 'personalized';
  const birthday = fields.messageType === 'birthday';
  const table = excel.status === 'loaded' ? excel.table : null;

  const recipients = useMemo<Recipient[]>(() => {
    const now = new Date();
    if (fields.source === 'manual')
      return parseManualNumbers(fields.numbers, personalized).map((number) => ({ number }));
    if (fields.source === 'excel') {
      if (!table) return [];
      // A regular send needs only the numbers; each row's fields are built for personalized texts alone.
      if (!personalized) return numbersOf(table).map((number) => ({ number }));
      return Array.from({ length: table.length }, (_, i) => sheetRecipient(rowAt(table, i), birthday, now));
    }
    return (contacts ?? []).map((c) => contactRecipient(c, birthday, now));
  }, [fields.source, fields.numbers, personalized, birthday, table, contacts]);

  const recipientCount = useMemo(
    () => (personalized ? recipients.filter((r) => r.number !== '').length : uniqueRecipients(recipients).length),
    [recipients, personalized],
  );

  const count = useMemo(() => countSms(normalizeApostrophes(fields.text)), [fields.text]);

  const placeholderFields = useMemo(() => {
    if (fields.source === 'phonebook') return phonebookPlaceholderFields(birthday);
    if (fields.source === 'excel' && excel.status === 'loaded') return excel.headings;
    return [];
  }, [fields.source, birthday, excel]);

  // Building 100,000 personalized texts takes a moment: done once typing pauses, not per keystroke.
  // A regular send is one text to all: its cost is that text's parts times the recipients.
  const [settled] = useDebouncedValue(fields, 300);
  const cost = useMemo<SendCost | null>(() => {
    if (!settled.text.trim() || recipientCount === 0) return null;
    const now = new Date();
    if (settled.subtype !== 'personalized') {
      const one = sendCost(buildSendItems({ ...settled, date: null }, [{ number: '0' }], now));
      return { ...one, credits: one.credits * recipientCount, recipients: recipientCount };
    }
    return sendCost(buildSendItems({ ...settled, date: null }, recipients, now));
  }, [settled, recipients, recipientCount]);

  const creditMessage = cost && balance.local ? creditProblem(cost, balance.amount) : null;
  const warnings = sendFormWarnings(fields, recipientCount);
  return { recipients, recipientCount, count, placeholderFields, cost, creditMessage, warnings };
}

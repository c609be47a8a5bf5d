import { useState } from 'react';
import { enqueue } from '../../outbox/enqueue';
import { askToNotifyOnce } from '../../outbox/notice-permission';
import { UPLOAD_EXCEL, validateSendForm } from '../../domain/send/send-form';
import { testSenderProblem } from '../../domain/messages/sender-id';
import { buildSendItems, type SendDraft } from '../../domain/send/send-items';
import { creditProblem, sendCost, type SendCost } from '../../domain/send/send-cost';
import { needsSendConfirmation, sendConfirmation } from '../../domain/send/send-confirm';
import type { SendItem } from '../../domain/types';
import { excelProblem, type ExcelSource } from './use-excel-source';
import type { SendFormApi } from './use-send-form';
import { draftOf, fieldsAfterSend } from './send-form-state';
import { linksIn, NO_LINK_TO_SHORTEN } from '../../domain/links/short-links';
import type { SendPlan } from './use-send-plan';

type Inputs = {
  form: SendFormApi;
  plan: SendPlan;
  /** The host an opt-out link goes on, measured with the text (when the form asks for one). */
  linkHost?: string;
  excel: ExcelSource;
  balance: { amount: number; local: boolean };
  /** The phone on the account's profile: the one number 'TEST' may reach. */
  ownPhone: string;
  onQueued: () => void;
};

/** Checks the form in its order (docs/product.md#the-send-form), builds the send items and hands them to the outbox. */
export function useSendSubmit({ form, plan, excel, balance, ownPhone, onQueued, linkHost }: Inputs) {
  const [problem, setProblem] = useState<{ message: string; fields: SendFormApi['fields'] } | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<{ items: SendItem[]; cost: SendCost; fields: SendFormApi['fields'] } | null>(
    null,
  );

  // A problem of the form is said once, beside the Send button (not also as an alert).
  const refuse = (message: string) => setProblem({ message, fields: form.fields });

  const submit = async () => {
    const { fields } = form;
    const birthdayDate = fields.messageType === 'birthday';
    const date = birthdayDate ? fields.birthday : fields.date;
    let error = validateSendForm({
      messageType: fields.messageType,
      subtype: fields.subtype,
      source: fields.source,
      senderId: fields.senderId,
      selectedGroups: fields.groupIds,
      excelLoaded: excel.state.status === 'loaded',
      date,
      recurringPeriod: fields.recurringPeriod,
      recurringInterval: fields.recurringInterval,
      text: fields.text,
      numbers: fields.numbers,
    });
    // With several sheets the missing choice has its own message, as has a sheet without numbers.
    if (error === UPLOAD_EXCEL) error = excelProblem(excel.state) ?? error;
    if (!error && plan.recipientCount === 0) error = plan.noBirthday?.note ?? 'There are no mobile numbers to send to';
    error ??= testSenderProblem(
      fields.senderId,
      ownPhone,
      plan.recipients.map((r) => r.number),
    );
    if (!error && fields.shortenLinks && linksIn(fields.text).length === 0) error = NO_LINK_TO_SHORTEN;
    if (error) return refuse(error);

    const draft: SendDraft = { ...fields, date };
    const items = buildSendItems(draft, plan.recipients, new Date());
    // Opted-out recipients cost nothing: the plan has priced the rest.
    const cost =
      plan.optedOut.length > 0 && plan.cost
        ? plan.cost
        : sendCost(items, fields.optOutLink || fields.shortenLinks ? linkHost : undefined);
    const credit = balance.local ? creditProblem(cost, balance.amount) : null;
    // The summary's "Not enough credit" box already says it when it has the same text.
    if (credit) return credit === plan.creditMessage ? setProblem(null) : refuse(credit);

    // A large or costly send is confirmed first (docs/product.md#confirming-a-large-send); a small one goes at once.
    if (needsSendConfirmation(cost)) return setPending({ items, cost, fields });
    await queue(items, fields);
  };

  const queue = async (items: SendItem[], fields: SendFormApi['fields']) => {
    setBusy(true);
    try {
      await enqueue({
        items,
        campaign: fields.campaign.trim(),
        form: draftOf(fields),
        draftAfter: draftOf(fieldsAfterSend(fields)),
      });
      // Queued offline, it may go out with the app closed: the one moment to ask about notices.
      if (!navigator.onLine) void askToNotifyOnce();
      setProblem(null);
      form.reset();
      excel.clear();
      onQueued();
    } catch (e) {
      refuse(e instanceof Error ? e.message : 'Your messages could not be saved on this device');
    } finally {
      setBusy(false);
    }
  };

  const confirm = () => {
    if (!pending) return;
    setPending(null);
    void queue(pending.items, pending.fields);
  };

  return {
    submit,
    // Shown until the user changes the form.
    problem: problem && problem.fields === form.fields ? problem.message : null,
    busy,
    /** What the confirmation of a large send shows, while it is asked. */
    confirmation: pending ? sendConfirmation(pending.cost, balance) : null,
    confirm,
    cancelConfirmation: () => setPending(null),
  };
}

import { useState } from 'react';
import { enqueue } from '../../outbox/enqueue';
import { emitAlert } from '../../sync/alerts-bus';
import { UPLOAD_EXCEL, validateSendForm } from '../../domain/send-form';
import { buildSendItems, type SendDraft } from '../../domain/send-items';
import { creditProblem, sendCost } from '../../domain/send-cost';
import { excelProblem, type ExcelSource } from './use-excel-source';
import type { SendFormApi } from './use-send-form';
import { draftOf } from './send-form-state';
import type { SendPlan } from './use-send-plan';

const QUEUED_OFFLINE =
  'You are offline: your messages are saved on this device and will be sent when you are back online';

type Inputs = {
  form: SendFormApi;
  plan: SendPlan;
  excel: ExcelSource;
  balance: { amount: number; local: boolean };
  onQueued: () => void;
};

/** Checks the form in its order (docs/product.md#the-send-form), builds the send items and hands them to the outbox. */
export function useSendSubmit({ form, plan, excel, balance, onQueued }: Inputs) {
  const [problem, setProblem] = useState<{ message: string; fields: SendFormApi['fields'] } | null>(null);
  const [busy, setBusy] = useState(false);

  const refuse = (message: string) => {
    setProblem({ message, fields: form.fields });
    emitAlert({ message, severity: 'warning' });
  };

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
      recurringInterval: fields.recurringInterval,
      text: fields.text,
      numbers: fields.numbers,
    });
    // With several sheets the missing choice has its own message, as has a sheet without numbers.
    if (error === UPLOAD_EXCEL) error = excelProblem(excel.state) ?? error;
    if (!error && plan.recipientCount === 0) error = 'There are no mobile numbers to send to';
    if (error) return refuse(error);

    const draft: SendDraft = { ...fields, date };
    const items = buildSendItems(draft, plan.recipients, new Date());
    const credit = balance.local ? creditProblem(sendCost(items), balance.amount) : null;
    if (credit) return refuse(credit);

    setBusy(true);
    try {
      await enqueue({ items, campaign: fields.campaign.trim(), form: draftOf(fields) });
      setProblem(null);
      if (!navigator.onLine) emitAlert({ message: QUEUED_OFFLINE, severity: 'info' });
      form.reset();
      excel.clear();
      onQueued();
    } catch (e) {
      refuse(e instanceof Error ? e.message : 'Your messages could not be saved on this device');
    } finally {
      setBusy(false);
    }
  };

  // Shown until the user changes the form.
  return { submit, problem: problem && problem.fields === form.fields ? problem.message : null, busy };
}

import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import '../../ui/mantine-styles-rest';
import '../../ui/mantine-dates-styles.css';
import { DATE_TIME_PICKER_PROPS } from '../../ui/date-picker-props';
import { expectedDeliveryTime, formatAccra, fromAccraWallTime, isValidDate } from '../../domain/dates';
import { INVALID_DATE, recurringIntervalProblem } from '../../domain/send/send-form';
import { DEFAULT_RECURRING_PERIOD, isRecurringPeriod } from '../../domain/messages/recurrence';
import type { RecurringPeriod } from '../../domain/types';
import type { ScheduledMessage } from '../../api/list-api';
import {
  deleteRecurringMessage,
  deleteScheduledMessage,
  updateRecurringMessage,
  updateScheduledMessage,
} from '../../sync/message-sync';
import { FormStack } from '../../ui/form-stack';
import { CAMPAIGN_NAME_MAX_LENGTH } from '../../domain/constants';
import { normalizeApostrophes } from '../../domain/messages/message-text';
import { isPersonalizedType } from '../../domain/messages/personalize';
import { recipientCount, type CountedMessage } from '../../domain/messages/message-summary';
import { changeTooDear, EditCost, useEditQuote, type EditBalance } from './edit-cost';
import { MessageTextFields, RepeatFields, type TextKind } from './edit-message-fields';
import { formatNumber } from '../../domain/numbers/number-format';

type Props = {
  data: ScheduledMessage;
  recurring: boolean;
  senderIds: readonly string[];
  balance: EditBalance;
  onClose: () => void;
};

/** A send that keeps its template edits it; else a personalized send's text is fixed, a regular one's edited. */
function textKind(data: ScheduledMessage): TextKind {
  if (data.template !== undefined) return 'template';
  return isPersonalizedType(data.typeandsubtype) ? 'fixed' : 'text';
}

/**
 * Edit of a scheduled or recurring message; an invalid date gives 'Please enter a valid date' (docs/product.md#scheduling).
 * A personalized one edits its template: saving fills every recipient's text again from its own values.
 */
export function EditMessageDialog({ data, recurring, senderIds, balance, onClose }: Props) {
  const kind = textKind(data);
  const [text, setText] = useState(data.template ?? data.shortMessage);
  const [sender, setSender] = useState(data.sourceAddress);
  const [campaign, setCampaign] = useState(data.messageDescription);
  const [date, setDate] = useState<string | null>(
    formatAccra(data.expectedDeliveryTime, 'yyyy-MM-dd HH:mm:ss') || null,
  );
  const period0 = data.recurringPeriod;
  const [period, setPeriod] = useState<RecurringPeriod>(
    isRecurringPeriod(period0) ? period0 : DEFAULT_RECURRING_PERIOD,
  );
  const [interval, setIntervalText] = useState(String(data.recurringInterval));
  const [busy, setBusy] = useState(false);
  // A field's problem shows on the field, until it is changed.
  const [errors, setErrors] = useState<{ date?: string; interval?: string }>({});

  // The text the gateway is sent: a template's typographic apostrophes become plain ones, as the send form's.
  const textChange =
    kind === 'template' ? { template: normalizeApostrophes(text) } : kind === 'text' ? { shortMessage: text } : {};
  const quoteState = useEditQuote(recurring, { message_id: data.message_id, sourceAddress: sender, ...textChange });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (changeTooDear(quoteState.quote, balance)) return;
    if (!date || !isValidDate(date)) return setErrors({ date: INVALID_DATE });
    const intervalProblem = recurring ? recurringIntervalProblem(period, interval) : null;
    if (intervalProblem) return setErrors({ interval: intervalProblem });
    setErrors({});
    const changes = {
      message_id: data.message_id,
      ...textChange,
      sourceAddress: sender,
      messageDescription: campaign.trim(),
      expectedDeliveryTime: expectedDeliveryTime(fromAccraWallTime(date)),
    };
    setBusy(true);
    const result = recurring
      ? await updateRecurringMessage({ ...changes, recurringPeriod: period, recurringInterval: Number(interval) })
      : await updateScheduledMessage(changes);
    setBusy(false);
    if (result.ok) onClose();
  };

  const senders = senderIds.includes(sender) || !sender ? [...senderIds] : [sender, ...senderIds];
  return (
    <Modal opened onClose={onClose} title={recurring ? 'Edit recurring sms' : 'Edit scheduled sms'} size="lg">
      <FormStack gap="sm" onSubmit={(e) => void save(e)} label="Edit message">
        <MessageTextFields kind={kind} text={text} onText={setText} fields={quoteState.quote?.fields} />
        <EditCost state={quoteState} balance={balance} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Sender ID"
            data={senders}
            value={sender || null}
            onChange={(v) => setSender(v ?? '')}
            allowDeselect={false}
          />
          <TextInput
            label="Campaign name (optional)"
            value={campaign}
            maxLength={CAMPAIGN_NAME_MAX_LENGTH}
            onChange={(e) => setCampaign(e.currentTarget.value)}
          />
        </SimpleGrid>
        <DateTimePicker
          label={recurring ? 'Next delivery (Accra time)' : 'Delivery date and time (Accra time)'}
          {...DATE_TIME_PICKER_PROPS}
          value={date}
          onChange={(value) => (setDate(value), setErrors({}))}
          error={errors.date}
          popoverProps={{ withinPortal: true }}
        />
        {recurring && (
          <RepeatFields
            period={period}
            onPeriod={setPeriod}
            interval={interval}
            onInterval={(value) => (setIntervalText(value), setErrors({}))}
            error={errors.interval}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={changeTooDear(quoteState.quote, balance)}>
            Save changes
          </Button>
        </Group>
      </FormStack>
    </Modal>
  );
}

type DeleteProps = { data: ScheduledMessage; recurring: boolean; messageId: string; onClose: () => void };

/** Deleting a registration: the dialog names it by campaign, recipients, time and text, so the right one goes. */
export function DeleteMessageDialog({ data, recurring, messageId, onClose }: DeleteProps) {
  const [busy, setBusy] = useState(false);
  const title = (data.messageDescription || data.shortMessage || 'this message').slice(0, 60);
  // A registration carries its numbers or the gateway's count of them.
  const count = recipientCount(data as ScheduledMessage & CountedMessage);
  const when = formatAccra(data.expectedDeliveryTime);
  const confirm = async () => {
    setBusy(true);
    const result = recurring ? await deleteRecurringMessage(messageId) : await deleteScheduledMessage(messageId);
    setBusy(false);
    if (result.ok) onClose();
  };
  return (
    <Modal opened onClose={onClose} title={recurring ? 'Delete recurring sms' : 'Delete scheduled sms'}>
      <Stack gap="xs">
        <Text>Delete “{title}”? It will not be sent.</Text>
        <Text size="sm" c="dimmed" data-testid="delete-summary">
          {[
            `${formatNumber(count)} ${count === 1 ? 'recipient' : 'recipients'}`,
            data.sourceAddress ? `from ${data.sourceAddress}` : '',
            when ? `${recurring ? 'next' : 'due'} ${when}` : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        <Text size="sm" lineClamp={2}>
          {data.template === undefined ? data.shortMessage : `Template: ${data.template}`}
        </Text>
      </Stack>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red.8" loading={busy} onClick={() => void confirm()}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}

import { useState } from 'react';
import { NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { DateInput, DateTimePicker } from '@mantine/dates';
import '../../ui/mantine-styles-rest';
import '../../ui/mantine-dates-styles.css';
import { DATE_TIME_PICKER_PROPS } from '../../ui/date-picker-props';
import { formatAccra, fromAccraWallTime, isValidDate } from '../../domain/dates';
import { occurrence, recurringStepProblem } from '../../domain/messages/recurrence';
import { usesChosenDate } from '../../domain/messages/message-kinds';
import { RECURRING_PERIODS, RECURRING_UNITS } from '../../domain/messages/recurrence';
import type { RecurringPeriod } from '../../domain/types';
import type { SendFormApi } from './use-send-form';

/** The delivery time picker (15-minute steps, 24 h, Accra wall time), the birthday date, and the recurrence. */
export function ScheduleFields({ form }: { form: SendFormApi }) {
  const { fields, set } = form;
  const [today] = useState(() => formatAccra(Date.now(), 'yyyy-MM-dd'));
  if (!usesChosenDate(fields.messageType, fields.source)) return null;
  if (fields.messageType === 'birthday') {
    return (
      <DateInput
        label="Birthday date"
        placeholder="YYYY-MM-DD"
        description="Type it (YYYY-MM-DD) or pick it"
        valueFormat="YYYY-MM-DD"
        value={fields.birthday}
        onChange={(value) => set('birthday', value)}
        ariaLabels={DATE_TIME_PICKER_PROPS.ariaLabels}
        clearable
      />
    );
  }
  const recurring = fields.messageType === 'recurring';
  const first = fields.date && isValidDate(fields.date) ? fromAccraWallTime(fields.date).getTime() : null;
  const interval = Number(fields.recurringInterval);
  const next =
    recurring && first !== null && recurringStepProblem(fields.recurringPeriod, interval) === null
      ? [1, 2, 3].map((k) => occurrence(first, fields.recurringPeriod, interval, k))
      : [];
  return (
    <Stack gap={6}>
      <SimpleGrid cols={{ base: 1, sm: recurring ? 3 : 1 }} spacing="sm">
        <DateTimePicker
          label={recurring ? 'First delivery (Accra time)' : 'Delivery date and time (Accra time)'}
          placeholder="Pick date and time"
          {...DATE_TIME_PICKER_PROPS}
          value={fields.date}
          onChange={(value) => set('date', value)}
          minDate={today}
          description={first === null ? 'Pick the day, then the time' : deliveryText(first)}
        />
        {recurring && (
          <>
            <Select
              label="Repeat"
              data={RECURRING_PERIODS.map((p) => ({ value: p, label: p }))}
              value={fields.recurringPeriod}
              onChange={(value) => value && set('recurringPeriod', value as RecurringPeriod)}
              allowDeselect={false}
            />
            <NumberInput
              label={`Every (${RECURRING_UNITS[fields.recurringPeriod]})`}
              value={fields.recurringInterval}
              onChange={(value) => set('recurringInterval', String(value))}
              min={0}
              decimalScale={2}
              allowNegative={false}
            />
          </>
        )}
      </SimpleGrid>
      {next.length > 0 && (
        <Text size="sm" data-testid="next-runs">
          Then: {next.map((at) => formatAccra(at, RUN_PATTERN)).join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

const RUN_PATTERN = 'EEE d MMM yyyy, HH:mm';

/** The time a picked day will really use: the picker keeps 00:00 until a time is chosen. */
function deliveryText(at: number): string {
  const time = formatAccra(at, 'HH:mm');
  const midnight = time === '00:00' ? ' (midnight: choose another time in the picker to change it)' : '';
  return `Sends ${formatAccra(at, RUN_PATTERN)}${midnight}`;
}

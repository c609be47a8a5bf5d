import { useState } from 'react';
import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import { DateInput, DateTimePicker } from '@mantine/dates';
import '../../ui/mantine-styles-rest';
import '../../ui/mantine-dates-styles.css';
import { DATE_TIME_PICKER_PROPS } from '../../ui/date-picker-props';
import { formatAccra } from '../../domain/dates';
import { usesChosenDate } from '../../domain/message-kinds';
import { RECURRING_PERIODS, RECURRING_UNITS } from '../../domain/recurring';
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
  return (
    <SimpleGrid cols={{ base: 1, sm: recurring ? 3 : 1 }} spacing="sm">
      <DateTimePicker
        label={recurring ? 'First delivery (Accra time)' : 'Delivery date and time (Accra time)'}
        placeholder="Pick date and time"
        {...DATE_TIME_PICKER_PROPS}
        value={fields.date}
        onChange={(value) => set('date', value)}
        minDate={today}
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
  );
}

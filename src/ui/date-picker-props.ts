import { DATE_PICKER_STEP_MINUTES } from '../domain/constants';

/** The picker's settings (15-minute steps, HH:mm: docs/product.md#scheduling) with names for every control, for screen readers and tests. */
export const DATE_TIME_PICKER_PROPS = {
  valueFormat: 'YYYY-MM-DD HH:mm',
  timePickerProps: {
    minutesStep: DATE_PICKER_STEP_MINUTES,
    format: '24h',
    withDropdown: true,
    hoursInputLabel: 'Hours',
    minutesInputLabel: 'Minutes',
  },
  submitButtonProps: { 'aria-label': 'Confirm date and time' },
  ariaLabels: {
    nextMonth: 'Next month',
    previousMonth: 'Previous month',
    nextYear: 'Next year',
    previousYear: 'Previous year',
    nextDecade: 'Next decade',
    previousDecade: 'Previous decade',
    monthLevelControl: 'Choose the month',
    yearLevelControl: 'Choose the year',
  },
  clearable: true,
  clearButtonProps: { 'aria-label': 'Clear the date' },
} as const;

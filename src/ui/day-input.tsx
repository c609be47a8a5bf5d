import { DateInput } from '@mantine/dates';
import '../ui/mantine-styles-rest';
import '../ui/mantine-dates-styles.css';
import { DATE_TIME_PICKER_PROPS } from './date-picker-props';

type Props = {
  label: string;
  /** The day as 'YYYY-MM-DD', or '' for none. */
  value: string;
  onChange: (day: string) => void;
  error?: unknown;
  description?: string;
};

/**
 * A day typed (YYYY-MM-DD) or picked, in the order every date of the app is written: a browser's own date
 * field shows the order of its language (the US month first), which read wrong beside the rest.
 */
export function DayInput({ label, value, onChange, error, description }: Props) {
  return (
    <DateInput
      label={label}
      placeholder="YYYY-MM-DD"
      description={description}
      valueFormat="YYYY-MM-DD"
      value={value || null}
      onChange={(day) => onChange(day ?? '')}
      error={typeof error === 'string' ? error : undefined}
      ariaLabels={DATE_TIME_PICKER_PROPS.ariaLabels}
      clearable
      clearButtonProps={{ 'aria-label': `Clear “${label}”` }}
    />
  );
}

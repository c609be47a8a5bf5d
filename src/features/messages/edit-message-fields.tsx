import { Alert, NumberInput, Select, SimpleGrid, Text } from '@mantine/core';
import { RECURRING_PERIODS, RECURRING_UNITS, isRecurringPeriod } from '../../domain/messages/recurrence';
import type { RecurringPeriod } from '../../domain/types';
import { SmsCounter } from '../../ui/sms-counter';
import { characterCount } from '../../domain/messages/character-count';
import { placeholder, TEMPLATE_NOT_KEPT } from '../../domain/messages/personalize';
import { GrowingTextarea } from '../../ui/growing-textarea';

/** What the dialog edits of the text: a personalized send's template, a regular one's text, or (kept without its template) nothing. */
export type TextKind = 'template' | 'text' | 'fixed';

type TextProps = {
  kind: TextKind;
  text: string;
  onText: (text: string) => void;
  /** The template's fields, as the gateway's quote names them. */
  fields: readonly string[] | undefined;
};

/** The message's text or template, the fields a template may use, and its counter. */
export function MessageTextFields({ kind, text, onText, fields }: TextProps) {
  return (
    <>
      <GrowingTextarea
        label={kind === 'template' ? 'Message template' : 'Message'}
        description={
          kind === 'template'
            ? 'Each recipient gets this text with their own values in place of the {fields}'
            : undefined
        }
        value={text}
        onChange={(e) => onText(e.currentTarget.value)}
        readOnly={kind === 'fixed'}
        minRows={3}
        maxRows={10}
      />
      {kind === 'fixed' && (
        <Alert color="yellow" variant="light">
          {TEMPLATE_NOT_KEPT}
        </Alert>
      )}
      {kind === 'template' && fields && fields.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="template-fields">
          Fields you can use: {fields.map(placeholder).join(' ')}
        </Text>
      )}
      {kind !== 'fixed' && <SmsCounter count={characterCount(text)} personalized={kind === 'template'} />}
    </>
  );
}

type RepeatProps = {
  period: RecurringPeriod;
  onPeriod: (period: RecurringPeriod) => void;
  interval: string;
  onInterval: (interval: string) => void;
  /** The interval's problem, shown on it. */
  error: string | undefined;
};

/** A recurring message's period and its interval in that period's units. */
export function RepeatFields({ period, onPeriod, interval, onInterval, error }: RepeatProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label="Repeat"
        data={[...RECURRING_PERIODS]}
        value={period}
        onChange={(v) => v && isRecurringPeriod(v) && onPeriod(v)}
        allowDeselect={false}
      />
      <NumberInput
        label={`Every (${RECURRING_UNITS[period]})`}
        value={interval}
        onChange={(v) => onInterval(String(v))}
        error={error}
        min={0}
        decimalScale={2}
        allowNegative={false}
      />
    </SimpleGrid>
  );
}

import { useRef } from 'react';
import { Select } from '@mantine/core';
import { placeholder } from '../../domain/messages/personalize';
import type { CharacterCount } from '../../domain/messages/character-count';
import { SmsCounter } from '../../ui/sms-counter';
import { UnicodeNote } from '../../ui/unicode-note';
import { GrowingTextarea } from '../../ui/growing-textarea';

type Props = {
  text: string;
  onChange: (text: string) => void;
  count: CharacterCount;
  placeholderFields: readonly string[];
  personalized: boolean;
};

/** The message text with the filter dropdown, live counters and the characters that force unicode. */
export function MessageEditor({ text, onChange, count, placeholderFields, personalized }: Props) {
  const area = useRef<HTMLTextAreaElement>(null);

  const insert = (field: string | null) => {
    if (!field) return;
    const token = placeholder(field);
    const el = area.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    onChange(text.slice(0, start) + token + text.slice(end));
    // After React writes the new value, the caret goes after the inserted field.
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  return (
    <>
      <Select
        label="Insert a field"
        placeholder={placeholderFields.length ? 'Choose a field to insert' : 'Load contacts to insert their fields'}
        data={[...new Set(placeholderFields)]}
        value={null}
        onChange={insert}
        disabled={placeholderFields.length === 0}
        description={personalized ? 'Each contact gets the text with its own values' : undefined}
        searchable
      />
      <GrowingTextarea
        ref={area}
        label="Message"
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        minRows={5}
        maxRows={14}
      />
      <SmsCounter count={count} personalized={personalized} />
      <UnicodeNote text={text} onReplace={onChange} />
    </>
  );
}

import { useRef } from 'react';
import { Button, Group, Mark, Select, Text, Textarea } from '@mantine/core';
import { placeholder } from '../../domain/messages/personalize';
import type { CharacterCount } from '../../domain/messages/character-count';
import { SmsCounter } from '../../ui/sms-counter';
import { characterLabel, replaceTypographic, unicodeCharacters } from '../../domain/messages/unicode-hints';
import { normalizeApostrophes } from '../../domain/messages/message-text';

type Props = {
  text: string;
  onChange: (text: string) => void;
  count: CharacterCount;
  placeholderFields: readonly string[];
  personalized: boolean;
};

const MAX_SHOWN_CHARACTERS = 12;

/** The message text with the filter dropdown, live counters and the characters that force unicode. */
export function MessageEditor({ text, onChange, count, placeholderFields, personalized }: Props) {
  const area = useRef<HTMLTextAreaElement>(null);
  const forcing = unicodeCharacters(normalizeApostrophes(text));
  const replaceable = forcing.some((c) => c.replaceable);

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
      <Textarea
        ref={area}
        label="Message"
        value={text}
        onChange={(event) => onChange(event.currentTarget.value)}
        autosize
        minRows={5}
        maxRows={14}
      />
      <SmsCounter count={count} personalized={personalized} />
      {forcing.length > 0 && (
        <Group gap={6} wrap="wrap" aria-label="Characters that need unicode">
          <Text size="sm">These characters switch the message to unicode (fewer characters per SMS):</Text>
          {forcing.slice(0, MAX_SHOWN_CHARACTERS).map((c) => (
            <Mark
              key={c.char}
              color="orange.2"
              px={6}
              title={characterLabel(c.char)}
              aria-label={characterLabel(c.char)}
            >
              {/\s|\u200B/.test(c.char) ? 'space' : c.char}
              {c.count > 1 ? ` ×${c.count}` : ''}
            </Mark>
          ))}
          {replaceable && (
            <Button size="compact-sm" variant="light" onClick={() => onChange(replaceTypographic(text))}>
              Replace typographic characters
            </Button>
          )}
        </Group>
      )}
    </>
  );
}

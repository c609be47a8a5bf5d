import { Alert, Button, Group, Mark, Stack, Text } from '@mantine/core';
import { characterLabel, replaceTypographic, unicodeCharacters } from '../domain/messages/unicode-hints';
import { unicodeCost, unicodeWarning } from '../domain/messages/unicode-cost';
import { normalizeApostrophes } from '../domain/messages/message-text';

const MAX_SHOWN_CHARACTERS = 12;

type Props = {
  /** The text as typed; measured as it will go (typographic apostrophes made plain). */
  text: string;
  /** Replaces the typographic characters that have plain twins; the button shows only when some do. */
  onReplace: (text: string) => void;
};

/**
 * The warning while typing (docs/product.md#parts-and-encodings): which characters force unicode, and
 * what that costs a recipient, with a button to make curly quotes and dashes plain.
 */
export function UnicodeNote({ text, onReplace }: Props) {
  const sent = normalizeApostrophes(text);
  const cost = unicodeCost(sent);
  if (!cost) return null;
  const forcing = unicodeCharacters(sent);
  const replaceable = forcing.some((c) => c.replaceable);
  return (
    <Alert
      color="orange"
      variant="light"
      py="xs"
      data-testid="unicode-warning"
      title="This text will be sent as Unicode"
    >
      <Stack gap={6}>
        <Text size="sm">{unicodeWarning(cost)}</Text>
        <Group gap={6} wrap="wrap" aria-label="Characters that need unicode">
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
            <Button size="compact-sm" variant="light" onClick={() => onReplace(replaceTypographic(text))}>
              Replace typographic characters
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

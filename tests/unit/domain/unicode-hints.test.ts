import { describe, expect, it } from 'vitest';
import {
  characterLabel,
  hasReplaceableCharacters,
  replaceTypographic,
  unicodeCharacters,
} from '../../../src/domain/messages/unicode-hints';
import { needsUnicode } from '../../../src/domain/messages/sms';

describe('unicode hints', () => {
  it('lists the characters that force unicode, once each, with counts', () => {
    expect(unicodeCharacters('It’s “great” – Zoë’s café')).toEqual([
      { char: '’', count: 2, replaceable: true },
      { char: '“', count: 1, replaceable: true },
      { char: '”', count: 1, replaceable: true },
      { char: '–', count: 1, replaceable: true },
      { char: 'ë', count: 1, replaceable: false },
    ]);
    expect(unicodeCharacters('Plain text é Ä {}')).toEqual([]);
  });

  it('replaces typographic characters so a text can go back to GSM', () => {
    const text = 'It’s “great” — see you… soon';
    expect(hasReplaceableCharacters(text)).toBe(true);
    const plain = replaceTypographic(text);
    expect(plain).toBe('It\'s "great" - see you... soon');
    expect(needsUnicode(plain)).toBe(false);
    expect(replaceTypographic('Zoë 😀')).toBe('Zoë 😀');
  });

  it('names invisible characters', () => {
    expect(characterLabel('\u00A0')).toBe('space (U+00A0)');
    expect(characterLabel('ë')).toBe('ë (U+00EB)');
  });
});

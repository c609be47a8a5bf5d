import { describe, expect, it } from 'vitest';
import { unicodeCost, unicodeWarning } from '../../../src/domain/messages/unicode-cost';

describe('the characters that force unicode, and what they cost', () => {
  it('finds nothing in plain GSM text, accented GSM letters included', () => {
    expect(unicodeCost('Hello Ama, your order is ready. Café ü')).toBeNull();
  });

  it('names the Twi and Ga letters ɛ, ɔ and ŋ, each once, in order of first use', () => {
    const cost = unicodeCost('Ɛte sɛn? Wo ho yɛ? Me ŋkɔ');
    expect(cost?.characters).toEqual(['Ɛ', 'ɛ', 'ŋ', 'ɔ']);
  });

  it('names curly double quotes and emoji', () => {
    expect(unicodeCost('Say \u201Cyes\u201D 🎉')?.characters).toEqual(['\u201C', '\u201D', '🎉']);
  });

  it('says a 100-character text costs 2 credits with one ɛ instead of 1', () => {
    const text = `${'a'.repeat(99)}ɛ`;
    const cost = unicodeCost(text)!;
    expect(cost).toMatchObject({ parts: 2, plainParts: 1 });
    expect(unicodeWarning(cost)).toBe(
      'This character forces Unicode: ɛ. A Unicode SMS holds 50 characters instead of 160, so each recipient costs 2 SMS credits instead of 1 SMS credit.',
    );
  });

  it('says a short text still costs one credit but a longer one twice or more', () => {
    const cost = unicodeCost('Akwaaba ɔdɔfo')!;
    expect(cost).toMatchObject({ parts: 1, plainParts: 1 });
    expect(unicodeWarning(cost)).toContain('still costs 1 SMS credit, but a longer text costs twice or more');
  });

  it('counts a long Twi text at more than twice its plain price', () => {
    const cost = unicodeCost(`${'b'.repeat(300)}ŋ`)!;
    expect(cost).toMatchObject({ parts: 5, plainParts: 2 });
    expect(unicodeWarning(cost)).toContain('5 SMS credits instead of 2 SMS credits');
  });
});

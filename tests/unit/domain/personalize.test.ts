import { describe, expect, it } from 'vitest';
import {
  hasPlaceholders,
  keptFields,
  PERSONAL_FIELD_LIMITS,
  personalize,
  phonebookPlaceholderFields,
  placeholder,
} from '../../../src/domain/messages/personalize';
import {
  ageRuleApplies,
  normalizeApostrophes,
  prepareMessageText,
  stripAgePlaceholder,
  type AgeRuleContext,
} from '../../../src/domain/messages/message-text';

describe('personalize', () => {
  const row = { firstname: 'Ama', surname: 'Mensah', age: '30', Balance: '1,250', middlename: '' };

  it.each([
    ['Hello {firstname} {surname}', 'Hello Ama Mensah'],
    ['Happy {age}th birthday, {firstname}!', 'Happy 30th birthday, Ama!'],
    ['{firstname}{firstname}', 'AmaAma'],
    ['Balance: GHS {balance}', 'Balance: GHS 1,250'],
    ['Hi { firstname }', 'Hi Ama'],
    ['Hi {FirstName}', 'Hi Ama'],
    ['A{middlename}B', 'AB'],
    ['Use code {PROMO} today', 'Use code {PROMO} today'],
    ['{} and { and }', '{} and { and }'],
    ['', ''],
    ['Hi {firstname} 😀', 'Hi Ama 😀'],
  ])('%j -> %j', (template, expected) => {
    expect(personalize(template, row)).toBe(expected);
  });

  it('does not re-expand placeholders that arrive inside values', () => {
    expect(personalize('{firstname}', { firstname: '{surname}', surname: 'X' })).toBe('{surname}');
  });

  it('detects braces and builds placeholders', () => {
    expect(hasPlaceholders('hi {x}')).toBe(true);
    expect(hasPlaceholders('a } alone')).toBe(true);
    expect(hasPlaceholders('plain')).toBe(false);
    expect(placeholder('firstname')).toBe('{firstname}');
  });

  it('offers age only for birthday messages', () => {
    expect(phonebookPlaceholderFields(true)).toContain('age');
    expect(phonebookPlaceholderFields(false)).not.toContain('age');
  });
});

describe('message text', () => {
  it.each([
    ['It’s Kofi‘s', "It's Kofi's"],
    ['don‛t ʼtwas', "don't 'twas"],
    ["plain 'quote'", "plain 'quote'"],
    ['“double” stays', '“double” stays'],
  ])('apostrophes in %j -> %j', (text, expected) => {
    expect(normalizeApostrophes(text)).toBe(expected);
  });

  const ctx = (over: Partial<AgeRuleContext>): AgeRuleContext => ({
    messageType: 'quick',
    subtype: 'personalized',
    source: 'phonebook',
    ...over,
  });

  it.each<[Partial<AgeRuleContext>, boolean]>([
    [{}, true],
    [{ messageType: 'scheduled' }, true],
    [{ messageType: 'birthday' }, false],
    [{ source: 'excel' }, false],
    [{ subtype: 'regular' }, false],
  ])('age rule for %j applies: %s', (over, expected) => {
    expect(ageRuleApplies(ctx(over))).toBe(expected);
  });

  it('removes every age placeholder only where the rule applies', () => {
    expect(stripAgePlaceholder('Hi {firstname}, {age} { AGE }!', ctx({}))).toBe('Hi {firstname},  !');
    expect(stripAgePlaceholder('You are {age}', ctx({ messageType: 'birthday' }))).toBe('You are {age}');
    expect(prepareMessageText('It’s {age}', ctx({}))).toBe("It's ");
  });
});

describe('keptFields', () => {
  it('keeps the named values first, then the rest of the row within the limits', () => {
    const wide = Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`col${i}`, `v${i}`]));
    const row = { ...wide, Notes: 'x'.repeat(PERSONAL_FIELD_LIMITS.value + 1), 'First Name': 'Ama' };
    const kept = keptFields('Hi {first name}', row);
    expect(Object.keys(kept)).toHaveLength(PERSONAL_FIELD_LIMITS.fields);
    expect(Object.keys(kept)[0]).toBe('First Name');
    expect(kept.Notes).toBeUndefined();
    expect(personalize('Hi {first name}', kept)).toBe(personalize('Hi {first name}', row));
  });
});

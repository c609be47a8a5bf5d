import { describe, expect, it } from 'vitest';
import {
  BRACES_WARNING,
  EMPTY_MESSAGE,
  NO_NUMBERS,
  sendFormWarnings,
  validateSendForm,
  type SendFormState,
} from '../../../src/domain/send/send-form';
import { TOO_MANY_RECIPIENTS_WARNING } from '../../../src/domain/send/recipients';
import {
  MESSAGE_KINDS,
  MESSAGE_KIND_LABELS,
  SEND_FORM_DEFAULTS,
  SEND_MESSAGE_TYPES,
  contactSourcesFor,
  sourceAfterSubtypeChange,
  submitLabel,
  typeAndSubtype,
  usesChosenDate,
} from '../../../src/domain/messages/message-kinds';

const form = (over: Partial<SendFormState> = {}): SendFormState => ({
  messageType: 'quick',
  subtype: 'regular',
  source: 'manual',
  senderId: 'DEMO',
  selectedGroups: [],
  excelLoaded: false,
  date: null,
  recurringPeriod: 'Hourly',
  recurringInterval: null,
  text: 'Hello',
  numbers: '0241234567',
  ...over,
});

describe('validateSendForm: each message', () => {
  it.each<[string, Partial<SendFormState>, string | null]>([
    ['a valid quick send', {}, null],
    ['no sender id', { senderId: '' }, 'Please select sender ID for this messge'],
    ['blank sender id', { senderId: '   ' }, 'Please select sender ID for this messge'],
    ['phone book without book', { source: 'phonebook' }, 'You have not selected any phone book'],
    ['phone book with a book', { source: 'phonebook', selectedGroups: ['g1'] }, null],
    ['personalized excel without file', { subtype: 'personalized', source: 'excel' }, 'Please upload an excel sheet'],
    ['regular excel without file', { source: 'excel' }, 'Please upload an excel sheet'],
    ['excel with file', { source: 'excel', excelLoaded: true, numbers: '' }, null],
    ['scheduled without date', { messageType: 'scheduled' }, 'Please enter a valid date'],
    ['scheduled with a bad date', { messageType: 'scheduled', date: 'soon' }, 'Please enter a valid date'],
    ['scheduled with a date', { messageType: 'scheduled', date: new Date('2025-01-01T00:00:00Z') }, null],
    ['manual birthday without date', { messageType: 'birthday' }, 'Please enter a birthday date'],
    ['manual birthday with a date', { messageType: 'birthday', date: '1990-05-01' }, null],
    ['phone book birthday needs no date', { messageType: 'birthday', source: 'phonebook', selectedGroups: [1] }, null],
    [
      'recurring without interval',
      { messageType: 'recurring', date: '2025-01-01' },
      'Please select a recurring interval',
    ],
    [
      'recurring interval 0',
      { messageType: 'recurring', date: '2025-01-01', recurringInterval: 0 },
      'Please select a recurring interval',
    ],
    [
      'recurring interval "0"',
      { messageType: 'recurring', date: '2025-01-01', recurringInterval: '0' },
      'Please select a recurring interval',
    ],
    [
      'recurring interval ""',
      { messageType: 'recurring', date: '2025-01-01', recurringInterval: '' },
      'Please select a recurring interval',
    ],
    [
      'recurring interval "x"',
      { messageType: 'recurring', date: '2025-01-01', recurringInterval: 'x' },
      'Please select a recurring interval',
    ],
    [
      'recurring interval -1',
      { messageType: 'recurring', date: '2025-01-01', recurringInterval: -1 },
      'Please select a recurring interval',
    ],
    ['recurring interval 2', { messageType: 'recurring', date: '2025-01-01', recurringInterval: '2' }, null],
    [
      'recurring interval under a minute',
      { messageType: 'recurring', date: '2025-01-01', recurringInterval: '0.01' },
      'Please select a recurring interval',
    ],
    [
      'recurring interval of 11 years',
      { messageType: 'recurring', date: '2025-01-01', recurringPeriod: 'Yearly', recurringInterval: '11' },
      'The recurring interval is too long: at most 10 years between messages',
    ],
    [
      'recurring interval of 10 years',
      { messageType: 'recurring', date: '2025-01-01', recurringPeriod: 'Yearly', recurringInterval: '10' },
      null,
    ],
    [
      'personalized manual',
      { subtype: 'personalized', source: 'manual' },
      'For personalized SMS please load contacts using excel or from your phone book',
    ],
    ['manual without numbers', { numbers: ' \n / , ' }, NO_NUMBERS],
    ['empty text', { text: '   ' }, EMPTY_MESSAGE],
  ])('%s -> %s', (_, over, expected) => {
    expect(validateSendForm(form(over))).toBe(expected);
  });

  it('reports the first failing rule in order', () => {
    const everythingWrong = form({
      messageType: 'recurring',
      subtype: 'personalized',
      senderId: '',
      source: 'phonebook',
      text: '',
    });
    expect(validateSendForm(everythingWrong)).toBe('Please select sender ID for this messge');
    expect(validateSendForm({ ...everythingWrong, senderId: 'X' })).toBe('You have not selected any phone book');
    expect(validateSendForm({ ...everythingWrong, senderId: 'X', selectedGroups: [1] })).toBe(
      'Please enter a valid date',
    );
    expect(validateSendForm({ ...everythingWrong, senderId: 'X', selectedGroups: [1], date: '2025-01-01' })).toBe(
      'Please select a recurring interval',
    );
  });
});

describe('sendFormWarnings', () => {
  it.each<[Partial<SendFormState>, number, string[]]>([
    [{ text: 'Hi {firstname}' }, 1, [BRACES_WARNING]],
    [{ text: 'Hi {firstname}', subtype: 'personalized' }, 1, []],
    [{ text: 'Hi' }, 100_000, []],
    [{ text: 'Hi' }, 100_001, [TOO_MANY_RECIPIENTS_WARNING]],
    [{ text: '{x}' }, 200_000, [BRACES_WARNING, TOO_MANY_RECIPIENTS_WARNING]],
  ])('%j with %d recipients', (over, count, expected) => {
    expect(sendFormWarnings(form(over), count)).toEqual(expected);
  });
});

describe('message kinds', () => {
  it.each([
    ['quick', 'Send Message'],
    ['scheduled', 'Register scheduled sms'],
    ['birthday', 'Register birthday sms'],
    ['recurring', 'Register recurring sms'],
  ] as const)('%s submits with %s', (kind, label) => {
    expect(submitLabel(kind)).toBe(label);
  });

  it('labels the kinds as the form does and names them as the wire does', () => {
    expect(MESSAGE_KINDS.map((k) => MESSAGE_KIND_LABELS[k])).toEqual([
      'Quick SMS',
      'Scheduled SMS',
      'Recurring SMS',
      'Birthday Message',
    ]);
    expect(MESSAGE_KINDS.map((k) => SEND_MESSAGE_TYPES[k])).toEqual([
      'quick sms',
      'scheduled sms',
      'recurring sms',
      'birthday sms',
    ]);
  });

  it('names type and subtype as the wire does', () => {
    expect(typeAndSubtype('birthday', 'personalized')).toBe('birthday:personalized');
  });

  it('hides manual and sets the source to excel for personalized, from any source', () => {
    expect(contactSourcesFor('personalized')).toEqual(['excel', 'phonebook']);
    expect(contactSourcesFor('regular')).toContain('manual');
    expect(sourceAfterSubtypeChange('personalized', 'manual')).toBe('excel');
    expect(sourceAfterSubtypeChange('personalized', 'phonebook')).toBe('excel');
    expect(sourceAfterSubtypeChange('personalized', 'excel')).toBe('excel');
    expect(sourceAfterSubtypeChange('regular', 'phonebook')).toBe('phonebook');
  });

  it.each([
    ['quick', 'manual', false],
    ['scheduled', 'excel', true],
    ['recurring', 'phonebook', true],
    ['birthday', 'manual', true],
    ['birthday', 'excel', false],
  ] as const)('%s from %s uses a chosen date: %s', (kind, source, expected) => {
    expect(usesChosenDate(kind, source)).toBe(expected);
  });

  it('resets to the defaults', () => {
    expect(SEND_FORM_DEFAULTS).toEqual({
      messageType: 'quick',
      subtype: 'regular',
      source: 'manual',
      recurringPeriod: 'Hourly',
      characterLimit: 160,
    });
  });
});

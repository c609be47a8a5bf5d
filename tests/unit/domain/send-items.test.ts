import { describe, expect, it } from 'vitest';
import {
  buildSendItems,
  contactRecipient,
  deliveryTimeOf,
  sheetRecipient,
  uniqueRecipients,
  type SendDraft,
} from '../../../src/domain/send/send-items';
import { TEST_SENDER_BODY } from '../../../src/domain/messages/sender-id';
import { noBirthdayNote } from '../../../src/domain/send/birthday-recipients';

const NOW = new Date('2026-03-10T09:30:15Z'); // Accra is UTC+0

const draft = (over: Partial<SendDraft> = {}): SendDraft => ({
  messageType: 'quick',
  subtype: 'regular',
  source: 'manual',
  senderId: 'DEMO',
  campaign: ' Launch ',
  text: 'Hello',
  date: null,
  recurringPeriod: 'Hourly',
  recurringInterval: null,
  ...over,
});

describe('buildSendItems', () => {
  it("sends one regular text to every number once, with the wire's fields", () => {
    const items = buildSendItems(draft(), [{ number: '024' }, { number: '025' }, { number: '024' }], NOW);
    expect(items).toEqual([
      {
        shortMessage: 'Hello',
        destinationAddress: '024,025',
        sourceAddress: 'DEMO',
        messageDescription: 'Launch',
        messageType: 'quick sms',
        specialUnicodeSupport: false,
        flash: false,
        expectedDeliveryTime: '2026-03-10 09:30:00',
        typeandsubtype: 'quick:regular',
        recurringInterval: 0,
        recurringPeriod: 'Hourly',
      },
    ]);
  });

  it('builds one item per recipient for personalized sends, repeats kept, placeholders filled', () => {
    const rows = [
      { numbers: '024', name: 'Ama' },
      { numbers: '024', name: 'Kofi' },
    ];
    const items = buildSendItems(
      draft({ subtype: 'personalized', source: 'excel', text: 'Hi {name}, it’s {unknown}' }),
      rows.map((r) => sheetRecipient(r)),
      NOW,
    );
    expect(items.map((i) => [i.destinationAddress, i.shortMessage, i.typeandsubtype])).toEqual([
      ['024', "Hi Ama, it's {unknown}", 'quick:personalized'],
      ['024', "Hi Kofi, it's {unknown}", 'quick:personalized'],
    ]);
    // The template goes too; a registration's rows also carry their values, for edits of its template.
    expect(items.map((i) => [i.template, i.fields])).toEqual([
      ["Hi {name}, it's {unknown}", undefined],
      ["Hi {name}, it's {unknown}", undefined],
    ]);
    const scheduled = buildSendItems(
      draft({
        messageType: 'scheduled',
        subtype: 'personalized',
        source: 'excel',
        text: 'Hi {name}',
        date: '2026-03-11 10:00',
      }),
      rows.map((r) => sheetRecipient(r)),
      NOW,
    );
    expect(scheduled.map((i) => [i.template, i.fields])).toEqual([
      ['Hi {name}', { numbers: '024', name: 'Ama' }],
      ['Hi {name}', { numbers: '024', name: 'Kofi' }],
    ]);
  });

  it('marks unicode per item', () => {
    const items = buildSendItems(
      draft({ subtype: 'personalized', source: 'excel', text: 'Hi {name}' }),
      [sheetRecipient({ numbers: '1', name: 'Ama' }), sheetRecipient({ numbers: '2', name: 'Zoë' })],
      NOW,
    );
    expect(items.map((i) => i.specialUnicodeSupport)).toEqual([false, true]);
  });

  it('drops {age} outside birthday phone-book sends and fills it for birthdays', () => {
    const contact = {
      firstname: 'Ama',
      middlename: '',
      surname: 'O',
      email: '',
      phonenumber: '0241 000 001',
      birthday: '2000-03-10',
    };
    const plain = buildSendItems(
      draft({ subtype: 'personalized', source: 'phonebook', text: '{firstname} {age}' }),
      [contactRecipient(contact, false, NOW)],
      NOW,
    );
    expect(plain[0]!.shortMessage).toBe('Ama ');
    expect(plain[0]!.destinationAddress).toBe('0241000001');
    const birthday = buildSendItems(
      draft({
        messageType: 'birthday',
        subtype: 'personalized',
        source: 'phonebook',
        text: 'Happy {age}, {firstname}',
      }),
      [contactRecipient(contact, true, NOW)],
      NOW,
    );
    expect(birthday[0]!.shortMessage).toBe('Happy 27, Ama');
    expect(birthday[0]!.expectedDeliveryTime).toBe('2026-03-10 09:30:00');
    expect(birthday[0]!.messageType).toBe('birthday sms');
  });

  it("replaces the body for the 'TEST' sender ID", () => {
    const [item] = buildSendItems(draft({ senderId: 'TEST', text: 'Anything' }), [{ number: '1' }], NOW);
    expect(item!.shortMessage).toBe(TEST_SENDER_BODY);
  });

  it('carries the chosen date and the recurrence for scheduled, recurring and manual birthday sends', () => {
    const [scheduled] = buildSendItems(
      draft({ messageType: 'scheduled', date: '2026-04-01 14:15:00' }),
      [{ number: '1' }],
      NOW,
    );
    expect(scheduled!.expectedDeliveryTime).toBe('2026-04-01 14:15:00');
    const [recurring] = buildSendItems(
      draft({ messageType: 'recurring', date: '2026-04-01 14:15', recurringPeriod: 'Daily', recurringInterval: '2' }),
      [{ number: '1' }],
      NOW,
    );
    expect([recurring!.recurringPeriod, recurring!.recurringInterval, recurring!.messageType]).toEqual([
      'Daily',
      2,
      'recurring sms',
    ]);
    const [birthday] = buildSendItems(draft({ messageType: 'birthday', date: '1990-06-02' }), [{ number: '1' }], NOW);
    expect(birthday!.expectedDeliveryTime).toBe('1990-06-02 00:00:00');
  });

  it('builds nothing without recipients', () => {
    expect(buildSendItems(draft(), [], NOW)).toEqual([]);
    expect(uniqueRecipients([{ number: '' }])).toEqual([]);
  });
});

describe('deliveryTimeOf', () => {
  it('uses now for quick sends and birthdays from a phone book or sheet', () => {
    expect(deliveryTimeOf({ messageType: 'quick', source: 'manual', date: '2030-01-01 10:00' }, NOW)).toBe(
      '2026-03-10 09:30:00',
    );
    expect(deliveryTimeOf({ messageType: 'birthday', source: 'phonebook', date: '2030-01-01' }, NOW)).toBe(
      '2026-03-10 09:30:00',
    );
    expect(deliveryTimeOf({ messageType: 'birthday', source: 'excel', date: null }, NOW)).toBe('2026-03-10 09:30:00');
  });
});

describe('sheetRecipient', () => {
  it('adds {age} from a birthday column on birthday sends only', () => {
    expect(sheetRecipient({ numbers: '1', birthday: '2000-03-10' }, true, NOW).fields).toEqual({
      numbers: '1',
      birthday: '2000-03-10',
      age: '27',
    });
    expect(sheetRecipient({ numbers: '1', birthday: '2000-03-10' }, false, NOW).fields).toEqual({
      numbers: '1',
      birthday: '2000-03-10',
    });
  });
});

describe('a birthday send from a phone book or sheet (docs/product.md#birthdays)', () => {
  const birthday = (over: Partial<SendDraft> = {}) =>
    draft({ messageType: 'birthday', source: 'phonebook', text: 'Happy birthday', ...over });

  it('names each recipient’s birthday: one regular item a birthday, one personalized item a recipient', () => {
    const recipients = [
      { number: '1', birthday: '1990-11-21' },
      { number: '2', birthday: '1985-12-01' },
      { number: '3', birthday: '1990-11-21' },
    ];
    expect(buildSendItems(birthday(), recipients, NOW).map((i) => [i.destinationAddress, i.birthday])).toEqual([
      ['1,3', '1990-11-21'],
      ['2', '1985-12-01'],
    ]);
    const personalized = buildSendItems(birthday({ subtype: 'personalized', source: 'excel' }), recipients, NOW);
    expect(personalized.map((i) => [i.destinationAddress, i.birthday])).toEqual([
      ['1', '1990-11-21'],
      ['2', '1985-12-01'],
      ['3', '1990-11-21'],
    ]);
  });

  it('names none on a manual birthday send, whose date is the birthday', () => {
    const [item] = buildSendItems(birthday({ source: 'manual', date: '1990-06-02' }), [{ number: '1' }], NOW);
    expect(item).not.toHaveProperty('birthday');
  });

  it('reads a contact’s or a sheet row’s birthday, any heading case, day first; none when blank or unreadable', () => {
    const contact = { firstname: 'Ama', middlename: '', surname: '', email: '', phonenumber: '024', birthday: '' };
    expect(contactRecipient({ ...contact, birthday: '2000-03-10' }, true, NOW).birthday).toBe('2000-03-10');
    expect(contactRecipient(contact, true, NOW).birthday).toBe('');
    const row = sheetRecipient({ numbers: '1', 'Birth Day': '14/05/1990' }, true, NOW);
    expect(row.birthday).toBe('1990-05-14');
    expect(row.fields?.age).toBe('36');
    expect(sheetRecipient({ numbers: '1', Birthday: 'soon' }, true, NOW).birthday).toBe('');
    expect(sheetRecipient({ numbers: '1' }, true, NOW).birthday).toBe('');
  });

  it('says who gets nothing', () => {
    expect(noBirthdayNote(2, 4, 'phonebook')).toBe(
      '2 of the 4 contacts have no birthday: they get nothing and are not charged. Add their birthdays in the phone book to include them.',
    );
    expect(noBirthdayNote(1, 3, 'excel')).toBe(
      '1 of the 3 rows has no birthday: it gets nothing and is not charged. Give each row its date in a column headed Birthday to include it.',
    );
    expect(noBirthdayNote(2, 2, 'excel')).toBe(
      'None of the 2 rows has a birthday, so nobody would get this message. Give each row its date in a column headed Birthday.',
    );
  });
});

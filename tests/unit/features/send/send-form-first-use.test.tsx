// What a new user met on the send form (docs/product.md#the-send-form): Personalized sets the source to a
// sheet as the product always has, saying so and keeping a chosen phone book for a return, the counter counts characters as typed, and a
// recurring send's interval starts at 1.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { stubFetch } from '../../support/fetch-stub';
import { refreshGroupContacts } from '../../../../src/sync/phonebook-sync';
import { batches, choose, field, renderSendForm, resetDb, seedPhonebook, select, submit } from './send-helpers';

const BOOK_SWITCHED_NOTE =
  'Personalized sets the contact source to Excel or CSV file. Your phone books are still chosen: choose Phone book as the contact source to personalise from them, or Regular to go back.';
const SOURCE_SWITCHED_NOTE =
  'Personalized messages fill in each contact’s fields, and typed numbers have none: the contact source is now Excel or CSV file. Choose Phone book to use a book instead, or Regular to go back to your typed numbers.';

/** Waits out the contact refresh the form starts for a chosen book (one at a time per book), before fetch is restored. */
const bookRefreshed = () => refreshGroupContacts(7).catch(() => {});

const chosenBooks = () => screen.getByRole('combobox', { name: 'Phone books' }).closest('.mantine-MultiSelect-root');

describe('send form: first use', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await resetDb();
    stubFetch(() => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sets the source to a sheet on Personalized, as the product does, saying so and keeping the chosen book', async () => {
    await seedPhonebook();
    const { user } = await renderSendForm({ senderidapproved: 'DEMO' });
    await choose(user, 'Contact source', 'Phone book');
    await user.click(screen.getByRole('combobox', { name: 'Phone books' }));
    await user.click(await screen.findByRole('option', { name: 'Customers (2)' }));
    await choose(user, 'Sub-type', 'Personalized');
    expect(select('Contact source').value).toBe('Excel or CSV file');
    expect(screen.getByTestId('source-note').textContent).toBe(BOOK_SWITCHED_NOTE);
    // Phone book again: the book chosen before is still chosen, and the note goes.
    await choose(user, 'Contact source', 'Phone book');
    expect(chosenBooks()?.textContent).toContain('Customers (2)');
    expect(screen.getByTestId('recipient-count').textContent).toBe('2 recipients');
    expect(screen.queryByTestId('source-note')).toBeNull();
    await bookRefreshed();
  });

  it('says why typed numbers gave way to a sheet, brings them back with Regular, and keeps a book across sources', async () => {
    await seedPhonebook();
    const { user } = await renderSendForm({ senderidapproved: 'DEMO' });
    await user.type(field('Mobile numbers'), '0241000001');
    await choose(user, 'Sub-type', 'Personalized');
    expect(select('Contact source').value).toBe('Excel or CSV file');
    expect(screen.getByTestId('source-note').textContent).toBe(SOURCE_SWITCHED_NOTE);

    await choose(user, 'Sub-type', 'Regular');
    expect(select('Contact source').value).toBe('Type or paste numbers');
    expect((field('Mobile numbers') as HTMLTextAreaElement).value).toBe('0241000001');
    expect(screen.queryByTestId('source-note')).toBeNull();

    // A book chosen once is still chosen after a visit to another source.
    await choose(user, 'Contact source', 'Phone book');
    await user.click(screen.getByRole('combobox', { name: 'Phone books' }));
    await user.click(await screen.findByRole('option', { name: 'Customers (2)' }));
    await choose(user, 'Contact source', 'Excel or CSV file');
    await choose(user, 'Contact source', 'Phone book');
    expect(chosenBooks()?.textContent).toContain('Customers (2)');
    await bookRefreshed();
  });

  it('counts a unicode text in characters as typed, beside the limit of its parts', async () => {
    await renderSendForm({ senderidapproved: 'DEMO' });
    // 82 characters; ɛ is not in the GSM alphabet, so the text is unicode.
    const text = 'Mema mo akye! Yɛde anigye frɛ mo ba yɛn afahyɛ kɛseɛ a ɛbɛba Memeneda yi. Yɛda ase';
    // Set at once, as a paste does (typed key by key it takes most of the timeout).
    fireEvent.change(field('Message'), { target: { value: text } });
    expect(screen.getByTestId('sms-counter').textContent).toBe('82 / 123 characters · 2 messages');
    expect(screen.getByTestId('encoding-note').textContent).toBe(
      'Unicode: 50 characters fit in 1 message, 123 in 2 (160 and 306 without unicode)',
    );
    expect(screen.getByTestId('unicode-flag').textContent).toBe('Unicode on');
  });

  it('counts { } as one character each while giving them the room of two', async () => {
    await renderSendForm({ senderidapproved: 'DEMO' });
    fireEvent.change(field('Message'), { target: { value: 'Hi {name}' } });
    // Nine characters; the braces take two places each of the 160.
    expect(screen.getByTestId('sms-counter').textContent).toBe('9 / 158 characters · 1 message');
    expect(screen.getByTestId('encoding-note').textContent).toBe(
      'Each of ^ { } \\ [ ~ ] | takes the room of two characters',
    );
  });

  it('fills the recurring interval with 1 once a repeat is chosen, so the form is ready to register', async () => {
    const draft = { senderId: 'DEMO', date: '2030-01-01 10:15:00', numbers: '0241000001', text: 'Hi' };
    const { user } = await renderSendForm({ senderidapproved: 'DEMO' }, draft);
    await choose(user, 'Message type', 'Recurring SMS');
    await choose(user, 'Repeat', 'Daily');
    expect((field('Every (Day(s))') as HTMLInputElement).value).toBe('1');
    expect(screen.getByTestId('next-runs').textContent).toBe(
      'Then: Wed 2 Jan 2030, 10:15 · Thu 3 Jan 2030, 10:15 · Fri 4 Jan 2030, 10:15',
    );
    await user.clear(field('Every (Day(s))'));
    await user.type(field('Every (Day(s))'), '2');
    await submit(user, 'Register recurring sms');
    await waitFor(async () => expect(await batches()).toHaveLength(1));
    expect((await batches())[0]!.items[0]).toMatchObject({ recurringPeriod: 'Daily', recurringInterval: 2 });
  });
});

// A birthday send from a phone book (docs/product.md#birthdays): only contacts with a birthday are counted,
// previewed, priced and sent, and the form says how many of the book's contacts get nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { db } from '../../../../src/db/db';
import { stubFetch } from '../../support/fetch-stub';
import { batches, choose, field, PROFILE, renderSendForm, resetDb, submit } from './send-helpers';

/** A book of four: Ama and Esi have birthdays, Kojo and Yaw none. */
async function seedBook() {
  await db.session.put({ id: 'current', profile_id: PROFILE, token: 't', signedInAt: 1 });
  await db.groups.put({
    profile_id: PROFILE,
    id: 7,
    groupname: 'Friends',
    username: 'demouser',
    setuptime: '2024-01-01',
    contactcount: 4,
    client: false,
  });
  const contact = {
    profile_id: PROFILE,
    group_id: 7,
    middlename: '',
    surname: '',
    email: '',
    consentsource: '',
    consentdate: '',
    referencekey: 'r',
  };
  await db.contacts.bulkPut([
    { ...contact, id: 1, firstname: 'Kojo', phonenumber: '233241000702', birthday: '' },
    { ...contact, id: 2, firstname: 'Ama', phonenumber: '233241000701', birthday: '1990-11-21' },
    { ...contact, id: 3, firstname: 'Yaw', phonenumber: '233241000704', birthday: '' },
    { ...contact, id: 4, firstname: 'Esi', phonenumber: '233241000703', birthday: '1985-12-01' },
  ]);
}

async function birthdayFromBook(user: UserEvent, subtype: 'Regular' | 'Personalized') {
  await choose(user, 'Message type', 'Birthday Message');
  if (subtype === 'Personalized') await choose(user, 'Sub-type', 'Personalized');
  await choose(user, 'Contact source', 'Phone book');
  await user.click(screen.getByRole('combobox', { name: 'Phone books' }));
  await user.click(await screen.findByRole('option', { name: 'Friends (4)' }));
}

const NOTE =
  '2 of the 4 contacts have no birthday: they get nothing and are not charged. Add their birthdays in the phone book to include them.';

describe('send form: a birthday send from a phone book', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await resetDb();
    stubFetch(() => undefined);
    await seedBook();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('counts and prices only the contacts with a birthday, and says how many get nothing', async () => {
    const { user } = await renderSendForm({ senderidapproved: 'DEMO', creditbalance: 100 });
    await birthdayFromBook(user, 'Regular');
    await user.type(field('Message'), 'Happy birthday!');
    await waitFor(() => expect(screen.getByTestId('recipient-count').textContent).toBe('2 recipients'));
    expect(screen.getByTestId('no-birthday').textContent).toBe(NOTE);
    await waitFor(() => expect(screen.getByTestId('send-cost').textContent).toContain('2 SMS credits'));

    await submit(user, 'Register birthday sms');
    await waitFor(async () => expect(await batches()).toHaveLength(1));
    const items = (await batches())[0]!.items;
    // Newest contact first, each item naming its recipients' birthday to the gateway.
    expect(items.map((i) => [i.destinationAddress, i.birthday, i.typeandsubtype])).toEqual([
      ['233241000703', '1985-12-01', 'birthday:regular'],
      ['233241000701', '1990-11-21', 'birthday:regular'],
    ]);
  });

  it('previews no text for a contact without a birthday', async () => {
    const { user } = await renderSendForm({ senderidapproved: 'DEMO', creditbalance: 100 });
    await birthdayFromBook(user, 'Personalized');
    await user.type(field('Message'), 'Happy birthday ');
    await choose(user, 'Insert a field', 'firstname');
    await waitFor(() => expect(screen.getAllByTestId('preview-text')).toHaveLength(2));
    const previews = screen.getAllByTestId('preview-text').map((p) => p.textContent ?? '');
    expect(previews.some((p) => p.includes('Kojo') || p.includes('Yaw'))).toBe(false);
    expect(screen.getByTestId('recipient-count').textContent).toBe('2 recipients');
  });

  it('refuses a book whose contacts have no birthday, saying why', async () => {
    await db.contacts.where('[profile_id+group_id]').equals([PROFILE, 7]).modify({ birthday: '' });
    const { user } = await renderSendForm({ senderidapproved: 'DEMO', creditbalance: 100 });
    await birthdayFromBook(user, 'Regular');
    await user.type(field('Message'), 'Happy birthday!');
    const none =
      'None of the 4 contacts has a birthday, so nobody would get this message. Add their birthdays in the phone book.';
    await waitFor(() => expect(screen.getByTestId('no-birthday').textContent).toBe(none));
    await submit(user, 'Register birthday sms');
    await waitFor(() => expect(screen.getByTestId('send-problem').textContent).toBe(none));
    expect(await batches()).toHaveLength(0);
  });
});

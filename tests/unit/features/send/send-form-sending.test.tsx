import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../../src/db/db';
import { stubFetch } from '../../support/fetch-stub';
import {
  choose,
  field,
  jobs,
  batches,
  PROFILE,
  renderSendForm,
  resetDb,
  seedPhonebook,
  select,
  submit,
} from './send-helpers';
import { TEST_SENDER_BODY, testSenderOwnNumberOnly } from '../../../../src/domain/messages/sender-id';

describe('send form: sending', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await resetDb();
    stubFetch(() => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('queues a regular send in the outbox, one text to every number once, and resets the form', async () => {
    const { user } = await renderSendForm({ senderidapproved: 'DEMO' });
    await user.type(field('Campaign name (optional)'), 'Launch');
    await user.type(field('Mobile numbers'), '0241000001/0241000002{enter}0241000001');
    await user.type(field('Message'), 'It’s on');
    expect(screen.getByTestId('recipient-count').textContent).toBe('2 recipients');
    await waitFor(() => expect(screen.getByTestId('send-cost').textContent).toContain('2 SMS credits'));
    await submit(user, 'Send Message');
    await waitFor(async () => expect(await jobs()).toHaveLength(1));
    const [job] = await jobs();
    expect(job).toMatchObject({ total: 2, state: 'queued', summary: { messageType: 'quick sms', campaign: 'Launch' } });
    const [batch] = await batches();
    expect(batch!.items).toEqual([
      expect.objectContaining({
        shortMessage: "It's on",
        destinationAddress: '233241000001,233241000002',
        sourceAddress: 'DEMO',
        typeandsubtype: 'quick:regular',
      }),
    ]);
    await waitFor(() => expect((field('Message') as HTMLTextAreaElement).value).toBe(''));
    expect((field('Mobile numbers') as HTMLTextAreaElement).value).toBe('');
    expect(select('Message type').value).toBe('Quick SMS');
  });

  it('builds one message per contact for a personalized phone-book send, fields inserted from the dropdown', async () => {
    await seedPhonebook();
    const { user } = await renderSendForm({ senderidapproved: 'DEMO' });
    await choose(user, 'Sub-type', 'Personalized');
    expect(select('Contact source').value).toBe('Excel or CSV file');
    await choose(user, 'Contact source', 'Phone book');
    await user.click(screen.getByRole('combobox', { name: 'Phone books' }));
    await user.click(await screen.findByRole('option', { name: 'Customers (2)' }));
    await user.type(field('Message'), 'Hello ');
    await choose(user, 'Insert a field', 'firstname');
    await waitFor(() => expect((field('Message') as HTMLTextAreaElement).value).toBe('Hello {firstname}'));
    expect(screen.getByTestId('recipient-count').textContent).toBe('2 recipients');
    await submit(user, 'Send Message');
    await waitFor(async () => expect(await batches()).toHaveLength(1));
    const [batch] = await batches();
    expect(batch!.items.map((i) => [i.destinationAddress, i.shortMessage, i.typeandsubtype])).toEqual([
      ['233241000002', 'Hello Kofi', 'quick:personalized'],
      ['233241000001', 'Hello Ama', 'quick:personalized'],
    ]);
  });

  it('keeps the sender ID last used after a send, with several approved', async () => {
    const { user } = await renderSendForm({ senderidapproved: 'DEMO,ALERTS' });
    await choose(user, 'Sender ID', 'ALERTS');
    await user.type(field('Mobile numbers'), '0241000001');
    await user.type(field('Message'), 'First');
    await submit(user, 'Send Message');
    await waitFor(() => expect((field('Message') as HTMLTextAreaElement).value).toBe(''));
    expect(select('Sender ID').value).toBe('ALERTS');
    await waitFor(async () => expect((await db.drafts.get(PROFILE))?.fields.senderId).toBe('ALERTS'));
  });

  it("sends the notice instead of the text from the 'TEST' sender a new account is given, to its own number", async () => {
    const { user } = await renderSendForm({ senderidapproved: 'TEST', telnumber: '233241234567' });
    expect(select('Sender ID').value).toBe('TEST');
    await user.type(field('Mobile numbers'), '0241234567');
    await user.type(field('Message'), 'Real text');
    await submit(user, 'Send Message');
    await waitFor(async () => expect(await batches()).toHaveLength(1));
    expect((await batches())[0]!.items[0]!.shortMessage).toBe(TEST_SENDER_BODY);
  });

  it("says before sending that 'TEST' reaches only the account's own number, and queues nothing to others", async () => {
    const { user } = await renderSendForm({ senderidapproved: 'TEST', telnumber: '233241234567' });
    screen.getByText(
      'TEST sends a notice to apply for your own sender ID instead of your text, and only to your own number (024 123 4567)',
    );
    await user.type(field('Mobile numbers'), '0241234567, 0241000001');
    await user.type(field('Message'), 'Real text');
    await submit(user, 'Send Message');
    await screen.findByText(testSenderOwnNumberOnly('233241234567'));
    expect(await jobs()).toHaveLength(0);
  });

  it('asks before a send to more than 100 recipients, with its cost and the balance after; Go back sends nothing', async () => {
    const many = Array.from({ length: 120 }, (_, i) => `0241${String(i).padStart(6, '0')}`).join(',');
    const { user } = await renderSendForm(
      { senderidapproved: 'DEMO', creditbalance: 5000 },
      { senderId: 'DEMO', numbers: many, text: 'Our shop opens at 9' },
    );
    await waitFor(() => expect(screen.getByTestId('send-cost').textContent).toContain('120 SMS credits'));
    await submit(user, 'Send Message');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this send' });
    expect(
      within(dialog)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Recipients120', 'Messages per recipient1', 'Cost120 SMS credits', 'Balance after4,880 SMS credits']);
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await jobs()).toHaveLength(0);
    expect((field('Message') as HTMLTextAreaElement).value).toBe('Our shop opens at 9');

    await submit(user, 'Send Message');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send Message' }));
    await waitFor(async () => expect(await jobs()).toHaveLength(1));
    expect((await jobs())[0]).toMatchObject({ total: 120 });
  });

  it('sends a small send at once, without asking', async () => {
    const { user } = await renderSendForm(
      { senderidapproved: 'DEMO' },
      { senderId: 'DEMO', numbers: '0241000001', text: 'Hi' },
    );
    await submit(user, 'Send Message');
    await waitFor(async () => expect(await jobs()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("lists exactly the approved IDs: none approved, none offered, and 'Please select sender ID for this messge'", async () => {
    const { user } = await renderSendForm({ senderidapproved: '' });
    expect(select('Sender ID').value).toBe('');
    await user.type(field('Mobile numbers'), '0241000001');
    await user.type(field('Message'), 'Real text');
    await submit(user, 'Send Message');
    await screen.findByText('Please select sender ID for this messge');
    expect(await batches()).toHaveLength(0);
  });

  it('restores the draft, and saves what is typed', async () => {
    const draft = {
      messageType: 'scheduled',
      senderId: 'ALERTS',
      numbers: '0241',
      text: 'Saved text',
      campaign: 'Draft',
    };
    const { user } = await renderSendForm({ senderidapproved: 'DEMO,ALERTS' }, draft);
    expect(select('Message type').value).toBe('Scheduled SMS');
    expect(select('Sender ID').value).toBe('ALERTS');
    expect((field('Message') as HTMLTextAreaElement).value).toBe('Saved text');
    await user.type(field('Message'), '!');
    await waitFor(async () => expect((await db.drafts.get(PROFILE))?.fields.text).toBe('Saved text!'), {
      timeout: 3000,
    });
  });

  it('switches unicode on and off as the text changes, and replaces typographic characters', async () => {
    const { user } = await renderSendForm({ senderidapproved: 'DEMO' });
    const flag = () => screen.getByTestId('unicode-flag').textContent;
    await user.type(field('Message'), 'Café');
    expect(flag()).toBe('Unicode off');
    expect(screen.getByTestId('sms-counter').textContent).toContain('4 / 160 characters');
    await user.type(field('Message'), ' “ok”');
    expect(flag()).toBe('Unicode on');
    expect(screen.getByLabelText('Characters that need unicode').textContent).toContain('“');
    await user.click(screen.getByRole('button', { name: 'Replace typographic characters' }));
    expect((field('Message') as HTMLTextAreaElement).value).toBe('Café "ok"');
    expect(flag()).toBe('Unicode off');
  });
});

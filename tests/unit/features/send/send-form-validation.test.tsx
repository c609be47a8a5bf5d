import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import {
  BIRTHDAY_DATE_REQUIRED,
  EMPTY_MESSAGE,
  INVALID_DATE,
  NO_NUMBERS,
  NO_PHONE_BOOK,
  PERSONALIZED_NEEDS_CONTACTS,
  RECURRING_INTERVAL_REQUIRED,
  RECURRING_INTERVAL_TOO_LONG,
  SENDER_ID_REQUIRED,
  UPLOAD_EXCEL,
} from '../../../../src/domain/send/send-form';
import { notEnoughCredit } from '../../../../src/domain/send/send-cost';
import { stubFetch } from '../../support/fetch-stub';
import { choose, expectProblem, field, jobs, renderSendForm, resetDb, select, submit } from './send-helpers';

describe('send form: each validation message, in order', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await resetDb();
    stubFetch(() => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a sender ID when there are several to choose from', async () => {
    const { user, alerts } = await renderSendForm({ senderidapproved: 'DEMO,ALERTS' });
    await user.type(field('Mobile numbers'), '0241000001');
    await user.type(field('Message'), 'Hello');
    await submit(user);
    await expectProblem(alerts, SENDER_ID_REQUIRED);
    expect(await jobs()).toEqual([]);
  });

  it('preselects the only approved sender ID', async () => {
    await renderSendForm({ senderidapproved: 'SOLO' });
    expect(select('Sender ID').value).toBe('SOLO');
  });

  it('asks for a phone book', async () => {
    const { user, alerts } = await renderSendForm({ senderidapproved: 'DEMO' });
    await choose(user, 'Contact source', 'Phone book');
    await submit(user);
    await expectProblem(alerts, NO_PHONE_BOOK);
  });

  it('asks for an excel sheet', async () => {
    const { user, alerts } = await renderSendForm({ senderidapproved: 'DEMO' });
    await choose(user, 'Contact source', 'Excel or CSV file');
    await submit(user);
    await expectProblem(alerts, UPLOAD_EXCEL);
  });

  it('asks for a valid date on a scheduled send, and labels the button by type', async () => {
    const { user, alerts } = await renderSendForm({ senderidapproved: 'DEMO' });
    await choose(user, 'Message type', 'Scheduled SMS');
    await user.type(field('Mobile numbers'), '0241000001');
    await user.type(field('Message'), 'Hello');
    await submit(user, 'Register scheduled sms');
    await expectProblem(alerts, INVALID_DATE);
  });

  it('asks for a birthday date on a manual birthday send', async () => {
    const { user, alerts } = await renderSendForm({ senderidapproved: 'DEMO' });
    await choose(user, 'Message type', 'Birthday Message');
    await user.type(field('Mobile numbers'), '0241000001');
    await submit(user, 'Register birthday sms');
    await expectProblem(alerts, BIRTHDAY_DATE_REQUIRED);
  });

  it('asks for a recurring interval', async () => {
    const draft = {
      messageType: 'recurring',
      senderId: 'DEMO',
      date: '2030-01-01 10:15:00',
      numbers: '0241000001',
      text: 'Hi',
    };
    const { user, alerts } = await renderSendForm({ senderidapproved: 'DEMO' }, draft);
    expect(screen.getByRole('button', { name: 'Register recurring sms' })).toBeTruthy();
    await submit(user);
    await expectProblem(alerts, RECURRING_INTERVAL_REQUIRED);
  });

  it('refuses a recurring interval of more than ten years before it is queued', async () => {
    const draft = {
      messageType: 'recurring',
      senderId: 'DEMO',
      date: '2030-01-01 10:15:00',
      recurringPeriod: 'Daily',
      recurringInterval: '1000000000',
      numbers: '0241000001',
      text: 'Hi',
    };
    const { user, alerts } = await renderSendForm({ senderidapproved: 'DEMO' }, draft);
    await submit(user, 'Register recurring sms');
    await expectProblem(alerts, RECURRING_INTERVAL_TOO_LONG);
  });

  it('refuses personalized sends typed by hand (an older draft)', async () => {
    const draft = {
      subtype: 'personalized',
      source: 'manual',
      senderId: 'DEMO',
      numbers: '0241000001',
      text: 'Hi {name}',
    };
    const { user, alerts } = await renderSendForm({ senderidapproved: 'DEMO' }, draft);
    await submit(user);
    await expectProblem(alerts, PERSONALIZED_NEEDS_CONTACTS);
  });

  it('asks for numbers, then for a message', async () => {
    const { user, alerts } = await renderSendForm({ senderidapproved: 'DEMO' });
    await submit(user);
    await expectProblem(alerts, NO_NUMBERS);
    await user.type(field('Mobile numbers'), '0241000001');
    await submit(user);
    await expectProblem(alerts, EMPTY_MESSAGE);
  });

  it('refuses a send the balance does not cover, saying what it costs', async () => {
    const { user, alerts } = await renderSendForm({ senderidapproved: 'DEMO', creditbalance: 1 });
    await user.type(field('Mobile numbers'), '0241000001, 0241000002');
    await user.type(field('Message'), 'Hello');
    expect((await screen.findByTestId('credit-problem')).textContent).toContain(notEnoughCredit(2, 1));
    // The box leads to where credit is bought.
    expect(
      within(screen.getByTestId('credit-problem')).getByRole('link', { name: 'Buy SMS credits' }).getAttribute('href'),
    ).toBe('/purchasesms');
    await submit(user);
    // Said once: the summary's box already says it; no second box beside the button, no alert.
    await screen.findByTestId('credit-problem');
    expect(screen.queryByTestId('send-problem')).toBeNull();
    expect(screen.getAllByText(notEnoughCredit(2, 1), { exact: false })).toHaveLength(1);
    expect(alerts).not.toContain(notEnoughCredit(2, 1));
    expect(await jobs()).toEqual([]);
  });
});

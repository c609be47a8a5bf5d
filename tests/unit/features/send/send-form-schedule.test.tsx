import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { stubFetch } from '../../support/fetch-stub';
import { renderSendForm, resetDb } from './send-helpers';

const recurring = (date: string, recurringPeriod: string, recurringInterval: string) => ({
  messageType: 'recurring',
  senderId: 'DEMO',
  numbers: '0241000001',
  text: 'Hi',
  date,
  recurringPeriod,
  recurringInterval,
});

describe('send form: when a scheduled or recurring message goes out', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await resetDb();
    stubFetch(() => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says the time a picked day will use, naming midnight when no time was chosen', async () => {
    const { off } = await renderSendForm({ senderidapproved: 'DEMO' }, recurring('2030-01-01 00:00:00', 'Daily', ''));
    expect(
      screen.getByText('Sends Tue 1 Jan 2030, 00:00 (midnight: choose another time in the picker to change it)'),
    ).toBeTruthy();
    // No interval yet: no runs to show.
    expect(screen.queryByTestId('next-runs')).toBeNull();
    off();
  });

  it('shows the next three runs under the period and interval', async () => {
    const { off } = await renderSendForm(
      { senderidapproved: 'DEMO' },
      recurring('2030-01-31 10:15:00', 'Monthly', '1'),
    );
    expect(screen.getByText('Sends Thu 31 Jan 2030, 10:15')).toBeTruthy();
    // Month ends do not drift: the 31st falls on each month's last day.
    expect(screen.getByTestId('next-runs').textContent).toBe(
      'Then: Thu 28 Feb 2030, 10:15 · Sun 31 Mar 2030, 10:15 · Tue 30 Apr 2030, 10:15',
    );
    off();
  });
});

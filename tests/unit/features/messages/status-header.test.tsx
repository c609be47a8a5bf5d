// The status page's header and its chart by network after one recipient's data was erased
// (docs/product.md#delivery-status, docs/compliance.md#a-persons-data).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { db } from '../../../../src/db/db';
import { saveSignIn } from '../../../../src/db/session-store';
import { StatusScreen } from '../../../../src/features/messages/status-screen';
import { makeUser } from '../../domain/factories';
import { renderApp } from '../../support/render-app';
import { stubFetch } from '../../support/fetch-stub';

const TOTALS = { sent: 2, failed: 0, pending: 0, optedOut: 0, total: 2, waiting: 0 };
const CAMPAIGN = {
  message_id: 8,
  messageDescription: 'Orders',
  shortMessage: 'Your order is ready',
  sourceAddress: 'DEMO',
  messageType: 'quick sms',
  username: 'demouser',
  messageSentTime: '2026-11-20T10:00:00.000Z',
};
const REPORT = {
  funnel: { submitted: 2, delivered: 2, failed: 0, pending: 0, optedOut: 0 },
  networks: [
    { network: 'mtn', label: 'MTN', sent: 0, failed: 0, pending: 0, optedOut: 0, total: 0 },
    { network: 'telecel', label: 'Telecel', sent: 1, failed: 0, pending: 0, optedOut: 0, total: 1 },
  ],
  erased: 1,
  reasons: [],
  deliveryTime: { delivered: 2, median: 5, p90: 5 },
  credits: 2,
};

describe('status page after an erasure', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
    await saveSignIn(makeUser({ profile_id: 301 }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names the message from the gateway’s answer, and leaves the erased row out of the networks, saying so', async () => {
    stubFetch((url) => {
      if (url.includes('/status/')) {
        const status = [
          { id: 1, mobilenumber: '*********550', status: 'SENT', statusnumber: 1, referencekey: 'a-0', index: 0 },
          { id: 2, mobilenumber: '233201000560', status: 'SENT', statusnumber: 1, referencekey: 'a-1', index: 1 },
        ];
        return { body: { status, page: 1, size: 5, matching: 2, totals: TOTALS, cursor: 1, campaign: CAMPAIGN } };
      }
      if (url.includes('/messagereport/')) return { body: { report: REPORT } };
      return undefined;
    });
    // Opened by its link alone: the device holds no copy of the dashboard's item.
    renderApp(null, {
      path: '/dashboard/8',
      routes: [{ path: '/dashboard/:id', element: <StatusScreen view="personal" /> }],
    });
    const header = await screen.findByTestId('status-header');
    expect(within(header).getByText('Orders')).toBeTruthy();
    expect(within(header).getByText('Your order is ready')).toBeTruthy();
    expect(within(header).getByText('From DEMO · sent 2026-11-20 10:00')).toBeTruthy();

    const networks = await screen.findByRole('table', { name: 'Recipients by network' });
    expect(
      within(networks)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.firstChild?.textContent),
    ).toEqual(['Telecel']);
    expect(screen.getByTestId('network-erased').textContent).toBe(
      '1 erased recipient is counted in the totals, under no network',
    );
  });
});

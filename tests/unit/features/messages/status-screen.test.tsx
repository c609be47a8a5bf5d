import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../../src/db/db';
import { saveSignIn } from '../../../../src/db/session-store';
import { StatusScreen } from '../../../../src/features/messages/status-screen';
import { makeUser } from '../../domain/factories';
import { renderApp } from '../../support/render-app';
import { stubFetch } from '../../support/fetch-stub';

const STATUSES = [
  'SENT',
  'SENT',
  'FAILED',
  'SENT',
  'PENDING',
  'SENT',
  'SENT',
  'FAILED',
  'SENT',
  'SENT',
  'SENT',
  'SENT',
];
const rows = STATUSES.map((status, i) => ({
  id: i + 1,
  mobilenumber: `23324100${String(i).padStart(4, '0')}`,
  status,
  statusnumber: 0,
  referencekey: `ref${i}`,
}));

const REPORT = {
  funnel: { submitted: 12, delivered: 9, failed: 2, pending: 1, optedOut: 0 },
  networks: [{ network: 'mtn', label: 'MTN', sent: 9, failed: 2, pending: 1, optedOut: 0, total: 12 }],
  reasons: [{ reason: 'The number does not exist on the network', count: 2 }],
  deliveryTime: { delivered: 9, median: 10, p90: 30 },
  credits: 12,
};

describe('message status page', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
    await saveSignIn(makeUser({ profile_id: 301 }));
  });
  afterEach(() => vi.unstubAllGlobals());

  /** status/{id} as the gateway pages it: search and filter, then the page asked for, with totals. */
  function statusAnswer(body: { page?: number; size?: number; search?: string; since?: number }) {
    const totals = {
      sent: STATUSES.filter((s) => s === 'SENT').length,
      failed: STATUSES.filter((s) => s === 'FAILED').length,
      pending: STATUSES.filter((s) => s === 'PENDING').length,
      optedOut: 0,
      total: STATUSES.length,
      waiting: 0,
    };
    if (body.since !== undefined) return { changes: [], cursor: body.since, more: false, totals };
    const needle = (body.search ?? '').toLowerCase();
    const found = rows.filter(
      (r) => !needle || r.mobilenumber.includes(needle) || r.status.toLowerCase().includes(needle),
    );
    const size = body.size ?? 5;
    const page = body.page ?? 1;
    return {
      status: found.slice((page - 1) * size, page * size),
      page,
      size,
      matching: found.length,
      totals,
      cursor: 1,
    };
  }

  function renderStatus(view: 'personal' | 'client', path: string) {
    const fetch = stubFetch((url, init) => {
      if (url.includes('/status/')) return { body: statusAnswer(JSON.parse(String(init?.body ?? '{}'))) };
      if (url.includes('/messagereport/')) return { body: { report: REPORT } };
      return undefined;
    });
    const base = view === 'personal' ? '/dashboard' : '/clientdashboard';
    return {
      fetch,
      ...renderApp(null, { path, routes: [{ path: `${base}/:id`, element: <StatusScreen view={view} /> }] }),
    };
  }

  it('shows totals and the table five rows a page, with page sizes 5, 10 and 25', async () => {
    const { user, fetch } = renderStatus('personal', '/dashboard/AbcDef');
    expect(await screen.findByTestId('total-sent')).toBeTruthy();
    expect(fetch.mock.calls[0]![0]).toBe('/smsgateway/api/frontend/status/AbcDef');
    // A page at a time: never the whole list.
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({ profile_id: 301, page: 1, size: 5 });
    expect(screen.getByTestId('total-sent').textContent).toBe('9');
    expect(screen.getByTestId('total-failed').textContent).toBe('2');
    expect(screen.getByTestId('total-pending').textContent).toBe('1');
    expect(screen.getByTestId('total-total').textContent).toBe('12');
    const table = screen.getByRole('table', { name: 'Delivery status' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Mobile number', 'Status']);
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    // SENT reads Delivered to a person, in the totals, the rows and the filter; the wire keeps SENT.
    expect(screen.getByRole('group', { name: 'Delivered 9' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1, 4)
        .map((r) => within(r).getAllByRole('cell')[1]!.textContent),
    ).toEqual(['Delivered', 'Delivered', 'Failed']);
    expect(within(table).getAllByRole('row')[5]!.textContent).toContain('Pending');
    expect(within(table).queryByText('SENT')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['5', '10', '25']);
    await user.click(screen.getByRole('option', { name: '25' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(13));
    await user.click(screen.getByRole('combobox', { name: 'Show' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All statuses',
      'Delivered',
      'Failed',
      'Pending',
      'Opted out',
    ]);
    await user.click(screen.getByRole('option', { name: 'Delivered' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => String(init?.body).includes('"filter":"sent"'))).toBe(true),
    );
  });

  it('searches on the gateway and offers the export on the own version only', async () => {
    const { user, unmount } = renderStatus('personal', '/dashboard/1');
    await screen.findByTestId('total-sent');
    expect(screen.getByRole('button', { name: 'Export status report (Excel)' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'failed');
    const table = screen.getByRole('table', { name: 'Delivery status' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    unmount();
    renderStatus('client', '/clientdashboard/1');
    await screen.findByTestId('total-sent');
    expect(screen.queryByRole('button', { name: 'Export status report (Excel)' })).toBeNull();
    // The report above the rows: its place kept (busy) while it loads, then its figures in text.
    const placeholder = await screen.findByRole('region', { name: 'Delivery report' });
    expect(placeholder.getAttribute('aria-busy')).toBe('true');
    await screen.findByText('The number does not exist on the network: 2');
    const report = screen.getByRole('region', { name: 'Delivery report' });
    expect(report.getAttribute('aria-busy')).toBe('false');
    expect(within(report).getByText('The number does not exist on the network: 2')).toBeTruthy();
    expect(within(report).getByText('Delivered: 9 (75%)')).toBeTruthy();
    expect(within(report).getByText('Half were delivered within 10 seconds')).toBeTruthy();
    expect(within(report).getByText('9 in 10 were delivered within 30 seconds')).toBeTruthy();
  });

  it('says the statuses need a connection when offline', async () => {
    stubFetch(() => undefined);
    renderApp(null, {
      path: '/dashboard/1',
      routes: [{ path: '/dashboard/:id', element: <StatusScreen view="personal" /> }],
    });
    expect(await screen.findByText(/Delivery statuses need a connection/)).toBeTruthy();
  });
});

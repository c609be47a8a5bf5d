import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { db } from '../../../../src/db/db';
import { saveSignIn } from '../../../../src/db/session-store';
import { LIST_CALLS, type CreditListName } from '../../../../src/api/list-api';
import { toStoredItems } from '../../../../src/sync/list-sync';
import { CreditHistoryScreen } from '../../../../src/features/purchase/credit-history-screen';
import { makeUser } from '../../domain/factories';
import { renderApp } from '../../support/render-app';
import { stubFetch } from '../../support/fetch-stub';

const payment = (id: string, over: Record<string, unknown> = {}) => ({
  paymentid: id,
  amount: 100,
  currency: 'GHS',
  date: '2026-05-01T10:00:00.000Z',
  previousbalance: 10,
  balanceadded: 3760,
  newbalance: 3770,
  paymentassist: '',
  description: 'SMS credit purchase',
  ...over,
});

async function store(profileId: number, list: CreditListName, items: Record<string, unknown>[]) {
  const valid = items.map((data) => LIST_CALLS[list].schema.parse(data));
  await db.listItems.bulkPut(toStoredItems(profileId, list, valid));
  await db.listState.put({
    profile_id: profileId,
    list,
    pageNum: 1,
    search: '',
    visited: true,
    done: true,
    refreshedAt: 0,
  });
}

describe('the admin’s credit history', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('names its two histories for what they show, each with a note, and switches between them', async () => {
    await saveSignIn(makeUser({ profile_id: 401, isAdmin: true }));
    await store(401, 'credit-own', [payment('OWN-1', { amount: 50 })]);
    await store(401, 'credit-client', [
      payment('CL-1', { username: 'clientone', email: 'one@example.com', telnumber: '', supid: 401 }),
    ]);
    stubFetch(() => undefined);
    const { user } = renderApp(<CreditHistoryScreen tabs />, { path: '/clientcredithistory' });
    await screen.findByRole('radiogroup', { name: 'Whose history' });
    // Each name finds exactly one radio (getByRole refuses two), and there are only these two.
    expect(screen.getByRole('radio', { name: 'P: My purchases' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'C: Clients’ purchases' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByText('Credits bought for your own account, and credit given to it')).toBeTruthy();
    expect(await screen.findByText('GHS 50.00 purchase')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'C: Clients’ purchases' }));
    expect(await screen.findByText('Credits your clients bought, and credit you gave them')).toBeTruthy();
    expect(await screen.findByText('clientone · one@example.com')).toBeTruthy();
    expect(screen.queryByText('GHS 50.00 purchase')).toBeNull();
  });
});

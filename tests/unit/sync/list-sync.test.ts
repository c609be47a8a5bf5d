// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../src/db/db';
import { sendSms } from '../../../src/api/send-api';
import { readListRows, readListState } from '../../../src/db/list-store';
import { loadNextPage, refreshList, searchList } from '../../../src/sync/list-sync';
import { earlyListAsked, loadMore, open, openListEarly } from '../../../src/sync/list-loader';
import { paginatorFor } from '../../../src/sync/paginator';
import { numbersFrom, quickItem, signInAs, startLiveGateway, type LiveGateway } from '../outbox/support/live-gateway';
import { resetDevice } from '../outbox/support/drain-helpers';

const LIST = '/smsgateway/api/frontend/quickrequest';

describe('list mirrors against the real gateway', () => {
  let live: LiveGateway;
  let profileId: number;
  let credential: string;
  const send = async (n: number, text: string) => {
    for (let i = 0; i < n; i += 1) {
      live.gw.clock.advance(1000);
      await sendSms(credential, [quickItem(numbersFrom(i, 1), { shortMessage: `${text} ${i}` })]);
    }
  };
  const listCalls = () => live.requests.filter((r) => r.path === LIST).length;
  const gatewayOrder = async () =>
    (
      await live.gw.ctx.db
        .selectFrom('messages')
        .select('id')
        .where('profile_id', '=', profileId)
        .where('list', '=', 'bulk')
        .orderBy('id', 'desc')
        .execute()
    ).map((r) => String(r.id));

  beforeEach(async () => {
    await resetDevice();
    live = await startLiveGateway();
    const user = await signInAs(live);
    profileId = user.profile_id;
    credential = user.token;
    await send(45, 'Batch');
  });
  afterEach(() => live.close());

  it('pages 20 at a time into the device, newest first, and marks the end', async () => {
    const total = (await gatewayOrder()).length;
    const pages = Math.ceil(total / 20);
    for (let i = 1; i <= pages; i += 1) await loadNextPage('quick-own');
    const state = await readListState(profileId, 'quick-own');
    expect(state).toMatchObject({ pageNum: pages, visited: true, done: true, search: '' });
    expect((await readListRows(profileId, 'quick-own', '')).map((r) => r.itemId)).toEqual(await gatewayOrder());
    const calls = listCalls();
    await loadNextPage('quick-own');
    expect(listCalls()).toBe(calls);
  });

  it('stores a message once however often its page is loaded', async () => {
    await loadNextPage('quick-own');
    await searchList('quick-own', '');
    await loadNextPage('quick-own');
    await searchList('quick-own', '');
    const rows = await readListRows(profileId, 'quick-own', '');
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.itemId)).size).toBe(40);
  });

  it('refresh brings in new messages at the top without dropping stored ones or moving the page', async () => {
    await loadNextPage('quick-own');
    await loadNextPage('quick-own');
    await send(3, 'Late');
    const state = await refreshList('quick-own');
    expect(state.pageNum).toBe(2);
    const rows = await readListRows(profileId, 'quick-own', '');
    expect(rows).toHaveLength(43);
    expect(rows.slice(0, 3).map((r) => r.data.shortMessage)).toEqual(['Late 2', 'Late 1', 'Late 0']);
    await loadNextPage('quick-own');
    expect((await readListRows(profileId, 'quick-own', '')).map((r) => r.itemId).slice(0, 60)).toEqual(
      (await gatewayOrder()).slice(0, 60),
    );
  });

  it('a refresh that finds nothing new writes nothing, so the screens showing the list do not read it again', async () => {
    await loadNextPage('quick-own');
    const before = await readListState(profileId, 'quick-own');
    const bulkPut = vi.spyOn(db.listItems, 'bulkPut');
    const statePut = vi.spyOn(db.listState, 'put');
    try {
      live.gw.clock.advance(5000);
      expect(await refreshList('quick-own', before.refreshedAt + 5000)).toEqual(before);
      expect(bulkPut).not.toHaveBeenCalled();
      expect(statePut).not.toHaveBeenCalled();
      await send(1, 'Late');
      await refreshList('quick-own');
      expect(bulkPut.mock.calls.map(([rows]) => rows.length)).toEqual([1]);
    } finally {
      bulkPut.mockRestore();
      statePut.mockRestore();
    }
    expect(await readListState(profileId, 'quick-own')).toEqual(before);
  });

  it('a refresh that finds more new messages than it follows pages on from where it stopped, leaving no gap', async () => {
    await loadNextPage('quick-own');
    await send(130, 'Flood');
    const state = await refreshList('quick-own');
    expect(state).toMatchObject({ pageNum: 5, done: false });
    while (!(await readListState(profileId, 'quick-own')).done) await loadNextPage('quick-own');
    expect((await readListRows(profileId, 'quick-own', '')).map((r) => r.itemId)).toEqual(await gatewayOrder());
  }, 30_000);

  it('searches on the gateway and shows only matching stored rows', async () => {
    await loadNextPage('quick-own');
    await send(1, 'Needle');
    const state = await searchList('quick-own', 'needle');
    expect(state).toMatchObject({ search: 'needle', pageNum: 1, done: true });
    expect((await readListRows(profileId, 'quick-own', state.search)).map((r) => r.data.shortMessage)).toEqual([
      'Needle 0',
    ]);
  });

  it('runs one load at a time: three scroll triggers make one call', async () => {
    const before = listCalls();
    await Promise.all([
      loadMore(profileId, 'quick-own'),
      loadMore(profileId, 'quick-own'),
      loadMore(profileId, 'quick-own'),
    ]);
    expect(listCalls() - before).toBe(1);
    expect(paginatorFor(profileId, 'quick-own').snapshot().status).toBe('idle');
  });

  it("opens a dashboard as the app starts, and its screen's open joins that one: one call, its rows stored", async () => {
    const before = listCalls();
    await Promise.all([openListEarly('quick-own'), open(profileId, 'quick-own')]);
    expect(listCalls() - before).toBe(1);
    expect((await readListRows(profileId, 'quick-own', '')).map((r) => r.itemId)).toEqual(
      (await gatewayOrder()).slice(0, 20),
    );
    await open(profileId, 'quick-own');
    expect(listCalls() - before).toBe(2);
  });

  it("a dashboard's screen opening just after the app's early open ended takes its rows: no second call", async () => {
    const before = listCalls();
    await openListEarly('quick-own');
    await open(profileId, 'quick-own');
    expect(listCalls() - before).toBe(1);
    // Taken once: the next open (the screen shown again) refreshes.
    await open(profileId, 'quick-own');
    expect(listCalls() - before).toBe(2);
  });

  it("says when the early open's first page is on its way, before its answer: the app mounts then", async () => {
    let answer: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    live.intercept = async (path, init) => {
      if (path !== LIST) return undefined;
      await held;
      return live.forward(path, init);
    };
    const before = listCalls();
    const opened = openListEarly('quick-own');
    await earlyListAsked();
    expect(listCalls() - before).toBe(1);
    expect(await readListRows(profileId, 'quick-own', '')).toHaveLength(0);
    answer!();
    await opened;
    expect(await readListRows(profileId, 'quick-own', '')).toHaveLength(20);
  });

  it("a dashboard's screen asks again when the app's early open failed", async () => {
    live.intercept = () => {
      throw new TypeError('fetch failed');
    };
    await openListEarly('quick-own');
    expect(paginatorFor(profileId, 'quick-own').snapshot().status).toBe('error');
    live.intercept = null;
    const before = listCalls();
    await open(profileId, 'quick-own');
    expect(listCalls() - before).toBe(1);
    expect(await readListRows(profileId, 'quick-own', '')).toHaveLength(20);
  });

  it('keeps what is stored and reports the failure when the gateway cannot be reached', async () => {
    await loadNextPage('quick-own');
    live.intercept = () => {
      throw new TypeError('fetch failed');
    };
    await loadMore(profileId, 'quick-own');
    const snapshot = paginatorFor(profileId, 'quick-own').snapshot();
    expect(snapshot.status).toBe('error');
    expect(snapshot.error).toMatchObject({ kind: 'network' });
    expect(await readListRows(profileId, 'quick-own', '')).toHaveLength(20);
  });
});

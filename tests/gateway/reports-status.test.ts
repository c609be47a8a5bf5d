// status/{id} a page at a time (docs/api.md#a-messages-status): paging in recipient order, the status
// filter and search on the gateway, totals from the counters, each row's last status time and failure
// reason in words, the changes cursor (nothing missed, nothing repeated while receipts arrive), and
// the old whole-list answer for clients that send none of the new fields; deep pages by index range or
// after the previous page's last row, never by OFFSET.
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { fundedAccount, numbers, sendItem, sendSms } from './helpers/messaging';
import { ScriptConnector, receiptFor } from './helpers/script-connector';
import { mixedSend, status } from './helpers/reports';
import { tickCarrier } from '../../server/src/carrier/delivery';
import { CHANGES_LIMIT, statusPage, type StatusQuery } from '../../server/src/messaging/status-query';
import { seedBigSend } from './helpers/big-send';
import { tokenFor } from './helpers/test-app';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import type { GatewayContext } from '../../server/src/core/context';

/** Records every query a page makes, to see that none skips rows with OFFSET. */
function offsetWatch() {
  const offsets: RootOperationNode[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (node.kind === 'SelectQueryNode' && node.offset) offsets.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { plugin, offsets };
}

let gw: TestGateway | null = null;
afterEach(async () => {
  await gw?.close();
  gw = null;
});

describe('status/{id} a page at a time', () => {
  it('answers as before without the new fields: every row, the old row fields only', async () => {
    const { g, demo, id } = await mixedSend();
    gw = g;
    const res = await status(g, demo, id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['optedOut', 'posted', 'status', 'submitted']);
    expect(res.body.status).toHaveLength(14);
    expect(Object.keys(res.body.status[0]).sort()).toEqual([
      'id',
      'mobilenumber',
      'referencekey',
      'status',
      'statusnumber',
    ]);
    expect(res.body.status.slice(0, 5).map((r: { status: string }) => r.status)).toEqual([
      'SENT',
      'FAILED',
      'OPTED_OUT',
      'PENDING',
      'FAILED',
    ]);
  });

  it('pages in recipient order with totals from the counters, each row with its network, time and reason', async () => {
    const { g, demo, id } = await mixedSend();
    gw = g;
    const first = await status(g, demo, id, { page: 1, size: 5 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      page: 1,
      size: 5,
      matching: 14,
      totals: { sent: 10, failed: 2, pending: 1, optedOut: 1, total: 14, waiting: 1 },
      posted: 14,
    });
    expect(first.body.status.map((r: { index: number }) => r.index)).toEqual([0, 1, 2, 3, 4]);
    expect(
      first.body.status.map((r: Record<string, unknown>) => [r.mobilenumber, r.network, r.status, r.reason]),
    ).toEqual([
      ['233241000001', 'mtn', 'SENT', ''],
      ['233201000002', 'telecel', 'FAILED', 'The number is not a valid mobile number'],
      ['233261000003', 'airteltigo', 'OPTED_OUT', ''],
      ['233541000004', 'mtn', 'PENDING', ''],
      ['233271000005', 'airteltigo', 'FAILED', 'The number does not exist on the network'],
    ]);
    expect(first.body.status[0].statusTime).toBe(new Date(g.clock.now).toISOString());
    // The parts each recipient's text was billed as (the export's Parts and Cost columns).
    expect(first.body.status.map((r: { parts: number }) => r.parts)).toEqual([1, 1, 1, 1, 1]);
    const third = await status(g, demo, id, { page: 3, size: 5 });
    expect(third.body.status.map((r: { index: number }) => r.index)).toEqual([10, 11, 12, 13]);
    const ten = await status(g, demo, id, { page: 2, size: '10' });
    expect(ten.body.status).toHaveLength(4);
  });

  it('filters by status group and searches on the gateway, in recipient order', async () => {
    const { g, demo, id } = await mixedSend();
    gw = g;
    const failed = await status(g, demo, id, { filter: 'failed' });
    expect(failed.body.matching).toBe(2);
    expect(failed.body.status.map((r: { mobilenumber: string }) => r.mobilenumber)).toEqual([
      '233201000002',
      '233271000005',
    ]);
    const pending = await status(g, demo, id, { filter: 'pending', size: 25 });
    expect(pending.body.status.map((r: { mobilenumber: string }) => r.mobilenumber)).toEqual(['233541000004']);
    const optedOut = await status(g, demo, id, { filter: 'optedOut' });
    expect(optedOut.body.status.map((r: { status: string }) => r.status)).toEqual(['OPTED_OUT']);
    // A number as people type it finds it as stored; a search narrows the filter further.
    const typed = await status(g, demo, id, { search: '050 100 0011' });
    expect(typed.body.matching).toBe(1);
    expect(typed.body.status[0].mobilenumber).toBe('233501000011');
    const both = await status(g, demo, id, { search: '0501', filter: 'sent', size: 5, page: 2 });
    expect(both.body.matching).toBe(9);
    expect(both.body.status.map((r: { index: number }) => r.index)).toEqual([10, 11, 12, 13]);
    // Words look in the status names, as the table shows them.
    const words = await status(g, demo, id, { search: 'opted out' });
    expect(words.body.status.map((r: { mobilenumber: string }) => r.mobilenumber)).toEqual(['233261000003']);
    expect((await status(g, demo, id, { search: 'Failed' })).body.matching).toBe(2);
    // SENT shows as Delivered: the word people see finds it, as does the old name.
    expect((await status(g, demo, id, { search: 'Delivered' })).body.matching).toBe(10);
    expect((await status(g, demo, id, { search: 'deliv' })).body.matching).toBe(10);
    expect((await status(g, demo, id, { search: 'sent' })).body.matching).toBe(10);
    const none = await status(g, demo, id, { search: '0501', filter: 'failed' });
    expect(none.body).toMatchObject({ matching: 0, status: [] });
  });

  it('refuses a page size other than 5, 10 or 25 and an unknown filter with a 400 in words', async () => {
    const { g, demo, id } = await mixedSend();
    gw = g;
    const big = await status(g, demo, id, { size: 100 });
    expect(big.status).toBe(400);
    expect(JSON.stringify(big.body)).toContain('Invalid request: size must be 5, 10 or 25 (1000 for an export)');
    const filter = await status(g, demo, id, { filter: 'lost' });
    expect(filter.status).toBe(400);
    expect(JSON.stringify(filter.body)).toContain('filter must be sent, failed, pending or optedOut');
    expect((await status(g, demo, id, { page: 0 })).status).toBe(400);
  });

  it('a look while nothing changes costs a few hundred bytes', async () => {
    const { g, demo, id } = await mixedSend();
    gw = g;
    const first = await status(g, demo, id, { page: 1, size: 5 });
    const look = await g.app.inject({
      method: 'POST',
      url: `/smsgateway/api/frontend/status/${id}`,
      payload: { profile_id: demo.profile_id, since: first.body.cursor },
      headers: { host: 'localhost', authorization: `Bearer ${demo.token}` },
    });
    expect(look.json()).toMatchObject({
      changes: [],
      cursor: first.body.cursor,
      more: false,
      totals: first.body.totals,
    });
    expect(look.rawPayload.length).toBeLessThan(2048);
  });

  it('the changes cursor misses and repeats nothing while receipts arrive between looks', async () => {
    const carrier = new ScriptConnector('default');
    gw = await makeTestApp({ connector: carrier, carrierDelayMs: 0 });
    await tickCarrier(gw.ctx);
    carrier.ledger.length = 0;
    const demo = await fundedAccount(gw, 'demouser', 100_000);
    const count = CHANGES_LIMIT * 2 + 150;
    const res = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: numbers(count) })]);
    const id = res.body.message_id as number;
    let cursor = (await status(gw, demo, id, { page: 1 })).body.cursor as number;
    await tickCarrier(gw.ctx);
    const parts = carrier.ledger.splice(0);
    expect(parts).toHaveLength(count);
    const seen = new Map<string, string>();
    let repeats = 0;
    const look = async () => {
      for (;;) {
        const answer = (await status(gw!, demo, id, { since: cursor })).body;
        for (const row of answer.changes as { mobilenumber: string; status: string }[]) {
          if (seen.has(row.mobilenumber)) repeats += 1;
          seen.set(row.mobilenumber, row.status);
        }
        expect(answer.cursor).toBeGreaterThanOrEqual(cursor);
        cursor = answer.cursor;
        if (!answer.more) return answer;
      }
    };
    // Receipts arrive in uneven batches, some between two looks, some while the look pages on.
    for (let start = 0; start < parts.length;) {
      const size = 1 + ((start * 7919) % 400);
      const batch = parts.slice(start, start + size);
      start += size;
      await carrier.receipts(
        batch.map((p, i) => receiptFor(`c${p.partId}`, p.to, i % 5 === 0 ? 'UNDELIV' : 'DELIVRD')),
      );
      await tickCarrier(gw.ctx);
      if (start % 3 !== 0) await look();
    }
    const last = await look();
    expect(repeats).toBe(0);
    expect(seen.size).toBe(count);
    expect([...seen.values()].every((s) => s === 'SENT' || s === 'FAILED')).toBe(true);
    expect(last.totals).toMatchObject({ pending: 0, total: count });
    expect(last.totals.sent + last.totals.failed).toBe(count);
  });

  it('reads a deep page from its range of indexes, and a filtered page after the previous one, never by OFFSET', async () => {
    gw = await makeTestApp();
    const { messageId } = await seedBigSend(gw.ctx.db, { username: 'demouser', count: 5000, now: gw.clock.now });
    const message = await gw.ctx.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', messageId)
      .executeTakeFirstOrThrow();
    const watch = offsetWatch();
    const watched = {
      ...gw.ctx,
      db: Object.assign(gw.ctx.db.withPlugin(watch.plugin), { dialectName: gw.ctx.db.dialectName }),
    };
    const pageOf = async (ctx: GatewayContext, q: StatusQuery) => {
      const answer = await statusPage(ctx, message, q);
      if (!answer.status) throw new Error('not a page');
      return answer.status.map((r) => [r.index, r.status]);
    };
    expect(await pageOf(watched, { page: 200, size: 25 })).toEqual(
      Array.from({ length: 25 }, (_, i) => [4975 + i, expect.any(String)]),
    );
    expect(await pageOf(watched, { page: 201, size: 25 })).toEqual([]);
    const failed = await pageOf(watched, { filter: 'failed', size: 25 });
    const after = failed.at(-1)![0] as number;
    const next = await pageOf(watched, { filter: 'failed', size: 25, page: 2, after });
    expect(watch.offsets).toEqual([]);
    // The same rows as counting them off gives.
    const counted = await pageOf(gw.ctx, { filter: 'failed', size: 25, page: 2 });
    expect(next).toEqual(counted);
    expect(next).toHaveLength(25);
    expect(next.every(([, s]) => s === 'FAILED')).toBe(true);
    const demo = await tokenFor(gw, 'demouser');
    const api = await status(gw, demo, messageId, { filter: 'failed', size: 25, page: 2, after });
    expect(api.body.status.map((r: { index: number; status: string }) => [r.index, r.status])).toEqual(counted);
  });

  it('pages a message whose indexes have gaps exactly, counting rows off', async () => {
    const { g, demo, id } = await mixedSend();
    gw = g;
    // As a birthday run keeps its registration's indexes: 0, 2, 4, … 12, then 1001, 1003, … 1013.
    await g.ctx.db
      .updateTable('message_recipients')
      .set((eb) => ({ recipient_index: eb('recipient_index', '+', eb(eb('recipient_index', '%', 2), '*', 1000)) }))
      .where('message_id', '=', id)
      .execute();
    const pages = await Promise.all([1, 2, 3].map((page) => status(g, demo, id, { page, size: 5 })));
    expect(pages.map((p) => p.body.status.map((r: { index: number }) => r.index))).toEqual([
      [0, 2, 4, 6, 8],
      [10, 12, 1001, 1003, 1005],
      [1007, 1009, 1011, 1013],
    ]);
  });

  it('pages a filter on after the previous page while receipts arrive: nothing missed, nothing repeated', async () => {
    const carrier = new ScriptConnector('default');
    gw = await makeTestApp({ connector: carrier, carrierDelayMs: 0 });
    await tickCarrier(gw.ctx);
    carrier.ledger.length = 0;
    const demo = await fundedAccount(gw, 'demouser', 10_000);
    const count = 60;
    const res = await sendSms(gw, demo.apikey, [sendItem({ destinationAddress: numbers(count) })]);
    const id = res.body.message_id as number;
    await tickCarrier(gw.ctx);
    const parts = carrier.ledger.splice(0);
    expect(parts).toHaveLength(count);
    const byNumber = new Map(parts.map((p) => [p.to, p]));
    const delivered = new Set<string>();
    const seen: string[] = [];
    let after: number | undefined;
    for (let page = 1; ; page += 1) {
      const answer = (
        await status(gw, demo, id, { filter: 'pending', size: 5, page, ...(after === undefined ? {} : { after }) })
      ).body;
      const rows = answer.status as { mobilenumber: string; index: number }[];
      if (rows.length === 0) break;
      seen.push(...rows.map((r) => r.mobilenumber));
      after = rows.at(-1)!.index;
      // Between two pages the rows just shown are delivered, and every seventh number further on.
      const now = [
        ...rows.map((r) => r.mobilenumber),
        ...numbers(count)
          .split(',')
          .filter((_, i) => i > after! && i % 7 === 0),
      ].filter((n) => !delivered.has(n));
      now.forEach((n) => delivered.add(n));
      await carrier.receipts(now.map((n) => receiptFor(`c${byNumber.get(n)!.partId}`, n, 'DELIVRD')));
    }
    expect(new Set(seen).size).toBe(seen.length);
    // Every number still pending when its place came was shown; those delivered before it was not.
    const expected = numbers(count)
      .split(',')
      .filter((_, i) => i % 7 !== 0 || i < 5);
    expect(seen).toEqual(expected);
  });
});

import { sql } from 'kysely';
import { campaignTitle } from '../../../src/domain/messages/message-kinds';
import type { GatewayContext } from '../core/context';
import type { MessageRow } from '../db/schema-messaging';
import { DAY_MS, formatAccra } from '../../../src/domain/dates';
import { percentileSeconds, totalsOf, type CounterRow } from '../../../src/domain/messages/delivery-report';
import { failureReason } from '../../../src/domain/messages/failure-reasons';
import { statusGroup } from '../../../src/domain/messages/message-status';
import { ERASED, NETWORK_LABELS, NETWORKS, type CounterNetwork } from '../../../src/domain/numbers/networks';
import type { CallAnswer } from '../../../src/domain/contract/call';
import type { MESSAGE_REPORT, OVERVIEW } from '../../../src/domain/contract/reports';
import { dailyCounters, deliveryTimes, messageCounters } from './delivery-counters';
import type { Owners } from '../core/scope';

/** The overview's span: today and the 29 days before (Accra days). */
export const OVERVIEW_DAYS = 30;
const TOP_CAMPAIGNS = 5;

/** Recipients by network and status group, every network present (src/domain/networks.ts order). */
function byNetwork(rows: readonly CounterRow[]) {
  return NETWORKS.map((network) => {
    const t = totalsOf(rows.filter((r) => r.network === network));
    return {
      network,
      label: NETWORK_LABELS[network],
      sent: t.sent,
      failed: t.failed,
      pending: t.pending,
      optedOut: t.optedOut,
      total: t.total,
    };
  });
}

/**
 * A message's report (its latest run's for a registration) from its counters alone: the funnel, the
 * networks, the failure reasons in words, time to delivery (median, p90) and the credits it spent.
 */
export async function messageReport(
  ctx: GatewayContext,
  message: MessageRow,
): Promise<CallAnswer<typeof MESSAGE_REPORT>['report']> {
  const target =
    message.list === 'bulk' || message.last_run_id === null
      ? message
      : ((await ctx.db.selectFrom('messages').selectAll().where('id', '=', message.last_run_id).executeTakeFirst()) ??
        message);
  const counters = await messageCounters(ctx.db, target.id);
  const totals = totalsOf(counters);
  const reasons = new Map<string, number>();
  for (const row of counters) {
    const reason = failureReason(row.status, row.error ?? '');
    if (reason) reasons.set(reason, (reasons.get(reason) ?? 0) + row.n);
  }
  const times = await deliveryTimes(ctx.db, target.id);
  return {
    funnel: {
      submitted: totals.total,
      delivered: totals.sent,
      failed: totals.failed,
      pending: totals.pending,
      optedOut: totals.optedOut,
    },
    networks: byNetwork(counters),
    // Erased recipients count in the funnel, under no network (docs/compliance.md#a-persons-data).
    erased: counters.filter((r) => r.network === ERASED).reduce((sum, r) => sum + r.n, 0),
    reasons: [...reasons.entries()]
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    deliveryTime: {
      delivered: times.reduce((a, b) => a + b, 0),
      median: percentileSeconds(times, 0.5),
      p90: percentileSeconds(times, 0.9),
    },
    credits: target.credits,
  };
}

/**
 * One member's sends' recipients since day `from` (docs/product.md#who-did-what), by the day each send
 * went out, network and status: their messages' counters, as the daily counters hold the account's.
 */
async function memberDailyCounters(ctx: GatewayContext, profileId: number, memberId: number, from: number) {
  const rows = await ctx.db
    .selectFrom('message_counters as c')
    .innerJoin('messages as m', 'm.id', 'c.message_id')
    .select([
      sql<number>`cast(m.sent_at / ${sql.lit(DAY_MS)} as integer)`.as('day'),
      'c.network',
      'c.status',
      (eb) => eb.fn.sum<number>('c.n').as('n'),
    ])
    .where('m.profile_id', '=', profileId)
    .where('m.member_id', '=', memberId)
    .where('m.list', '=', 'bulk')
    .where('m.api_mode', '<>', 'test')
    .where('m.sent_at', '>=', from * DAY_MS)
    .groupBy([sql`cast(m.sent_at / ${sql.lit(DAY_MS)} as integer)`, 'c.network', 'c.status'])
    .execute();
  return rows.map((r) => ({
    day: Number(r.day),
    network: r.network as CounterNetwork,
    status: r.status,
    n: Number(r.n),
  }));
}

/**
 * The last 30 days of an account's sends (or an admin's clients' together) from the daily counters:
 * recipients per day by status group, by network, the credits the sends took, the largest sends.
 */
export async function overview(
  ctx: GatewayContext,
  scope: Owners,
  memberId: number | null = null,
): Promise<CallAnswer<typeof OVERVIEW>['overview']> {
  const to = Math.floor(ctx.now() / DAY_MS);
  const from = to - (OVERVIEW_DAYS - 1);
  const member = 'own' in scope ? memberId : null;
  const rows =
    member === null
      ? await dailyCounters(ctx.db, scope, from, to)
      : await memberDailyCounters(ctx, (scope as { own: number }).own, member, from);
  const days = Array.from({ length: OVERVIEW_DAYS }, (_, i) => {
    const day = from + i;
    const totals = { sent: 0, failed: 0, pending: 0, optedOut: 0, total: 0 };
    for (const r of rows) {
      if (r.day !== day) continue;
      totals[statusGroup(r.status)] += r.n;
      totals.total += r.n;
    }
    return { day: formatAccra(day * DAY_MS, 'yyyy-MM-dd'), ...totals };
  });
  let sends = ctx.db
    .selectFrom('messages')
    .where('list', '=', 'bulk')
    .where('api_mode', '<>', 'test')
    .where('sent_at', '>=', from * DAY_MS);
  sends = 'own' in scope ? sends.where('profile_id', '=', scope.own) : sends.where('supid', '=', scope.clientsOf);
  if (member !== null) sends = sends.where('member_id', '=', member);
  const credits = await sends.select((eb) => eb.fn.sum<number>('credits').as('n')).executeTakeFirst();
  const top = await sends
    .select(['id', 'random_alpha', 'description', 'message_type', 'posted', 'sent', 'failed', 'sent_at'])
    .orderBy('posted', 'desc')
    .orderBy('id', 'desc')
    .limit(TOP_CAMPAIGNS)
    .execute();
  return {
    from: days[0]!.day,
    to: days[days.length - 1]!.day,
    days,
    networks: byNetwork(rows),
    credits: Number(credits?.n ?? 0),
    topCampaigns: top.map((m) => ({
      message_id: m.id,
      randomAlpha: m.random_alpha,
      title: campaignTitle({ messageDescription: m.description, messageType: m.message_type }),
      posted: m.posted,
      sent: m.sent,
      failed: m.failed,
      sentAt: m.sent_at === null ? '' : new Date(m.sent_at).toISOString(),
    })),
  };
}

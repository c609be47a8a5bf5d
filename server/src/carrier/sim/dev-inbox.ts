import type { GatewayContext } from '../../core/context';
import { canonicalPhone } from '../../../../src/domain/numbers/phone-number';

/** Where the dev inbox was asked: its links are rewritten to open on this server. */
export interface DevServer {
  protocol: string;
  /** The port of the request's Host, '' for the scheme's own. */
  port: string;
}

/** The product's links in a text: https, on a host of this machine (localhost or a *.localhost tenant). */
const LOCAL_LINK = /https:\/\/((?:[a-z0-9-]+\.)*localhost)(\/[^\s]*)?/gi;

/**
 * A text's opt-out and short links as they open on the dev server: a message carries
 * `https://localhost/o/…`, which a phone opens on the domain's port 443; in the demo the gateway
 * listens on another port and plain HTTP, so the inbox gives each link with this server's.
 */
export function linksOpenableHere(text: string, server: DevServer): string[] {
  const port = server.port ? `:${server.port}` : '';
  return [...text.matchAll(LOCAL_LINK)].map(([, host, path]) => `${server.protocol}://${host}${port}${path ?? '/'}`);
}

/** What the simulated carrier delivered, newest first (the demo's dev inbox). */
export async function carrierInbox(
  ctx: GatewayContext,
  filter: { to?: string; jobId?: string; limit: number },
  server: DevServer,
) {
  let query = ctx.db.selectFrom('carrier_messages').selectAll();
  // ?to= in any form (024…, +233 …) finds what was delivered to the number (docs/product.md#phone-numbers).
  if (filter.to) query = query.where('to_number', '=', canonicalPhone(filter.to));
  if (filter.jobId) query = query.where('job_id', '=', filter.jobId);
  const rows = await query.orderBy('id', 'desc').limit(filter.limit).execute();
  return rows.map((r) => ({
    to: r.to_number,
    from: r.from_id,
    text: r.text,
    parts: r.parts,
    unicode: r.unicode === 1,
    jobId: r.job_id,
    index: r.recipient_index,
    status: r.status,
    time: new Date(r.created_at).toISOString(),
    openHere: linksOpenableHere(r.text, server),
  }));
}

/**
 * How often each recipient of one job reached the carrier: the e2e "exactly once" check. Each run of a
 * recurring job is its own delivery (message_id), so only a repeat within one delivery is a duplicate.
 */
export async function carrierJobSummary(ctx: GatewayContext, jobId: string) {
  const ofJob = ctx.db.selectFrom('carrier_messages').where('job_id', '=', jobId.toLowerCase());
  const row = await ofJob.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const distinct = await ctx.db
    .selectFrom(ofJob.select(['message_id', 'recipient_index']).distinct().as('d'))
    .select((eb) => eb.fn.countAll<number>().as('unique'))
    .executeTakeFirstOrThrow();
  const unique = Number(distinct.unique);
  const total = Number(row.total);
  return { total, unique, duplicates: total - unique };
}

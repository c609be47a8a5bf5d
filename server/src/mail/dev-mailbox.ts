import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import { attachmentsOf, mailFromAddress } from './outbox';

/** Dev mode: the newest e-mails the gateway wrote, to one address or all, as a person would read them. */
export async function devMailbox(ctx: GatewayContext, query: { to?: string; limit: number }) {
  let rows = ctx.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(query.limit);
  if (query.to) rows = rows.where(sql<string>`lower(to_address)`, '=', query.to.trim().toLowerCase());
  return (await rows.execute()).map((r) => ({
    id: r.id,
    to: r.to_address,
    from: `${r.from_name} <${mailFromAddress(ctx)}>`,
    subject: r.subject,
    text: r.body,
    attachments: attachmentsOf(r.attachments).map((a) => ({ filename: a.filename, bytes: a.content.length })),
    status: r.status,
    at: new Date(Number(r.created_at)).toISOString(),
  }));
}

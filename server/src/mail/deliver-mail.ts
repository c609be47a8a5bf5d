import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import { attachmentsOf, mailFromAddress } from './outbox';
import type { MailOutboxRow } from '../db/schema-mail';

/** Seconds before each retry of an e-mail the server did not take: about a day and a half in all. */
export const MAIL_RETRY_SCHEDULE_S = [60, 300, 1800, 7200, 21_600, 86_400] as const;
/** E-mails one tick takes; they are sent side by side over the transport's few connections. */
const MAIL_BATCH = 10;
/** A claim outlives the transport's own timeouts (mail/smtp-mailer.ts): then another instance may retry. */
const CLAIM_MS = 2 * 60_000;
/** Sent and failed e-mails are kept this long (the owner's and support's record), then pruned. */
export const MAIL_KEPT_MS = 90 * 86_400_000;

/**
 * Claims what is due (PostgreSQL: FOR UPDATE SKIP LOCKED, so two gateways never send one e-mail
 * twice; a stopped gateway's claim lapses) and marks each claimed try.
 */
async function claimDue(ctx: GatewayContext, now: number): Promise<MailOutboxRow[]> {
  return ctx.db.transaction().execute(async (trx) => {
    let due = trx
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'queued')
      .where('next_at', '<=', now)
      .where('claimed_until', '<=', now)
      .orderBy('next_at')
      .orderBy('id')
      .limit(MAIL_BATCH);
    if (ctx.db.dialectName === 'postgres') due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((r) => r.id);
    if (ids.length === 0) return [];
    return trx
      .updateTable('mail_outbox')
      .set({ claimed_until: now + CLAIM_MS, attempts: sql<number>`attempts + 1` })
      .where('id', 'in', ids)
      .returningAll()
      .execute();
  });
}

/** What the server said, short, with nothing of the connection's credentials. */
function reasonOf(error: unknown): string {
  const e = error as { response?: unknown; code?: unknown; message?: unknown };
  const said = typeof e.response === 'string' ? e.response : typeof e.message === 'string' ? e.message : String(error);
  const code = typeof e.code === 'string' ? `${e.code}: ` : '';
  return `${code}${said}`.replace(/\/\/[^@\s]*@/g, '//').slice(0, 300);
}

async function sendOne(ctx: GatewayContext, row: MailOutboxRow): Promise<void> {
  const from = { name: row.from_name, address: mailFromAddress(ctx) };
  try {
    await ctx.mailer!.send({
      from,
      to: row.to_address,
      subject: row.subject,
      text: row.body,
      attachments: attachmentsOf(row.attachments),
      ...(row.reply_to ? { replyTo: row.reply_to } : {}),
    });
    await ctx.db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: ctx.now(), last_error: '' })
      .where('id', '=', row.id)
      .execute();
  } catch (error) {
    const now = ctx.now();
    const wait = MAIL_RETRY_SCHEDULE_S[row.attempts - 1];
    await ctx.db
      .updateTable('mail_outbox')
      .set(
        wait === undefined
          ? { status: 'failed', claimed_until: 0, last_error: reasonOf(error) }
          : { next_at: now + wait * 1000, claimed_until: 0, last_error: reasonOf(error) },
      )
      .where('id', '=', row.id)
      .execute();
  }
}

/**
 * One turn of the mail loop. With a transport: sends what is due and schedules a retry of what the
 * server refused or could not take. In dev mode without one, e-mail is captured for the dev mailbox.
 * Without either (production with no SMTP_URL), e-mail waits, kept, until SMTP_URL is set.
 */
export async function tickMail(ctx: GatewayContext): Promise<void> {
  const now = ctx.now();
  if (!ctx.mailer) {
    if (!ctx.devMode) return;
    await ctx.db
      .updateTable('mail_outbox')
      .set({ status: 'captured', sent_at: now })
      .where('status', '=', 'queued')
      .execute();
    return;
  }
  const rows = await claimDue(ctx, now);
  await Promise.all(rows.map((row) => sendOne(ctx, row)));
}

/** Drops sent, captured and failed e-mail past MAIL_KEPT_MS; queued e-mail is never dropped. */
export async function pruneMail(ctx: GatewayContext): Promise<void> {
  await ctx.db
    .deleteFrom('mail_outbox')
    .where('status', '<>', 'queued')
    .where('created_at', '<', ctx.now() - MAIL_KEPT_MS)
    .execute();
}

import type { Executor } from '../db/database';
import type { GatewayContext } from '../core/context';
import type { MailAttachment } from '../core/mailer';
import { isEmailAddress } from '../../../src/domain/fields';

/** One e-mail to write: `from` is the name beside the gateway's address (the selling domain's brand). */
export interface MailToQueue {
  profileId: number;
  kind: string;
  to: string;
  fromName: string;
  replyTo?: string;
  subject: string;
  text: string;
  attachments?: readonly MailAttachment[];
}

/** Longest subject and body kept: an e-mail of the gateway's own making is far shorter. */
const MAX_SUBJECT = 200;
const MAX_BODY = 100_000;

/**
 * Writes an e-mail into the outbox in the caller's transaction: it goes if and when what caused it
 * commits, and the request never waits on SMTP (the mail loop sends it, mail/deliver-mail.ts). An
 * account without a usable address gets none: answers false.
 */
export async function queueMail(db: Executor, mail: MailToQueue, now: number): Promise<boolean> {
  const to = mail.to.trim();
  if (!isEmailAddress(to)) return false;
  await db
    .insertInto('mail_outbox')
    .values({
      profile_id: mail.profileId,
      kind: mail.kind,
      to_address: to,
      from_name: mail.fromName.replace(/[\r\n]+/g, ' ').trim() || 'SMS',
      reply_to: mail.replyTo && isEmailAddress(mail.replyTo) ? mail.replyTo.trim() : '',
      subject: mail.subject.replace(/[\r\n]+/g, ' ').slice(0, MAX_SUBJECT),
      body: mail.text.slice(0, MAX_BODY),
      attachments: mail.attachments?.length ? attachmentsText(mail.attachments) : '',
      status: 'queued',
      next_at: now,
      created_at: now,
    })
    .execute();
  return true;
}

const attachmentsText = (files: readonly MailAttachment[]) =>
  JSON.stringify(
    files.map((f) => ({ filename: f.filename, contentType: f.contentType, base64: f.content.toString('base64') })),
  );

/** A stored e-mail's files, as the transport sends them. */
export function attachmentsOf(stored: string): MailAttachment[] {
  if (!stored) return [];
  const files = JSON.parse(stored) as { filename: string; contentType: string; base64: string }[];
  return files.map((f) => ({
    filename: f.filename,
    contentType: f.contentType,
    content: Buffer.from(f.base64, 'base64'),
  }));
}

/** E-mail by status (queued, sent, failed, captured), for metrics. */
export async function mailByStatus(db: Executor): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** The address every e-mail is from (MAIL_FROM); each domain's brand is the name beside it. */
export const mailFromAddress = (ctx: GatewayContext) => ctx.mailFrom ?? `no-reply@${ctx.mainHost}`;

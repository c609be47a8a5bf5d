import nodemailer from 'nodemailer';
import type { Mailer } from '../core/mailer';

/** A stalled server fails an attempt within these (ms); the outbox tries again later. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** SMTP through nodemailer, one pooled connection or a few (SMTP_URL: smtp:// or smtps://). */
export function smtpMailer(smtpUrl: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 3, ...SMTP_TIMEOUTS });
  return {
    async send(mail) {
      await transport.sendMail({
        from: { name: mail.from.name, address: mail.from.address },
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.attachments?.length ? { attachments: mail.attachments.map((a) => ({ ...a })) } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      });
    },
    close: () => transport.close(),
  };
}

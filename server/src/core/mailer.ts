/** One e-mail as the transport sends it: a name beside the gateway's own address, plain text. */
export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  attachments?: readonly MailAttachment[];
}

/** A file sent with an e-mail (an invoice's PDF). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * Where e-mail goes (server/src/mail): SMTP in production (SMTP_URL), nowhere in dev mode without it
 * (the dev mailbox shows what would have gone). `send` resolves once the server took the message and
 * rejects with the server's answer otherwise.
 */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface CapturedMail {
  from: { name: string; address: string };
  to: string[];
  subject: string;
  text: string;
  replyTo: string;
}

export interface SmtpCapture {
  /** smtp://user:password@127.0.0.1:port: the gateway's SMTP_URL. */
  url: string;
  port: number;
  mails: CapturedMail[];
  /** Addresses whose RCPT TO is refused with 550, as a mailbox that does not exist. */
  refuse: Set<string>;
  /** Holds each message's DATA until released (a slow server). */
  hold(): () => void;
  close(): Promise<void>;
}

export const SMTP_USER = 'gateway';
export const SMTP_PASSWORD = 'mail-secret-123';

function captured(mail: ParsedMail, envelopeTo: string[]): CapturedMail {
  const from = mail.from?.value[0];
  return {
    from: { name: from?.name ?? '', address: from?.address ?? '' },
    to: envelopeTo,
    subject: mail.subject ?? '',
    text: (mail.text ?? '').trimEnd(),
    replyTo: mail.replyTo?.value[0]?.address ?? '',
  };
}

/** A real SMTP server on loopback (smtp-server, parsed with mailparser): what the gateway's mail loop sent. */
export async function startSmtpCapture(port = 0): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const refuse = new Set<string>();
  let gate: Promise<void> | null = null;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, done) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return done(null, { user: SMTP_USER });
      return done(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, done) {
      if (refuse.has(address.address.toLowerCase())) {
        const error = new Error('5.1.1 No such mailbox') as Error & { responseCode: number };
        error.responseCode = 550;
        return done(error);
      }
      return done();
    },
    onData(stream, session, done) {
      const waiting = gate;
      simpleParser(stream)
        .then(async (mail) => {
          if (waiting) await waiting;
          mails.push(
            captured(
              mail,
              session.envelope.rcptTo.map((r) => r.address),
            ),
          );
          done();
        })
        .catch(done);
    },
    logger: false,
    // Closing does not wait for the gateway's pooled connection to go idle.
    closeTimeout: 100,
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${bound}`,
    port: bound,
    mails,
    refuse,
    hold() {
      let release!: () => void;
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      return () => {
        gate = null;
        release();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

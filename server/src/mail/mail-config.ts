import { ConfigError } from '../core/errors';
import { isEmailAddress } from '../../../src/domain/fields';

/** SMTP_URL and MAIL_FROM, read once at start (docs/deployment.md#e-mail). */
export interface MailSettings {
  /** smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start); null: no SMTP. */
  smtpUrl: string | null;
  /** The address every e-mail is from; each domain's brand is the name beside it. */
  fromAddress: string;
}

export function mailSettings(env: NodeJS.ProcessEnv, mainHost: string): MailSettings {
  const raw = env.SMTP_URL?.trim() || null;
  if (raw) {
    const url = URL.canParse(raw) ? new URL(raw) : null;
    if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname) {
      // Never echo the value: it may hold the password.
      throw new ConfigError(
        'SMTP_URL must look like smtp://user:password@mail.example.com:587 (or smtps:// for TLS from the start)',
      );
    }
  }
  const fromAddress = env.MAIL_FROM?.trim() || `no-reply@${mainHost}`;
  if (env.MAIL_FROM?.trim() && !isEmailAddress(fromAddress)) {
    throw new ConfigError(
      `MAIL_FROM must be an e-mail address, e.g. no-reply@${mainHost}; it is '${fromAddress.slice(0, 60)}'`,
    );
  }
  return { smtpUrl: raw, fromAddress };
}

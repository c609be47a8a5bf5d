import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { UserRow } from '../db/schema-core';
import { tenantHost } from '../tenancy/domains';
import { measureWithLink, screenRecipients } from '../optouts/screen';
import type { NewRecipient } from '../messaging/message-store';
import { shortenRecipients, type LinkCode } from '../links/shorten';
import { CodeClash, storeLinks, type LinkedRecipient, type LinkOwner } from '../links/store';
import { shortenedText } from '../../../src/domain/links/short-links';
import { measure, type SendEnvelope } from './send-items';

/** A recipient as a send prepares it. */
interface Prepared {
  index: number;
  text: string;
  unicode: boolean;
  parts: number;
}

/**
 * A send that shortens its links (docs/product.md#short-links): each recipient's web addresses become
 * its own short links on the tenant's host, and its parts (and the envelope's) are counted with the
 * short link's length, before anything is charged. Returns the recipients, the codes to store and the
 * send's text with stand-in codes (what its parts are measured on).
 */
export async function shortenSend<R extends Prepared>(
  ctx: GatewayContext,
  user: UserRow,
  envelope: SendEnvelope,
  recipients: readonly R[],
): Promise<{
  recipients: (R & { measuredAs: string; parts: number })[];
  links: Map<number, LinkCode[]>;
  measuredAs: string;
}> {
  const host = await tenantHost(ctx, user);
  const shortened = await shortenRecipients(recipients, host, measure);
  const measuredAs = shortenedText(envelope.shortMessage, host);
  envelope.parts = measure(measuredAs, envelope.unicode).parts;
  return { ...shortened, measuredAs };
}

/**
 * Each recipient's text as it is sent: its short links first (the opt-out line comes after them and is
 * never shortened), then on the suppression list it is marked opted out (stored OPTED_OUT, never
 * charged) or, with an opt-out link, its text ends with its own (optouts/screen.ts).
 */
export async function composeTexts<R extends Prepared & NewRecipient>(
  ctx: GatewayContext,
  user: UserRow,
  envelope: SendEnvelope,
  recipients: readonly R[],
  now: number,
) {
  const shortened = envelope.shortenLinks ? await shortenSend(ctx, user, envelope, recipients) : null;
  const linkHost = envelope.optOutLink ? await tenantHost(ctx, user) : null;
  const measured = shortened?.measuredAs ?? envelope.shortMessage;
  if (linkHost) envelope.parts = measureWithLink(measured, envelope.unicode, linkHost).parts;
  const prepared = await screenRecipients(ctx.db, user.profile_id, shortened?.recipients ?? recipients, linkHost, now);
  return { prepared, shortened };
}

/** Stores the short links of the recipients a send inserted, leaving out the opted-out ones (never sent). */
export async function storeSendLinks(
  trx: Executor,
  ctx: GatewayContext,
  owner: LinkOwner,
  inserted: readonly LinkedRecipient[],
  skipped: ReadonlySet<number>,
  links: ReadonlyMap<number, readonly LinkCode[]>,
): Promise<void> {
  const sent = skipped.size === 0 ? inserted : inserted.filter((r) => !skipped.has(r.recipient_index));
  await storeLinks(trx, ctx.db.dialectName, owner, sent, links);
}

/** Tries of a send whose fresh codes met taken ones: each try draws all its codes anew. */
const TRIES = 3;

/** Runs `accept` again with new codes when two codes met (links/store.ts CodeClash): nothing of a failed try is kept. */
export async function withFreshCodes<T>(accept: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await accept();
    } catch (error) {
      if (!(error instanceof CodeClash) || attempt >= TRIES) throw error;
    }
  }
}

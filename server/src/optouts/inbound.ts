import { sql } from 'kysely';
import type { Db, Executor } from '../db/database';
import type { InboundLedger, InboundMessage } from '../core/inbound';
import { STAGE } from '../db/schema-messaging';
import { canonicalPhone } from '../../../src/domain/numbers/phone-number';
import { isStopText, optOutNumber } from '../../../src/domain/numbers/opt-out';
import { suppress } from './suppression';

/**
 * Messages from phones (docs/compliance.md#stop-replies): each is stored in inbound_messages, never
 * lost; a STOP reply opts its number out of the account that last wrote to it from the sender ID it
 * replied to. Other messages are kept and counted (an inbox is a later feature).
 */

/** The ways a send may have written a canonical number (until every stored number is canonical). */
function writtenForms(canonical: string): string[] {
  const forms = [canonical, `+${canonical}`, `00${canonical}`];
  if (canonical.startsWith('233')) forms.push(`0${canonical.slice(3)}`, canonical.slice(3));
  return forms;
}

/** The account that last sent to this number from this sender ID (a recipient actually sent), or null. */
export async function lastSenderTo(db: Executor, number: string, sender: string): Promise<number | null> {
  const senders = /^\+?\d+$/.test(sender) ? [sender, ...writtenForms(canonicalPhone(sender))] : [sender];
  const row = await db
    .selectFrom('message_recipients as r')
    .innerJoin('messages as m', 'm.id', 'r.message_id')
    .select('m.profile_id')
    .where('r.number', 'in', writtenForms(number))
    .where('m.source_address', 'in', senders)
    .where('r.stage', '<>', STAGE.template)
    .where('r.status', '<>', 'OPTED_OUT')
    .orderBy('r.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.profile_id ?? null;
}

async function storeOne(db: Executor, message: InboundMessage, now: number) {
  const number = optOutNumber(message.from);
  const stop = number !== null && isStopText(message.text);
  const profileId = number ? await lastSenderTo(db, number, message.to.trim()) : null;
  await db
    .insertInto('inbound_messages')
    .values({
      connector: message.connector,
      from_number: number ?? message.from.slice(0, 32),
      to_address: message.to.slice(0, 32),
      text: message.text.slice(0, 2000),
      profile_id: profileId,
      kind: stop ? 'stop' : 'other',
      received_at: now,
    })
    .execute();
  if (stop && number && profileId !== null) await suppress(db, profileId, [number], 'stop_reply', 0, now);
}

export const inboundLedger: InboundLedger = {
  async store(db: Db, messages: readonly InboundMessage[], now: number) {
    for (const message of messages) await db.transaction().execute((trx) => storeOne(trx, message, now));
  },
};

/** An account's inbound messages: STOP replies and the others. */
export async function inboundCounts(db: Executor, profileId: number) {
  const rows = await db
    .selectFrom('inbound_messages')
    .select(['kind', sql<number>`count(*)`.as('n')])
    .where('profile_id', '=', profileId)
    .groupBy('kind')
    .execute();
  const count = (kind: string) => Number(rows.find((r) => r.kind === kind)?.n ?? 0);
  return { stop: count('stop'), other: count('other') };
}

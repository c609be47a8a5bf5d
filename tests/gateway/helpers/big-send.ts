// A large delivered send seeded straight into the database through messaging's own functions (the
// rows, their events and counters as a real send and its receipts make them), in seconds instead of
// 100,000 API sends: the browser test and the bench of the status page and reports use it.
import type { Db } from '../../../server/src/db/database';
import { STAGE } from '../../../server/src/db/schema-messaging';
import { countAdded } from '../../../server/src/messaging/message-batches';
import { newMessageRow } from '../../../server/src/messaging/message-rows';
import { insertRecipients, type NewRecipient } from '../../../server/src/messaging/message-store';
import { logCreated } from '../../../server/src/messaging/recipient-events';
import { recipientLedger } from '../../../server/src/messaging/carrier-ledger';
import type { RecipientOutcome } from '../../../server/src/core/recipient-ledger';

/** MTN, Telecel, AirtelTigo and a fixed line's prefixes, in the proportions a Ghana list has. */
const PREFIXES = ['24', '54', '55', '59', '24', '20', '50', '26', '27', '30'];
const CHUNK = 5000;

export const bigSendNumber = (i: number) => `233${PREFIXES[i % PREFIXES.length]}${String(i).padStart(7, '0')}`;

export interface BigSend {
  messageId: number;
  randomAlpha: string;
}

/**
 * A quick send of `count` recipients by `username`, accepted at `now`: every 10th FAILED (err 001, or a
 * refusal every 30th), every 50th left PENDING, the rest SENT, delivered 3 s to 10 min after acceptance.
 */
export async function seedBigSend(
  db: Db,
  options: { username: string; count: number; now: number; description?: string },
): Promise<BigSend> {
  const { username, count, now } = options;
  const user = await db
    .selectFrom('users')
    .select(['profile_id', 'supid'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  const text = 'Our big sale starts on Friday. Visit us for 20% off everything.';
  return db.transaction().execute(async (trx) => {
    const row = newMessageRow({
      profile_id: user.profile_id,
      supid: user.supid,
      username,
      job_id: null,
      job_key: null,
      kind: 'quick',
      message_type: 'quick sms',
      typeandsubtype: 'quick:regular',
      short_message: text,
      source_address: 'DEMO',
      description: options.description ?? 'Big sale',
      unicode: 0,
      flash: 0,
      parts: 1,
      parent_id: null,
      state: 'done',
      registered_at: now,
      sent_at: now,
      anchor_at: null,
      next_run_at: null,
      recurring_period: '',
      recurring_interval: 0,
      created_at: now,
    });
    const message = await trx.insertInto('messages').values(row).returningAll().executeTakeFirstOrThrow();
    const recipients: NewRecipient[] = Array.from({ length: count }, (_, i) => ({
      index: i,
      number: bigSendNumber(i),
      text,
      unicode: false,
      parts: 1,
    }));
    const defaults = {
      stage: STAGE.submitted,
      status: 'PENDING' as const,
      paid: true,
      now,
      randomAlpha: row.random_alpha,
    };
    const ids: number[] = [];
    for (let i = 0; i < count; i += CHUNK) {
      const inserted = await insertRecipients(trx, message, recipients.slice(i, i + CHUNK), defaults);
      ids.push(...inserted.map((r) => r.id));
    }
    await countAdded(trx, message.id, count, count);
    await trx.updateTable('messages').set({ submitted: count }).where('id', '=', message.id).execute();
    await logCreated(trx, db.dialectName, ids, now);
    const outcomes: RecipientOutcome[] = [];
    ids.forEach((id, i) => {
      if (i % 50 === 49) return;
      const failed = i % 10 === 3;
      outcomes.push({
        recipientId: id,
        status: failed ? 'FAILED' : 'SENT',
        doneAt: now + 3000 + ((i * 7919) % 600_000),
        error: failed ? (i % 30 === 3 ? '11 ESME_RINVDSTADR' : '001') : '000',
      });
    });
    for (let i = 0; i < outcomes.length; i += CHUNK) {
      await recipientLedger.recordFinal(trx, db.dialectName, outcomes.slice(i, i + CHUNK), now);
    }
    return { messageId: message.id, randomAlpha: row.random_alpha };
  });
}

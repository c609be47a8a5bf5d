// Receipts owed to SMPP customers (docs/smpp.md#receipts): the recipient events of SMPP submits become
// one receipt per submit (unique, so a duplicate carrier receipt or a second fan-out adds none), and
// each instance with a receiver bind of the account claims them with a lease and sends them as
// deliver_sm until the customer answers deliver_sm_resp (receipt-claims.ts). The pattern of
// integrations/webhooks.
import type { GatewayContext } from '../core/context';
import type { DialectName, Executor } from '../db/database';
import { padded, rowsToInsert } from '../db/queries';
import type { RecipientEventRow } from '../db/schema-messaging';
import type { SmppReceiptRow, SmppSubmitRow } from '../db/schema-smpp';
import { eventsAfter } from '../messaging/recipient-events';
import { EXPIRED_ERROR } from '../messaging/api-views';

const CURSOR = 'receipts';
/** Events read per fan-out step: a step that reads fewer has read all there was. */
export const EVENT_STEP = 500;
/** A claimed receipt is sent again when no deliver_sm_resp came in this long. */
export const RECEIPT_LEASE_MS = 30_000;

/** The receipt of a final status: its stat and err (docs/smpp.md#receipts); null for a first status. */
export function receiptOf(e: Pick<RecipientEventRow, 'new_status' | 'error'>): { stat: string; err: string } | null {
  const carrierErr = /^\d{1,3}$/.test(e.error) ? e.error.padStart(3, '0') : null;
  switch (e.new_status) {
    case 'SENT':
      return { stat: 'DELIVRD', err: '000' };
    case 'UNKNOWN':
      return { stat: 'UNKNOWN', err: carrierErr ?? '000' };
    case 'OPTED_OUT':
      return { stat: 'REJECTD', err: '004' };
    case 'FAILED':
      if (e.error === EXPIRED_ERROR) return { stat: 'EXPIRED', err: '002' };
      if (e.error === 'REJECTD') return { stat: 'REJECTD', err: '003' };
      return { stat: 'UNDELIV', err: carrierErr ?? '001' };
    default:
      return null;
  }
}

/** registered_delivery's SMSC receipt bits: 1 every outcome, 2 failures only, 0 none. */
function wants(registeredDelivery: number, stat: string): boolean {
  const bits = registeredDelivery & 0x03;
  if (bits === 0) return false;
  if (bits === 2) return stat !== 'DELIVRD';
  return true;
}

type OwedSubmit = Pick<
  SmppSubmitRow,
  'id' | 'profile_id' | 'destination' | 'source' | 'registered_delivery' | 'preview' | 'created_at'
>;
type Outcome = { stat: string; err: string; preview: string; doneAt: number };

/** Receipts for submits with this outcome, each once (the submit_id is unique). */
export async function oweReceipts(
  trx: Executor,
  dialect: DialectName,
  submits: readonly OwedSubmit[],
  outcome: Outcome,
  now: number,
) {
  await oweEach(
    trx,
    dialect,
    submits.map((submit) => ({ submit, outcome })),
    now,
  );
}

/** An owed receipt's columns: the others keep their defaults (not claimed, no attempt yet). */
const RECEIPT_COLUMNS = {
  profile_id: 'bigint',
  submit_id: 'bigint',
  source: 'text',
  destination: 'text',
  stat: 'text',
  err: 'text',
  preview: 'text',
  submitted_at: 'bigint',
  done_at: 'bigint',
  state: 'text',
  created_at: 'bigint',
  claimed_by: 'text',
  claimed_until: 'bigint',
  attempts: 'bigint',
} as const;

/**
 * Receipts a fan-out takes for the instance running it, as it stores them: up to `room` for each
 * account (its accounts bound here with nothing older waiting), claimed as claimReceipts would claim
 * them (one attempt, the lease), so they need no claim of their own. Those taken are added to `taken`
 * once the fan-out has committed.
 */
export interface TakeAtFanOut {
  owner: string;
  room: ReadonlyMap<number, number>;
  taken: SmppReceiptRow[];
}

/**
 * Receipts for submits, each with its own outcome, inserted 500 a statement; those `take` has room for
 * are claimed for its owner, and returned (theirs once the transaction commits).
 */
async function oweEach(
  trx: Executor,
  dialect: DialectName,
  owed: readonly { submit: OwedSubmit; outcome: Outcome }[],
  now: number,
  take?: Omit<TakeAtFanOut, 'taken'>,
): Promise<SmppReceiptRow[]> {
  const taken: SmppReceiptRow[] = [];
  const room = new Map(take?.room);
  const rows = owed
    .filter(({ submit, outcome }) => wants(submit.registered_delivery, outcome.stat))
    .map(({ submit: s, outcome }) => {
      const left = room.get(s.profile_id) ?? 0;
      if (left > 0) room.set(s.profile_id, left - 1);
      return {
        profile_id: s.profile_id,
        submit_id: s.id,
        source: s.destination,
        destination: s.source,
        stat: outcome.stat,
        err: outcome.err,
        preview: s.preview || outcome.preview,
        submitted_at: Number(s.created_at),
        done_at: outcome.doneAt,
        state: 'pending',
        created_at: now,
        claimed_by: left > 0 ? take!.owner : null,
        claimed_until: left > 0 ? now + RECEIPT_LEASE_MS : null,
        attempts: left > 0 ? 1 : 0,
      };
    });
  for (let i = 0; i < rows.length; i += 500) {
    const slice = rows.slice(i, i + 500);
    const { columns, source } = rowsToInsert(dialect, slice, RECEIPT_COLUMNS);
    const insert = trx
      .insertInto('smpp_receipts')
      .columns(columns)
      .expression(source)
      .onConflict((oc) => oc.column('submit_id').doNothing());
    if (!take || !slice.some((r) => r.claimed_by !== null)) {
      await insert.execute();
      continue;
    }
    // A receipt already owed (a second fan-out of one outcome) is not inserted, so not returned either.
    const stored = await insert.returningAll().execute();
    taken.push(...stored.filter((r) => r.claimed_by === take.owner).sort((a, b) => a.id - b.id));
  }
  return taken;
}

/**
 * The submits of these recipients, whatever their state: by recipient alone, both databases read the
 * recipient index (with `state` in the statement, SQLite read every accepted submit by its state
 * index, 20 to 45 ms a fan-out step at 40,000 submits).
 */
export const submitsOfRecipients = (db: Executor, recipientIds: readonly number[]) =>
  db.selectFrom('smpp_submits').selectAll().where('recipient_id', 'in', padded(recipientIds));

/**
 * One step of the receipts' fan-out; returns how many events it read (EVENT_STEP means more may wait).
 * With `take`, the receipts of the accounts it names are claimed for its owner as they are stored.
 */
export async function fanOutReceipts(ctx: GatewayContext, take?: TakeAtFanOut): Promise<number> {
  const now = ctx.now();
  let taken: SmppReceiptRow[] = [];
  const read = await ctx.db.transaction().execute(async (trx) => {
    let cursorQuery = trx.selectFrom('smpp_cursor').select('last_event_id').where('name', '=', CURSOR);
    if (ctx.db.dialectName === 'postgres') cursorQuery = cursorQuery.forUpdate();
    const cursor = Number((await cursorQuery.executeTakeFirst())?.last_event_id ?? 0);
    const events = await eventsAfter(trx, cursor, EVENT_STEP);
    if (events.length === 0) return 0;
    const finals = events.flatMap((e) => {
      const r = receiptOf(e);
      return r ? [{ event: e, ...r }] : [];
    });
    if (finals.length > 0) {
      const submits = await submitsOfRecipients(
        trx,
        finals.map((f) => Number(f.event.recipient_id)),
      ).execute();
      const byRecipient = new Map<number, SmppSubmitRow[]>();
      for (const s of submits) {
        if (s.state !== 'accepted') continue;
        const list = byRecipient.get(s.recipient_id!);
        if (list) list.push(s);
        else byRecipient.set(s.recipient_id!, [s]);
      }
      taken = await oweEach(
        trx,
        ctx.db.dialectName,
        finals.flatMap((f) =>
          (byRecipient.get(Number(f.event.recipient_id)) ?? []).map((submit) => ({
            submit,
            outcome: { stat: f.stat, err: f.err, preview: '', doneAt: Number(f.event.created_at) },
          })),
        ),
        now,
        take,
      );
    }
    const last = Number(events[events.length - 1]!.id);
    await trx
      .insertInto('smpp_cursor')
      .values({ name: CURSOR, last_event_id: last })
      .onConflict((oc) => oc.column('name').doUpdateSet({ last_event_id: last }))
      .execute();
    return events.length;
  });
  take?.taken.push(...taken);
  return read;
}

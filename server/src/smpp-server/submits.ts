// Accepting submit_sm (docs/smpp.md#sending): each submit is stored before it is answered, and a
// whole message goes through the app's send path (sending/accept-singles.ts for a submit that is
// whole, sending/accept-send.ts for a long one joined from its parts): the same sender rule,
// opt-out screening and credit per part, taken in the transaction that stores it.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import type { SmppSubmitRow } from '../db/schema-smpp';
import { Refusal } from '../core/errors';
import { checkStorableText } from '../core/storable-text';
import { acceptSend, type InsertedRecipient } from '../sending/accept-send';
import { acceptSingles, OVER_LIMIT } from '../sending/accept-singles';
import { measure } from '../sending/send-items';
import { findAccount } from '../accounts/account-store';
import { sendItemSchema } from '../../../src/domain/contract/send';
import { decodeText } from './wire';
import { oweReceipts } from './receipts';
import { giveBackRate, takeRate } from './rate';
import { analyzeAsItGrows } from '../db/planner-stats';
import { balances, creditShort } from '../credit/balance';

/** The SMPP command statuses a submit may be answered with. */
export type SubmitStatus =
  | 'ESME_RSUBMITFAIL'
  | 'ESME_RSYSERR'
  | 'ESME_RINVMSGLEN'
  | 'ESME_RINVSRCADR'
  | 'ESME_RINVDSTADR'
  | 'ESME_RTHROTTLED'
  | 'ESME_RINVSCHED'
  | 'ESME_RINVEXPIRY'
  | 'ESME_RMSGQFUL';

export type SubmitAnswer = { ok: true; messageId: string } | { ok: false; status: SubmitStatus; reason: string };

export interface SubmitRequest {
  profileId: number;
  source: string;
  /** Canonical, checked by the caller. */
  destination: string;
  dataCoding: number;
  /** This part's text bytes, without UDH. */
  bytes: Buffer;
  /** The concatenation reference of a part of a long message; null for a whole message. */
  ref: number | null;
  seq: number;
  total: number;
  registeredDelivery: number;
  dueAt: number | null;
  expiresAt: number | null;
  /** The account's parts per second, shared by every instance (rate.ts). */
  throughput: number;
  /** The parts this submit counts for the throughput: one per submit_sm, a message_payload's own. */
  parts: number;
}

/** The message_id of a submit (docs/smpp.md#ids): its row's id in decimal, the same in every receipt. */
export const messageIdOf = (submitId: number) => String(submitId);

/** The parts of a long message wait this long for the rest, then are refused (and receipted). */
export const HOLD_MS = 5 * 60_000;
/**
 * Parts of long messages one account may hold waiting for their others (docs/smpp.md#long-messages);
 * a part past it is answered ESME_RMSGQFUL.
 */
export const HELD_PARTS_MAX = 1_000;
/** Held messages made whole and due that one tick sends on, the longest due first. */
const TICK_SENDS = 100;
/** Held groups one tick reads: those expired or never completed are refused together. */
const TICK_GROUPS = 5_000;
/** Whole messages waiting are stored together, up to this many in one transaction. */
const GROUP_MAX = 200;
/**
 * Groups stored at once: the second stores its rows while the first commits, and waits only for the
 * first's last locks (the balances, the events' append lock), taken in one order (accounts by id),
 * so none deadlocks.
 */
const GROUPS_AT_ONCE = 2;
/**
 * A second group starts beside a running one only when this many submits wait (more than one
 * bind's window): a single bind's submits then gather into one bigger group while the running one
 * commits, which costs fewer statements per submit than two small groups.
 */
const SECOND_GROUP_MIN = 64;
/** How long the first submit of a group waits for the others of its window. */
const GATHER_MS = 1;
/** Preview of the text in receipts (SMPP 3.4 Appendix B: the first 20 characters). */
const PREVIEW = 20;
/** The preview never ends in half an emoji: a lone surrogate is text no database stores (core/storable-text.ts). */
export const previewOf = (text: string) => text.slice(0, PREVIEW).replace(/[\uD800-\uDBFF]$/, '');

const item = (source: string, destination: string, text: string) =>
  sendItemSchema.parse({
    shortMessage: text,
    destinationAddress: destination,
    sourceAddress: source,
    messageDescription: 'SMPP',
    messageType: 'quick sms',
    typeandsubtype: 'quick:personalized',
  });

/** A refusal of the send path as an SMPP status; anything else is a fault of the gateway. */
function statusOf(error: unknown): { status: SubmitStatus; reason: string } | null {
  if (!(error instanceof Refusal)) return null;
  if (error.kind === 'too-many-attempts') return { status: 'ESME_RTHROTTLED', reason: error.message };
  // The account was deleted while bound.
  if (error.kind === 'not-found') return { status: 'ESME_RSYSERR', reason: error.message };
  if (/too long/i.test(error.message)) return { status: 'ESME_RINVMSGLEN', reason: error.message };
  if (/sender id/i.test(error.message)) return { status: 'ESME_RINVSRCADR', reason: error.message };
  return { status: 'ESME_RSUBMITFAIL', reason: error.message };
}

interface Pending {
  req: SubmitRequest;
  text: string;
  resolve: (answer: SubmitAnswer) => void;
}

/**
 * Accepts the submits of one instance's binds. Whole messages due now, from any bind and account,
 * are stored in groups (group commit): while one group's transaction runs, the submits arriving
 * wait, and the next group takes them all (up to GROUP_MAX) in one transaction; each is answered
 * once that transaction has committed. Parts of long messages and scheduled ones are held in
 * smpp_submits until their message is whole and due (tickHeld), one account at a time.
 */
export class SubmitDesk {
  private queue: Pending[] = [];
  /** Groups being stored: the next one checks its submits while the previous one commits. */
  private storing = 0;
  private gathering: NodeJS.Timeout | null = null;
  private chains = new Map<number, Promise<unknown>>();
  /** Submits taken and not yet answered: what a stop waits for. */
  private open = 0;
  private idle: (() => void)[] = [];

  constructor(private readonly ctx: GatewayContext) {}

  submit(req: SubmitRequest): Promise<SubmitAnswer> {
    this.open += 1;
    const done = (answer: SubmitAnswer) => {
      this.open -= 1;
      if (this.open === 0) for (const wake of this.idle.splice(0)) wake();
      return answer;
    };
    const later = req.dueAt !== null && req.dueAt > this.ctx.now();
    if (req.ref === null && !later) {
      const text = decodeText(req.dataCoding, req.bytes);
      return new Promise<SubmitAnswer>((resolve) => {
        this.queue.push({ req, text, resolve });
        this.nextGroup();
      }).then(done);
    }
    return this.inTurn(req.profileId, () => this.hold(req)).then(done);
  }

  /** Resolves once every submit taken so far is answered. */
  async drained(): Promise<void> {
    if (this.open === 0) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  /** One account's held work runs one step at a time, so two parts never complete one message twice. */
  private inTurn<T>(profileId: number, step: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(profileId) ?? Promise.resolve();
    const next = previous.then(step, step);
    const tail = next.catch(() => undefined);
    this.chains.set(profileId, tail);
    void tail.then(() => {
      if (this.chains.get(profileId) === tail) this.chains.delete(profileId);
    });
    return next;
  }

  /**
   * Starts the next group: at once when a full one waits, else after GATHER_MS for the rest of a
   * window (after a commit, the submits that its answers let the customers send).
   */
  private nextGroup() {
    if (this.storing >= GROUPS_AT_ONCE || this.gathering || this.queue.length === 0) return;
    if (this.storing > 0 && this.queue.length < SECOND_GROUP_MIN) return;
    if (this.queue.length >= GROUP_MAX) {
      void this.storeGroup();
      return;
    }
    this.gathering = setTimeout(() => {
      this.gathering = null;
      void this.storeGroup();
    }, GATHER_MS);
  }

  private async storeGroup() {
    if (this.storing >= GROUPS_AT_ONCE || this.queue.length === 0) return;
    this.storing += 1;
    const group = this.queue.splice(0, GROUP_MAX);
    try {
      await this.storeOrSplit(group);
    } finally {
      this.storing -= 1;
      this.nextGroup();
    }
  }

  /**
   * Stores a group; when its transaction fails (nothing of it was stored), each half is stored on its
   * own, and so on down to the one submit at fault: no submit's fault fails another's (one account's
   * bytes never cost another account its submits), and a fault of the database itself answers each
   * submit with it after at most two tries a submit.
   */
  private async storeOrSplit(group: Pending[]): Promise<void> {
    try {
      await this.storeWhole(group);
    } catch (error) {
      if (group.length === 1) {
        group[0]!.resolve(this.refusal(error));
        return;
      }
      const half = Math.ceil(group.length / 2);
      await this.storeOrSplit(group.slice(0, half));
      await this.storeOrSplit(group.slice(half));
    }
  }

  /**
   * Stores whole messages due now in one transaction (sending/accept-singles.ts): each submit
   * refused alone (sender, length, credit) is answered with its own status, the others with the id
   * of the smpp_submits row stored beside their recipient.
   */
  private async storeWhole(group: Pending[]) {
    const byAccount = new Map<number, Pending[]>();
    for (const p of group) byAccount.set(p.req.profileId, [...(byAccount.get(p.req.profileId) ?? []), p]);
    // Accounts by id: every path takes their balances in that order.
    const accounts = [...byAccount].sort(([a], [b]) => a - b).map(([profileId, pending]) => ({ profileId, pending }));
    const now = this.ctx.now();
    const ids: number[][] = accounts.map(() => []);
    const results = await acceptSingles(
      this.ctx,
      accounts.map(({ profileId, pending }) => ({
        profileId,
        texts: pending.map((p) => ({ sender: p.req.source, number: p.req.destination, text: p.text })),
      })),
      {
        description: 'SMPP',
        limit: {
          take: (i, parts) => {
            const { profileId, pending } = accounts[i]!;
            return takeRate(this.ctx.db, profileId, pending[pending.length - 1]!.req.throughput, parts, now);
          },
          giveBack: (i, parts) => giveBackRate(this.ctx.db, accounts[i]!.profileId, parts, now),
        },
        // PostgreSQL, one account and sender: the submits' rows in the statement storing their recipients.
        besideInOne: (i, recipients) => {
          const { profileId, pending } = accounts[i]!;
          const rows = pending.map((p, k) => ({
            recipient_index: k,
            source: p.req.source,
            destination: p.req.destination,
            data_coding: p.req.dataCoding,
            registered_delivery: p.req.registeredDelivery,
            expires_at: p.req.expiresAt,
            preview: previewOf(p.text),
          }));
          return sql`insert into smpp_submits (profile_id, state, seq, total, source, destination, data_coding,
              registered_delivery, due_at, expires_at, recipient_id, preview, created_at)
            select ${profileId}, 'accepted', 1, 1, y.source, y.destination, y.data_coding, y.registered_delivery,
              null, y.expires_at, r.id, y.preview, ${now}
            from ${sql.table(recipients)} r
            join json_to_recordset(${JSON.stringify(rows)}::json) as y(recipient_index bigint, source text,
              destination text, data_coding bigint, registered_delivery bigint, expires_at bigint, preview text)
              on y.recipient_index = r.recipient_index
            returning id, recipient_id`;
        },
        inTransaction: async (trx, outcomes) => {
          const rows = accounts.flatMap(({ profileId, pending }, i) =>
            pending.flatMap((p, k) => {
              const outcome = outcomes[i]![k]!;
              if (!outcome.ok) return [];
              return [
                {
                  profile_id: profileId,
                  state: 'accepted' as const,
                  seq: 1,
                  total: 1,
                  source: p.req.source,
                  destination: p.req.destination,
                  data_coding: p.req.dataCoding,
                  registered_delivery: p.req.registeredDelivery,
                  due_at: null,
                  expires_at: p.req.expiresAt,
                  recipient_id: outcome.recipientId,
                  preview: previewOf(p.text),
                  created_at: now,
                },
              ];
            }),
          );
          if (rows.length === 0) return;
          const stored = await trx.insertInto('smpp_submits').values(rows).returning(['id', 'recipient_id']).execute();
          const byRecipient = new Map(stored.map((r) => [r.recipient_id, r.id]));
          outcomes.forEach((list, i) =>
            list.forEach((outcome, k) => {
              if (outcome.ok) ids[i]![k] = byRecipient.get(outcome.recipientId)!;
            }),
          );
        },
      },
    );
    accounts.forEach(({ pending }, i) =>
      pending.forEach((p, k) => {
        const outcome = results[i]![k]!;
        p.resolve(
          outcome.ok
            ? { ok: true, messageId: messageIdOf(outcome.besideId ?? ids[i]![k]!) }
            : this.refusal(outcome.refusal),
        );
      }),
    );
    // Receipts look their submits up by recipient: the planner needs to know how many there are.
    void analyzeAsItGrows(this.ctx.db, 'smpp_submits', results.flat().filter((r) => r.ok).length, this.ctx.reportError);
  }

  /**
   * A held submit (scheduled, or a part of a long message) is charged only when its message is whole
   * and due, so what an account may hold is bounded now (docs/smpp.md#sending): its text is measured
   * as any send's, the balance must cover its parts and a credit for each submit the account holds
   * already, and at most HELD_PARTS_MAX parts due now wait for their others. Null when it may be held.
   */
  private async checkHeld(req: SubmitRequest, groupKey: string, now: number): Promise<SubmitAnswer | null> {
    const scheduled = req.dueAt !== null && req.dueAt > now;
    const { parts } = measure(decodeText(req.dataCoding, req.bytes), req.dataCoding === 8);
    const { creditbalance } = await balances(this.ctx.db, req.profileId);
    // Held rows of the account (one a part or a whole message), counted no further than `limit`.
    const heldRows = async (limit: number, dueNow: boolean) => {
      const row = await this.ctx.db
        .selectFrom((db) => {
          let q = db
            .selectFrom('smpp_submits')
            .select('id')
            .where('state', '=', 'held')
            .where('profile_id', '=', req.profileId);
          if (dueNow) q = q.where((eb) => eb.or([eb('due_at', 'is', null), eb('due_at', '<=', now)]));
          return q.limit(limit).as('h');
        })
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    // An empty part or message counts one credit all the same: each row held is one the balance covers.
    const needed = (await heldRows(Math.max(0, Math.floor(creditbalance)) + 1, false)) + Math.max(1, parts);
    if (needed > creditbalance)
      throw creditShort(
        needed,
        creditbalance,
        scheduled ? 'holding this scheduled message' : 'holding this part of a long message',
      );
    if (
      !scheduled &&
      (await heldRows(HELD_PARTS_MAX, true)) >= HELD_PARTS_MAX &&
      !(await this.completes(req, groupKey))
    )
      return {
        ok: false,
        status: 'ESME_RMSGQFUL',
        reason: `${HELD_PARTS_MAX} parts of long messages already wait for their others`,
      };
    return null;
  }

  /** Whether this part is the one its message's parts held wait for (it then frees their room). */
  private async completes(req: SubmitRequest, groupKey: string): Promise<boolean> {
    if (req.ref === null) return false;
    const seqs = await this.ctx.db
      .selectFrom('smpp_submits')
      .select('seq')
      .distinct()
      .where('state', '=', 'held')
      .where('profile_id', '=', req.profileId)
      .where('group_key', '=', groupKey)
      .execute();
    const have = new Set(seqs.map((r) => Number(r.seq)));
    return !have.has(req.seq) && have.size + 1 >= req.total;
  }

  private refusal(error: unknown): SubmitAnswer {
    const known = statusOf(error);
    if (known) return { ok: false, ...known };
    this.ctx.reportError?.('SMPP submit failed', error);
    return { ok: false, status: 'ESME_RSYSERR', reason: 'the gateway could not store the message' };
  }

  /**
   * Stores a part (or a scheduled message) as held, and accepts its message when whole and due. Its
   * parts count for the account's throughput over every instance as it is taken, as a whole
   * submit's do (rate.ts); given back when it cannot be stored.
   */
  private async hold(req: SubmitRequest): Promise<SubmitAnswer> {
    const now = this.ctx.now();
    const groupKey =
      req.ref === null ? `one:${randomUUID()}` : `${req.source}|${req.destination}|${req.ref}|${req.total}`;
    try {
      const refused = await this.checkHeld(req, groupKey, now);
      if (refused) return refused;
    } catch (error) {
      const refusal = this.refusal(error);
      // A part that cannot be paid for: its message never will be, and its parts held are rejected.
      if (!refusal.ok && req.ref !== null && refusal.status === 'ESME_RSUBMITFAIL')
        await this.refuseGroups(req.profileId, [groupKey], refusal.reason, 'REJECTD', '003').catch((e: unknown) =>
          this.ctx.reportError?.('SMPP held submits', e),
        );
      return refusal;
    }
    let id: number;
    try {
      const [passed] = await takeRate(this.ctx.db, req.profileId, req.throughput, [req.parts], now);
      if (!passed) return { ok: false, status: 'ESME_RTHROTTLED', reason: OVER_LIMIT };
    } catch (error) {
      return this.refusal(error);
    }
    try {
      const row = await this.ctx.db
        .insertInto('smpp_submits')
        .values({
          profile_id: req.profileId,
          state: 'held',
          group_key: groupKey,
          seq: req.seq,
          total: req.total,
          source: req.source,
          destination: req.destination,
          data_coding: req.dataCoding,
          body: req.bytes.toString('base64'),
          registered_delivery: req.registeredDelivery,
          due_at: req.dueAt,
          expires_at: req.expiresAt,
          recipient_id: null,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    } catch (error) {
      await giveBackRate(this.ctx.db, req.profileId, req.parts, now).catch(() => undefined);
      return this.refusal(error);
    }
    if (req.dueAt !== null && req.dueAt > now) return { ok: true, messageId: messageIdOf(id) };
    const outcome = await this.completeGroup(req.profileId, groupKey, id);
    if (outcome && !outcome.ok) return outcome;
    return { ok: true, messageId: messageIdOf(id) };
  }

  /**
   * Accepts a held message whose parts are all in: its text joined in part order, one recipient.
   * Returns the refusal when the send path refused it (every part refused; the others receipted
   * REJECTD), null when it is not whole yet or was accepted.
   */
  private async completeGroup(profileId: number, groupKey: string, answering: number | null) {
    const rows = await this.ctx.db
      .selectFrom('smpp_submits')
      .selectAll()
      .where('profile_id', '=', profileId)
      .where('group_key', '=', groupKey)
      .where('state', '=', 'held')
      .orderBy('id')
      .execute();
    const first = rows[0];
    if (!first) return null;
    const bySeq = new Map<number, SmppSubmitRow>();
    for (const r of rows) if (!bySeq.has(r.seq)) bySeq.set(r.seq, r);
    for (let seq = 1; seq <= first.total; seq += 1) if (!bySeq.has(seq)) return null;
    const ordered = [...bySeq.values()].sort((a, b) => a.seq - b.seq);
    const sameCoding = ordered.every((r) => r.data_coding === first.data_coding);
    const text = sameCoding
      ? decodeText(first.data_coding, Buffer.concat(ordered.map((r) => Buffer.from(r.body, 'base64'))))
      : ordered.map((r) => decodeText(r.data_coding, Buffer.from(r.body, 'base64'))).join('');
    const ids = rows.map((r) => r.id);
    const user = await findAccount(this.ctx, profileId);
    try {
      if (!user) throw new Error('account not found');
      // The parts' bytes are checked joined: one emoji may straddle two UCS-2 parts.
      checkStorableText(text);
      measure(text, false);
      await acceptSend(this.ctx, user, [item(first.source, first.destination, text)], null, {
        asGiven: true,
        inTransaction: async (trx, inserted: readonly InsertedRecipient[]) => {
          const recipient = inserted[0];
          if (!recipient) throw new Error('the recipient of an SMPP message was not stored');
          const updated = await trx
            .updateTable('smpp_submits')
            .set({ state: 'accepted', recipient_id: recipient.id, preview: previewOf(text), body: '' })
            .where('id', 'in', ids)
            .where('state', '=', 'held')
            .executeTakeFirst();
          // Another instance accepted it first: this send is rolled back.
          if (Number(updated.numUpdatedRows) !== ids.length) throw new Error('already accepted');
        },
      });
      return null;
    } catch (error) {
      if (error instanceof Error && error.message === 'already accepted') return null;
      const refusal = this.refusal(error);
      if (refusal.ok) return null;
      await this.refuseHeld(rows, refusal.reason, answering, 'REJECTD', '003');
      return refusal;
    }
  }

  /** Held rows that will never be sent: refused, each answered one receipted with `stat`. */
  private async refuseHeld(rows: SmppSubmitRow[], reason: string, answering: number | null, stat: string, err: string) {
    const now = this.ctx.now();
    await this.ctx.db.transaction().execute(async (trx: Executor) => {
      const updated = await trx
        .updateTable('smpp_submits')
        .set({ state: stat === 'EXPIRED' ? 'expired' : 'refused', error: reason.slice(0, 200), body: '' })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .where('state', '=', 'held')
        .returningAll()
        .execute();
      await oweReceipts(
        trx,
        this.ctx.db.dialectName,
        updated.filter((r) => r.id !== answering),
        { stat, err, preview: '', doneAt: now },
        now,
      );
    });
  }

  /** Every held row of these groups of one account refused at once, each that asked receipted `stat`. */
  private async refuseGroups(profileId: number, keys: readonly string[], reason: string, stat: string, err: string) {
    const now = this.ctx.now();
    for (let i = 0; i < keys.length; i += 500) {
      await this.ctx.db.transaction().execute(async (trx: Executor) => {
        const updated = await trx
          .updateTable('smpp_submits')
          .set({ state: stat === 'EXPIRED' ? 'expired' : 'refused', error: reason.slice(0, 200), body: '' })
          .where('state', '=', 'held')
          .where('profile_id', '=', profileId)
          .where('group_key', 'in', keys.slice(i, i + 500))
          .returningAll()
          .execute();
        await oweReceipts(trx, this.ctx.db.dialectName, updated, { stat, err, preview: '', doneAt: now }, now);
      });
    }
  }

  /**
   * Held work that is due: scheduled messages whose time has come (sent on, the longest due first,
   * at most TICK_SENDS a tick), held submits past their validity (EXPIRED) and parts whose message
   * never came whole in HOLD_MS (refused, receipted UNDELIV): those two refused a statement for each
   * account's groups, so no account's backlog keeps another's due message waiting.
   */
  async tickHeld(): Promise<void> {
    const now = this.ctx.now();
    const old = now - HOLD_MS;
    // A group is read whole when one of its rows is due, old or past its validity. 'held' is a
    // literal: the held index is partial (migrations/024-lean-indexes.ts).
    const { rows } = await sql<{
      profile_id: number;
      group_key: string;
      parts: number;
      total: number;
      expires_at: number | null;
      due_at: number;
      scheduled: number;
      stale: number;
    }>`select s.profile_id, s.group_key,
        count(distinct case when s.seq between 1 and s.total then s.seq end) as parts, min(s.total) as total,
        min(s.expires_at) as expires_at, max(coalesce(s.due_at, 0)) as due_at,
        sum(case when s.due_at is not null then 1 else 0 end) as scheduled,
        sum(case when s.created_at < ${old} and (s.due_at is null or s.due_at <= ${now}) then 1 else 0 end) as stale
      from smpp_submits s
      join (select distinct profile_id, group_key from smpp_submits
        where state = 'held' and ((due_at is not null and due_at <= ${now})
          or (created_at < ${old} and (due_at is null or due_at <= ${now}))
          or (expires_at is not null and expires_at <= ${now}))) c
        on c.profile_id = s.profile_id and c.group_key = s.group_key
      where s.state = 'held'
      group by s.profile_id, s.group_key
      order by min(case when s.expires_at <= ${now} then s.expires_at when s.due_at is not null then s.due_at
        else s.created_at + ${HOLD_MS} end)
      limit ${TICK_GROUPS}`.execute(this.ctx.db);
    const sends: { profileId: number; key: string }[] = [];
    const expired = new Map<number, string[]>();
    const neverWhole = new Map<number, string[]>();
    const add = (to: Map<number, string[]>, profileId: number, key: string) =>
      to.set(profileId, [...(to.get(profileId) ?? []), key]);
    for (const g of rows) {
      const profileId = Number(g.profile_id);
      const whole = Number(g.parts) >= Number(g.total);
      if (g.expires_at !== null && Number(g.expires_at) <= now) add(expired, profileId, g.group_key);
      else if (whole && Number(g.due_at) <= now && (Number(g.scheduled) > 0 || Number(g.stale) > 0)) {
        if (sends.length < TICK_SENDS) sends.push({ profileId, key: g.group_key });
      } else if (!whole && Number(g.stale) > 0) add(neverWhole, profileId, g.group_key);
    }
    for (const { profileId, key } of sends)
      await this.inTurn(profileId, () => this.completeGroup(profileId, key, null));
    for (const [profileId, keys] of expired)
      await this.inTurn(profileId, () =>
        this.refuseGroups(profileId, keys, 'validity period passed', 'EXPIRED', '002'),
      );
    for (const [profileId, keys] of neverWhole)
      await this.inTurn(profileId, () =>
        this.refuseGroups(profileId, keys, 'the other parts of the message never came', 'UNDELIV', '005'),
      );
  }
}

// Whole messages due now, stored in groups (docs/smpp.md#sending): one transaction for a group, from
// any bind and account, through sending/accept-singles.ts; each submit is answered with the id of the
// smpp_submits row stored beside its recipient, or refused alone (sender, length, credit).
import { sql } from 'kysely';
import type { GatewayContext } from '../core/context';
import type { Executor } from '../db/database';
import { acceptSingles } from '../sending/accept-singles';
import { smppCaps } from './daily-cap';
import type { SingleResult } from '../sending/singles-store';
import { analyzeAsItGrows } from '../db/planner-stats';
import { giveBackRate, takeRate } from './rate';
import { messageIdOf, previewOf, refusalOf, type SubmitAnswer, type SubmitRequest } from './submit-answers';

/** A whole submit waiting for its group: its text decoded, answered once its group committed. */
export interface Pending {
  req: SubmitRequest;
  text: string;
  resolve: (answer: SubmitAnswer) => void;
}

interface AccountGroup {
  profileId: number;
  pending: Pending[];
}

/** PostgreSQL, one account and sender: the submits' rows in the statement storing their recipients. */
function submitsBesideRecipients({ profileId, pending }: AccountGroup, recipients: string, now: number) {
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
}

/** The smpp_submits rows of the submits accepted, each beside its recipient; their ids into `ids`. */
async function storeSubmitRows(
  trx: Executor,
  accounts: readonly AccountGroup[],
  outcomes: readonly (readonly SingleResult[])[],
  ids: number[][],
  now: number,
) {
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
}

/**
 * Stores whole messages due now in one transaction (sending/accept-singles.ts): each submit
 * refused alone (sender, length, credit) is answered with its own status, the others with the id
 * of the smpp_submits row stored beside their recipient. Throws, having stored nothing, when the
 * transaction fails.
 */
export async function storeWhole(ctx: GatewayContext, group: readonly Pending[]) {
  const byAccount = new Map<number, Pending[]>();
  for (const p of group) byAccount.set(p.req.profileId, [...(byAccount.get(p.req.profileId) ?? []), p]);
  // Accounts by id: every path takes their balances in that order.
  const accounts = [...byAccount].sort(([a], [b]) => a - b).map(([profileId, pending]) => ({ profileId, pending }));
  const now = ctx.now();
  const ids: number[][] = accounts.map(() => []);
  const results = await acceptSingles(
    ctx,
    accounts.map(({ profileId, pending }) => ({
      profileId,
      texts: pending.map((p) => ({ sender: p.req.source, number: p.req.destination, text: p.text })),
    })),
    {
      description: 'SMPP',
      limit: {
        take: (i, parts) => {
          const { profileId, pending } = accounts[i]!;
          return takeRate(ctx.db, profileId, pending[pending.length - 1]!.req.throughput, parts, now);
        },
        giveBack: (i, parts) => giveBackRate(ctx.db, accounts[i]!.profileId, parts, now),
      },
      besideInOne: (i, recipients) => submitsBesideRecipients(accounts[i]!, recipients, now),
      capsOf: (i) => smppCaps(accounts[i]!.pending[accounts[i]!.pending.length - 1]!.req.dailyCap),
      inTransaction: (trx, outcomes) => storeSubmitRows(trx, accounts, outcomes, ids, now),
    },
  );
  accounts.forEach(({ pending }, i) =>
    pending.forEach((p, k) => {
      const outcome = results[i]![k]!;
      p.resolve(
        outcome.ok
          ? { ok: true, messageId: messageIdOf(outcome.besideId ?? ids[i]![k]!) }
          : refusalOf(ctx, outcome.refusal),
      );
    }),
  );
  // Receipts look their submits up by recipient: the planner needs to know how many there are.
  void analyzeAsItGrows(ctx.db, 'smpp_submits', results.flat().filter((r) => r.ok).length, ctx.reportError);
}

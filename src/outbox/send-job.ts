import { ApiFailure } from '../api/api-failure';
import { sendSms, type SendAnswer } from '../api/send-api';
import { alertSeverity, BATCHING_NOTICE, TRY_AGAIN, type AlertSeverity } from '../domain/alerts';
import {
  BATCH_GAP_MS,
  decideSendOutcome,
  smallerBatchSize,
  type SendBatch,
  type SendFailure,
} from '../domain/send/outbox-policy';
import { idempotencyKey } from '../domain/send/idempotency-key';
import { updatesBalanceAfterSend } from '../domain/messages/sender-id';
import type { SendItem } from '../domain/types';
import type { OutboxJob, StoredUser } from '../db/app-db';
import { acknowledgeSend, readBatch, readBatches, updateJob } from '../db/outbox-store';
import { currentAccount } from '../db/session-store';
import { emitOutboxEvent } from './outbox-events';
import { joinBatchItems, recipientsOf, rowOf, tooLargeAlone } from './job-items';
import { announceSent } from './send-end';
import type { Scheduler } from './scheduler';

export type OutboxAlert = { message: string; severity: AlertSeverity };

/** A job whose stored records are incomplete: it can never be sent as queued. */
export class BrokenJobError extends Error {
  override name = 'BrokenJobError';
}

export interface JobContext {
  scheduler: Scheduler;
  /** Aborts when the drainer stops: an in-flight request is dropped, its batch is sent again later. */
  signal: AbortSignal;
  /** Above this body size the job goes straight to batches (the gateway's 1 MiB default, with room). */
  maxWholeBytes: number;
  alert: (alert: OutboxAlert) => void;
  online: () => boolean;
  random?: () => number;
}

/**
 * The sending account as it is now: the credential its sends go with, and which sign-in it is. The
 * outbox sends with the session token (the gateway keeps API keys hashed and never hands them back).
 */
async function sender(profileId: number): Promise<{ credential: string; signedInAt: number } | null> {
  const account = await currentAccount();
  if (!account || account.session.profile_id !== profileId) return null;
  return { credential: account.session.token, signedInAt: account.session.signedInAt };
}

/** What a failed call means to the retry policy; 'ack' is an answer the gateway gave with 2xx. */
function failureOf(error: unknown): SendFailure | 'ack' {
  if (!(error instanceof ApiFailure)) return 'network';
  switch (error.kind) {
    case 'network':
    case 'timeout':
      return error.kind;
    case 'too-large':
      return 413;
    case 'invalid-token':
      return 401;
    case 'invalid-answer':
      // Accepted with an unreadable body: the recipients went out; only the balance is unknown.
      return error.httpStatus >= 200 && error.httpStatus < 300 ? 'ack' : error.httpStatus || 'network';
    case 'refused':
      return error.httpStatus >= 400 ? error.httpStatus : 400;
  }
}

function userChanges(job: OutboxJob, answer: SendAnswer | null): Partial<StoredUser> {
  // A send sets the scheduled tab flag and, unless an 'rccg' sender, the balances (docs/product.md#the-send-form).
  if (!answer || !updatesBalanceAfterSend(job.senderIds)) return { scheduledsmsTab: true };
  return {
    scheduledsmsTab: true,
    creditbalance: answer.creditbalance,
    internationalcreditbalance: answer.internationalcreditbalance,
  };
}

type Attempt =
  { ok: true; answer: SendAnswer | null } | { ok: false; error: unknown; failure: SendFailure } | { ok: 'stopped' };

async function attempt(credential: string, items: readonly SendItem[], key: string, ctx: JobContext): Promise<Attempt> {
  try {
    return { ok: true, answer: await sendSms(credential, items, { idempotencyKey: key, signal: ctx.signal }) };
  } catch (error) {
    if (ctx.signal.aborted) return { ok: 'stopped' };
    const failure = failureOf(error);
    return failure === 'ack' ? { ok: true, answer: null } : { ok: false, error, failure };
  }
}

/**
 * Applies the retry policy to a failed request for `sent` (the whole job, or a piece of a batch); returns
 * the job's changes when it should go on at once in smaller requests, else null.
 */
async function onFailure(
  job: OutboxJob,
  result: Extract<Attempt, { ok: false }>,
  sent: SendBatch,
  signedInAt: number,
  ctx: JobContext,
) {
  const recipients = sent.to - sent.from + 1;
  const failure = result.error instanceof ApiFailure ? result.error : null;
  const decision = decideSendOutcome(result.failure, job.attempts + 1, {
    recipients,
    random: ctx.random,
    retryAfterMs: failure?.retryAfterMs,
  });
  const now = ctx.scheduler.now();
  switch (decision.kind) {
    case 'split': {
      // The whole send goes to batches of 100; a batch (or piece) still too large, to half as many a request.
      const changes: Partial<OutboxJob> = job.split
        ? { pieceSize: smallerBatchSize(recipients), attempts: 0 }
        : { split: true, attempts: 0 };
      await updateJob(job.id, { ...changes, updatedAt: now });
      emitOutboxEvent({ type: 'split', jobId: job.id });
      return changes;
    }
    case 'retry':
      await updateJob(job.id, { attempts: job.attempts + 1, notBefore: now + decision.afterMs, updatedAt: now });
      emitOutboxEvent({ type: 'retry', jobId: job.id, afterMs: decision.afterMs, reason: String(result.failure) });
      return null;
    case 'signed-out':
      // Kept for this account: it goes on after the next sign-in (docs/architecture.md#the-pwa-flows).
      await updateJob(job.id, { state: 'paused', pausedSignIn: signedInAt, updatedAt: now });
      emitOutboxEvent({ type: 'paused', jobId: job.id, profile_id: job.profile_id, signedInAt });
      return null;
    case 'final':
    case 'done': {
      // A message too large alone: its row is kept, so the user may skip it and send the rest.
      const tooLarge = result.failure === 413 ? rowOf(sent) : undefined;
      const message = tooLarge ? tooLargeAlone(tooLarge) : failure?.message || TRY_AGAIN;
      await updateJob(job.id, { state: 'failed', error: message, tooLarge, updatedAt: now });
      ctx.alert({ message, severity: alertSeverity(failure?.status ?? 'error') });
      emitOutboxEvent({ type: 'failed', jobId: job.id, message });
      return null;
    }
  }
}

/**
 * Sends one job as far as it can go now: whole first; on 413 or above the size limit, 100
 * recipients a batch, BATCH_GAP_MS apart, progress stored after every acknowledged batch.
 */
export async function runJob(initial: OutboxJob, ctx: JobContext): Promise<void> {
  let job = initial;
  const account = await sender(job.profile_id);
  if (!account) return;
  if (job.state !== 'sending') await updateJob(job.id, { state: 'sending', updatedAt: ctx.scheduler.now() });

  if (!job.split && job.nextBatch === 0) {
    if (job.bytes <= ctx.maxWholeBytes) {
      const whole = { from: 0, to: job.total - 1, items: joinBatchItems(await readBatches(job.id)) };
      const result = await attempt(account.credential, whole.items, idempotencyKey(job.id, whole.from, whole.to), ctx);
      if (result.ok === 'stopped') return;
      if (result.ok) {
        const now = ctx.scheduler.now();
        const done = {
          state: 'done',
          sent: job.total,
          nextBatch: job.batchCount,
          attempts: 0,
          lastSentAt: now,
          updatedAt: now,
        } as const;
        const waits = result.answer?.awaitingApproval === true;
        await acknowledgeSend(
          job.id,
          { ...done, message_id: result.answer?.message_id, ...(waits ? { awaitingApproval: true } : {}) },
          userChanges(job, result.answer),
        );
        emitOutboxEvent({
          type: 'progress',
          jobId: job.id,
          sent: job.total,
          total: job.total,
          batch: job.batchCount - 1,
        });
        emitOutboxEvent({ type: 'done', jobId: job.id });
        ctx.alert({
          message: result.answer?.message || 'Messages sent successfully',
          severity: waits ? 'info' : 'success',
        });
        return;
      }
      if (!(await onFailure(job, result, whole, account.signedInAt, ctx))) return;
    } else {
      await updateJob(job.id, { split: true, updatedAt: ctx.scheduler.now() });
    }
    job = { ...job, split: true, attempts: 0 };
    ctx.alert({ message: BATCHING_NOTICE, severity: 'info' });
  }
  await runBatches(job, account.credential, ctx);
}

/**
 * Recipients [skip, skip + take) of a stored batch as one request: a batch of 100 that the gateway still
 * finds too large goes out in pieces of 50, 25, ... (OutboxJob.pieceSize), each with its own key.
 */
function pieceOf(batch: SendBatch, skip: number, take: number): SendBatch {
  const items = recipientsOf(batch.items).slice(skip, skip + take);
  return { from: batch.from + skip, to: batch.from + skip + items.length - 1, items: joinBatchItems([{ items }]) };
}

async function runBatches(start: OutboxJob, credential: string, ctx: JobContext): Promise<void> {
  let job = start;
  while (job.nextBatch < job.batchCount) {
    const wait = job.lastSentAt + BATCH_GAP_MS - ctx.scheduler.now();
    if (job.lastSentAt > 0 && wait > 0) await ctx.scheduler.sleep(wait, ctx.signal);
    // Between batches the account may have signed out or the network gone: the drainer decides again.
    const account = await sender(job.profile_id);
    if (!account || account.credential !== credential || !ctx.online()) return;
    const batch = await readBatch(job.id, job.nextBatch);
    if (!batch)
      throw new BrokenJobError(`This send could not be read back from the device (batch ${job.nextBatch} is missing)`);
    // Batches are contiguous: what of this one the gateway has acknowledged (or the user skipped) is what `sent` has passed.
    const done = Math.max(0, job.sent - batch.from);
    const piece =
      job.pieceSize || done > 0 ? pieceOf(batch, done, job.pieceSize ?? batch.to - batch.from + 1 - done) : batch;
    const result = await attempt(credential, piece.items, idempotencyKey(job.id, piece.from, piece.to), ctx);
    if (result.ok === 'stopped') return;
    if (!result.ok) {
      const smaller = await onFailure(job, result, piece, account.signedInAt, ctx);
      if (!smaller) return;
      job = { ...job, ...smaller };
      continue;
    }
    const now = ctx.scheduler.now();
    const batchDone = piece.to >= batch.to;
    const last = batchDone && job.nextBatch + 1 === job.batchCount;
    const changes: Partial<OutboxJob> = {
      nextBatch: batchDone ? job.nextBatch + 1 : job.nextBatch,
      sent: piece.to + 1,
      attempts: 0,
      lastSentAt: now,
      updatedAt: now,
      ...(batchDone ? { pieceSize: undefined } : {}),
      ...(last ? { state: 'done' as const } : {}),
      ...(result.answer?.message_id ? { message_id: result.answer.message_id } : {}),
      ...(result.answer?.awaitingApproval ? { awaitingApproval: true } : {}),
    };
    await acknowledgeSend(job.id, changes, userChanges(job, result.answer));
    job = { ...job, ...changes };
    emitOutboxEvent({ type: 'progress', jobId: job.id, sent: job.sent, total: job.total, batch: batch.index });
  }
  announceSent(job, ctx.alert);
}

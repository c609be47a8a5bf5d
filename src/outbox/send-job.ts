import { ApiFailure } from '../api/api-failure';
import { sendSms, type SendAnswer } from '../api/send-api';
import { alertSeverity, BATCHES_SENT, BATCHING_NOTICE, type AlertSeverity } from '../domain/alerts';
import { BATCH_GAP_MS, decideSendOutcome, idempotencyKey, type SendFailure } from '../domain/outbox-policy';
import { updatesBalanceAfterSend } from '../domain/sender-id';
import type { SendItem } from '../domain/types';
import type { OutboxJob, StoredUser } from '../db/app-db';
import { acknowledgeSend, readBatch, readBatches, updateJob } from '../db/outbox-store';
import { db } from '../db/db';
import { emitOutboxEvent } from './outbox-events';
import { joinBatchItems } from './job-items';
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

/** The sending account as it is now: its API key, and which sign-in it is. */
async function sender(profileId: number): Promise<{ apikey: string; signedInAt: number } | null> {
  const session = await db.session.get('current');
  if (!session || session.profile_id !== profileId) return null;
  const user = await db.users.get(profileId);
  return user ? { apikey: user.apikey, signedInAt: session.signedInAt } : null;
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
  // SPEC 4: a send sets the scheduled tab flag and, unless an 'rccg' sender, the balances.
  if (!answer || !updatesBalanceAfterSend(job.senderIds)) return { scheduledsmsTab: true };
  return { scheduledsmsTab: true, creditbalance: answer.creditbalance, internationalcreditbalance: answer.internationalcreditbalance };
}

type Attempt = { ok: true; answer: SendAnswer | null } | { ok: false; error: unknown; failure: SendFailure } | { ok: 'stopped' };

async function attempt(apikey: string, items: readonly SendItem[], key: string, ctx: JobContext): Promise<Attempt> {
  try {
    return { ok: true, answer: await sendSms(apikey, items, { idempotencyKey: key, signal: ctx.signal }) };
  } catch (error) {
    if (ctx.signal.aborted) return { ok: 'stopped' };
    const failure = failureOf(error);
    return failure === 'ack' ? { ok: true, answer: null } : { ok: false, error, failure };
  }
}

/** Applies the retry policy to a failed request; returns true when the job should go on in batches. */
async function onFailure(job: OutboxJob, result: Extract<Attempt, { ok: false }>, batched: boolean, signedInAt: number, ctx: JobContext) {
  const decision = decideSendOutcome(result.failure, job.attempts + 1, { batched, random: ctx.random });
  const now = ctx.scheduler.now();
  switch (decision.kind) {
    case 'split':
      await updateJob(job.id, { split: true, attempts: 0, updatedAt: now });
      emitOutboxEvent({ type: 'split', jobId: job.id });
      return true;
    case 'retry':
      await updateJob(job.id, { attempts: job.attempts + 1, notBefore: now + decision.afterMs, updatedAt: now });
      emitOutboxEvent({ type: 'retry', jobId: job.id, afterMs: decision.afterMs, reason: String(result.failure) });
      return false;
    case 'signed-out':
      // Kept for this account: it goes on after the next sign-in (ARCHITECTURE.md).
      await updateJob(job.id, { state: 'paused', pausedSignIn: signedInAt, updatedAt: now });
      emitOutboxEvent({ type: 'paused', jobId: job.id });
      return false;
    case 'final':
    case 'done': {
      const failure = result.error instanceof ApiFailure ? result.error : null;
      const message = failure?.message || 'Something went wrong please try again';
      await updateJob(job.id, { state: 'failed', error: message, updatedAt: now });
      ctx.alert({ message, severity: alertSeverity(failure?.status ?? 'error') });
      emitOutboxEvent({ type: 'failed', jobId: job.id, message });
      return false;
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
      const items = joinBatchItems(await readBatches(job.id));
      const result = await attempt(account.apikey, items, idempotencyKey(job.id, 0, job.total - 1), ctx);
      if (result.ok === 'stopped') return;
      if (result.ok) {
        const now = ctx.scheduler.now();
        const done = { state: 'done', sent: job.total, nextBatch: job.batchCount, attempts: 0, lastSentAt: now, updatedAt: now } as const;
        await acknowledgeSend(job.id, { ...done, message_id: result.answer?.message_id }, userChanges(job, result.answer));
        emitOutboxEvent({ type: 'progress', jobId: job.id, sent: job.total, total: job.total, batch: job.batchCount - 1 });
        emitOutboxEvent({ type: 'done', jobId: job.id });
        ctx.alert({ message: result.answer?.message || 'Messages sent successfully', severity: 'success' });
        return;
      }
      if (!(await onFailure(job, result, false, account.signedInAt, ctx))) return;
    } else {
      await updateJob(job.id, { split: true, updatedAt: ctx.scheduler.now() });
    }
    job = { ...job, split: true, attempts: 0 };
    ctx.alert({ message: BATCHING_NOTICE, severity: 'info' });
  }
  await runBatches(job, account.apikey, ctx);
}

async function runBatches(start: OutboxJob, apikey: string, ctx: JobContext): Promise<void> {
  let job = start;
  while (job.nextBatch < job.batchCount) {
    const wait = job.lastSentAt + BATCH_GAP_MS - ctx.scheduler.now();
    if (job.lastSentAt > 0 && wait > 0) await ctx.scheduler.sleep(wait, ctx.signal);
    // Between batches the account may have signed out or the network gone: the drainer decides again.
    const account = await sender(job.profile_id);
    if (!account || account.apikey !== apikey || !ctx.online()) return;
    const batch = await readBatch(job.id, job.nextBatch);
    if (!batch) throw new BrokenJobError(`This send could not be read back from the device (batch ${job.nextBatch} is missing)`);
    const result = await attempt(apikey, batch.items, idempotencyKey(job.id, batch.from, batch.to), ctx);
    if (result.ok === 'stopped') return;
    if (!result.ok) {
      await onFailure(job, result, true, account.signedInAt, ctx);
      return;
    }
    const now = ctx.scheduler.now();
    const last = job.nextBatch + 1 === job.batchCount;
    const changes: Partial<OutboxJob> = {
      nextBatch: job.nextBatch + 1,
      sent: batch.to + 1,
      attempts: 0,
      lastSentAt: now,
      updatedAt: now,
      ...(last ? { state: 'done' as const } : {}),
      ...(result.answer?.message_id ? { message_id: result.answer.message_id } : {}),
    };
    await acknowledgeSend(job.id, changes, userChanges(job, result.answer));
    job = { ...job, ...changes };
    emitOutboxEvent({ type: 'progress', jobId: job.id, sent: job.sent, total: job.total, batch: batch.index });
  }
  emitOutboxEvent({ type: 'done', jobId: job.id });
  ctx.alert({ message: BATCHES_SENT, severity: 'success' });
}

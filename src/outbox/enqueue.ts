import { countRecipients, splitIntoBatches } from '../domain/send/outbox-policy';
import type { SendItem } from '../domain/types';
import type { OutboxBatch, OutboxJob } from '../db/app-db';
import { addJob } from '../db/outbox-store';
import { readSession } from '../db/session-store';
import { jsonBytes } from './job-items';
import { announceJobQueued } from './job-queued';

export interface SendRequest {
  items: readonly SendItem[];
  /** The account the send belongs to; the signed-in one when left out. */
  profile_id?: number;
  campaign?: string;
  /** The send form's draft fields, kept with the job so a refused send can be edited and sent again. */
  form?: Record<string, unknown>;
  /**
   * The account's draft once the send is queued (the emptied form), stored in the same transaction as
   * the job: a reload or a closed app a moment after the send can never bring the sent text back.
   */
  draftAfter?: Record<string, unknown>;
}

let persistAsked = false;

function newJobId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// Queued sends must outlive storage pressure; browsers may grant this only after engagement, so ask once.
function askPersistentStorage(): void {
  if (persistAsked) return;
  persistAsked = true;
  if (typeof navigator === 'undefined') return;
  void navigator.storage?.persist?.().catch(() => false);
}

/**
 * Queues a send: one job row and its messages in records of 100, in ONE transaction, and returns
 * the job id as soon as it is stored, online or offline. The drainer sends it.
 */
export async function enqueue(send: SendRequest, now = Date.now()): Promise<string> {
  const profileId = send.profile_id ?? (await readSession())?.profile_id;
  if (profileId === undefined) throw new Error('Sign in to send messages');
  const total = countRecipients(send.items);
  if (total === 0) throw new Error('No recipients to send to');
  const id = newJobId();
  const split = splitIntoBatches(send.items);
  const batches: OutboxBatch[] = split.map((b, index) => ({
    jobId: id,
    index,
    from: b.from,
    to: b.to,
    items: b.items,
  }));
  const first = send.items[0]!;
  const job: OutboxJob = {
    id,
    profile_id: profileId,
    state: 'queued',
    createdAt: now,
    updatedAt: now,
    total,
    sent: 0,
    batchCount: batches.length,
    nextBatch: 0,
    split: false,
    bytes: jsonBytes({ messageobject: send.items }),
    attempts: 0,
    notBefore: 0,
    lastSentAt: 0,
    senderIds: [...new Set(send.items.map((i) => i.sourceAddress))],
    summary: {
      messageType: first.messageType,
      text: first.shortMessage,
      campaign: send.campaign ?? first.messageDescription,
    },
    ...(send.form ? { form: send.form } : {}),
  };
  await addJob(job, batches, send.draftAfter);
  askPersistentStorage();
  announceJobQueued();
  return id;
}

// A bind's submit_sm (docs/smpp.md#sending): read from its bytes, its fields checked (data coding,
// sender ID, number, concatenation, schedule, validity) and the account's throughput taken, then
// handed to the submit desk (submits.ts) and answered; a bind with a full window is not read.
import smpp from 'smpp';
import type { GatewayContext } from '../core/context';
import { splitSenderIds } from '../../../src/domain/messages/sender-id';
import { checkPhoneNumber } from '../../../src/domain/numbers/number-screen';
import { needsUnicode, smsLength, smsParts } from '../../../src/domain/messages/sms';
import { readSubmit, type SubmitBody } from '../smpp/pdu-in';
import { submitSmResp } from '../smpp/pdu-out';
import { concatOf } from '../smpp/concatenation';
import { DATA_CODINGS, decodeText } from '../smpp/text-coding';
import { smppTime } from '../smpp/times';
import { flow, genericNack, sendOn, type Conn } from './connection';
import type { SubmitDesk } from './submits';
import type { SubmitAnswer } from './submit-answers';
import type { Binds } from './binds';

/** How far ahead a submit may be scheduled (docs/smpp.md#sending). */
export const SCHEDULE_AHEAD_MAX_DAYS = 30;
const SCHEDULE_AHEAD_MAX_MS = SCHEDULE_AHEAD_MAX_DAYS * 24 * 3600 * 1000;

export interface SubmitIntake {
  ctx: GatewayContext;
  desk: SubmitDesk;
  binds: Binds;
  /** The server is stopping: a bind paused for its window stays paused. */
  stopped: () => boolean;
}

/** Takes one submit_sm of a bind and answers it once the desk has (or its fields refused it). */
export function takeSubmit(intake: SubmitIntake, conn: Conn, sequence: number, raw: Buffer) {
  // The request was read from its bytes (readSubmit), so its answer is made from its sequence number.
  const respond = (status: number | undefined) =>
    sendOn(conn, submitSmResp(sequence, { status: status ?? smpp.errors.ESME_RSYSERR! }));
  if (!conn.bound || conn.bound.type === 'receiver') {
    respond(smpp.errors.ESME_RINVBNDSTS);
    return;
  }
  let body: SubmitBody;
  try {
    body = readSubmit(raw);
  } catch {
    genericNack(conn, sequence, smpp.errors.ESME_RINVCMDLEN!);
    return;
  }
  conn.inflight += 1;
  flow(conn, intake.stopped());
  const profileId = conn.bound.profileId;
  void checkAndSubmit(intake, profileId, body)
    .catch((error: unknown): SubmitAnswer => {
      intake.ctx.reportError?.('SMPP submit', error);
      return { ok: false, status: 'ESME_RSYSERR', reason: 'fault' };
    })
    .then((a) => {
      conn.inflight -= 1;
      intake.ctx.observers?.smppSubmit(profileId, a.ok ? 'accepted' : a.status);
      if (!conn.closed) {
        if (a.ok) sendOn(conn, submitSmResp(sequence, { messageId: a.messageId }));
        else respond(smpp.errors[a.status]);
      }
      flow(conn, intake.stopped());
    });
}

type Refusal = Extract<SubmitAnswer, { ok: false }>;
const refused = (status: Refusal['status'], reason: string): Refusal => ({ ok: false, status, reason });

/** When to send and until when: the submit's schedule and validity, checked against now. */
function timesOf(body: SubmitBody, now: number): { dueAt: number | null; expiresAt: number | null } | Refusal {
  let dueAt: number | null;
  let expiresAt: number | null;
  try {
    dueAt = smppTime(body.scheduleDeliveryTime, now);
  } catch {
    return refused('ESME_RINVSCHED', 'schedule_delivery_time');
  }
  if (dueAt !== null && dueAt > now + SCHEDULE_AHEAD_MAX_MS)
    return refused('ESME_RINVSCHED', `scheduled more than ${SCHEDULE_AHEAD_MAX_DAYS} days ahead`);
  try {
    expiresAt = smppTime(body.validityPeriod, now);
  } catch {
    return refused('ESME_RINVEXPIRY', 'validity_period');
  }
  if (expiresAt !== null && expiresAt <= Math.max(now, dueAt ?? 0))
    return refused('ESME_RINVEXPIRY', 'validity_period already passed');
  return { dueAt, expiresAt };
}

/** A submit's fields checked, the account's throughput taken, then the desk's answer. */
async function checkAndSubmit(intake: SubmitIntake, profileId: number, body: SubmitBody): Promise<SubmitAnswer> {
  const user = intake.binds.user(profileId);
  if (!user) return refused('ESME_RSYSERR', 'account not found');
  if (!DATA_CODINGS.has(body.dataCoding))
    return refused('ESME_RSUBMITFAIL', `data_coding ${body.dataCoding} is not taken`);
  if (!splitSenderIds(user.senderidapproved).includes(body.source))
    return refused('ESME_RINVSRCADR', 'sender ID not approved');
  const number = checkPhoneNumber(body.destination);
  if (!number.ok) return refused('ESME_RINVDSTADR', 'not a phone number');
  let concat: ReturnType<typeof concatOf>;
  try {
    concat = concatOf(body);
  } catch {
    return refused('ESME_RINVMSGLEN', 'malformed UDH');
  }
  if (concat.total < 1 || concat.seq < 1 || concat.seq > concat.total)
    return refused('ESME_RINVMSGLEN', 'part number out of range');
  const times = timesOf(body, intake.ctx.now());
  if ('ok' in times) return times;
  // Throughput counts parts: one per submit_sm, or the parts of a message_payload's text.
  let parts = 1;
  if (body.fromPayload) {
    const text = decodeText(body.dataCoding, concat.bytes);
    parts = smsParts(smsLength(text, needsUnicode(text)));
  }
  const bucket = intake.binds.bucket(profileId);
  if (!bucket || !bucket.take(parts)) return refused('ESME_RTHROTTLED', 'throughput');
  return intake.desk.submit({
    profileId,
    source: body.source,
    destination: number.number,
    dataCoding: body.dataCoding,
    bytes: concat.bytes,
    ref: concat.total > 1 ? concat.ref : null,
    seq: concat.seq,
    total: concat.total,
    registeredDelivery: body.registeredDelivery,
    ...times,
    throughput: bucket.rate,
    parts,
    dailyCap: intake.binds.dailyCap(profileId),
  });
}

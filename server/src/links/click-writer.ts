import type { CompiledQuery, Insertable } from 'kysely';
import type { Executor } from '../db/database';
import { sameParameters } from '../db/queries';
import type { LinkClicksTable } from '../db/schema-links';
import { yieldToLoop } from '../core/event-loop';

// Clicks are written after the redirect has answered, together (a group commit): the clicks of one turn
// of the event loop go into one insert at the turn's end, and a click queued while an insert is under
// way into the next with every click that came meanwhile, so 200 clicks at once cost a few inserts, not
// 200, and no person waits for one. The gateway's stop waits for the queue (clicksWritten); a killed
// process loses what was queued in its last insert's time (docs/architecture.md#short-links).

/** The most clicks one insert carries (well under each database's limit on a statement's parameters). */
const MOST_IN_ONE_INSERT = 500;

/**
 * The most clicks waiting for their insert: with the database stalled, a flood of clicks would
 * otherwise grow the queue without end (about 200 bytes a click: 20 MB at most). Past it a click is
 * not recorded, and the loss is told with the next insert's end.
 */
export const MOST_WAITING = 100_000;

/** A click's values in the order its insert takes them. */
const CLICK_COLUMNS = [
  'code',
  'profile_id',
  'message_id',
  'recipient_id',
  'recipient_index',
  'network',
  'device',
  'at',
] as const satisfies readonly (keyof Insertable<LinkClicksTable>)[];

type Click = Insertable<LinkClicksTable>;
/** Told of clicks not recorded, with how many (the people were redirected all the same). */
export type ClickLoss = ((where: string, error: unknown) => void) | undefined;

interface Writer {
  queue: (row: Click, onLoss: ClickLoss) => void;
  /** Queues the click once `isPerson` says it is a person's; a failed check loses it (told to onLoss). */
  queueOnceChecked: (row: Click, onLoss: ClickLoss, isPerson: Promise<boolean>) => void;
  /** The checks and inserts under way, until the queue is empty. */
  written: () => Promise<void>;
}

const writers = new WeakMap<Executor, Writer>();

function writerOf(db: Executor): Writer {
  let writer = writers.get(db);
  if (!writer) {
    writer = clickWriter(db);
    writers.set(db, writer);
  }
  return writer;
}

/** Queues one click for the next insert; nothing waits for it. Clicks lost are told to `onLoss` (the latest given). */
export function queueClick(db: Executor, row: Click, onLoss: ClickLoss): void {
  writerOf(db).queue(row, onLoss);
}

/**
 * Queues one click once `isPerson` resolves true (a check of the click's own, such as its recipient's
 * delivery time, that its redirect does not wait for); false drops it, a failure loses it, told to `onLoss`.
 */
export function queueClickOnceChecked(db: Executor, row: Click, onLoss: ClickLoss, isPerson: Promise<boolean>): void {
  writerOf(db).queueOnceChecked(row, onLoss, isPerson);
}

/** Resolves once every click queued so far is checked and written (or its insert has failed and been told). */
export function clicksWritten(db: Executor): Promise<void> {
  return writerOf(db).written();
}

function clickWriter(db: Executor): Writer {
  let waiting: Click[] = [];
  let writing: Promise<void> | null = null;
  let reportLoss: ClickLoss;
  /** Clicks turned away while the queue was full, told with the next insert's end. */
  let turnedAway = 0;
  const lost = (clicks: number, error: unknown) => reportLoss?.(`short link clicks not recorded (${clicks})`, error);
  // Each number of clicks an insert carries has one statement text: it is built once and kept, then
  // given each batch's values (building a 200-row insert anew cost a busy redirect about 5% of its time).
  const insertsBySize = new Map<number, CompiledQuery>();

  function insertOf(batch: Click[]): CompiledQuery {
    const values: unknown[] = [];
    for (const row of batch) for (const column of CLICK_COLUMNS) values.push(row[column]);
    const kept = insertsBySize.get(batch.length);
    if (kept) return { ...kept, parameters: values };
    const built = db.insertInto('link_clicks').values(batch).compile();
    if (sameParameters(built.parameters, values)) insertsBySize.set(batch.length, built);
    return built;
  }

  async function writeAll(): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, MOST_IN_ONE_INSERT);
      waiting = waiting.slice(batch.length);
      try {
        await db.executeQuery(insertOf(batch));
      } catch (error) {
        lost(batch.length, error);
      }
      if (turnedAway > 0) lost(turnedAway, new Error('too many clicks waiting for the database'));
      turnedAway = 0;
    }
    writing = null;
  }

  /** The checks under way of clicks queued once checked. */
  const checks = new Set<Promise<unknown>>();

  function queue(row: Click, onLoss: ClickLoss) {
    reportLoss = onLoss;
    if (waiting.length >= MOST_WAITING) turnedAway += 1;
    else waiting.push(row);
    // At the turn's end: on SQLite an insert begun at once ends before the next socket is read (4 clicks an insert).
    writing ??= yieldToLoop().then(writeAll);
  }

  return {
    queue,
    queueOnceChecked(row, onLoss, isPerson) {
      const check = isPerson
        .then(
          (person) => person && queue(row, onLoss),
          (error: unknown) => onLoss?.('short link clicks not recorded (1)', error),
        )
        .finally(() => checks.delete(check));
      checks.add(check);
    },
    async written() {
      while (checks.size > 0 || writing) {
        await Promise.all(checks);
        await writing;
      }
    },
  };
}

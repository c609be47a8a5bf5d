// @vitest-environment node
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { displayPhone } from '../../../src/domain/numbers/phone-number';
import { enqueue } from '../../../src/outbox/enqueue';
import { BATCHES_SENT } from '../../../src/domain/alerts';
import { resumeFailedJob } from '../../../src/db/outbox-store';
import { skipRowAndSendTheRest } from '../../../src/outbox/send-end';
import { onAlert } from '../../../src/notify/alerts-bus';
import { carrierLog, numbersFrom, quickItem, signInAs } from './support/live-gateway';
import { drainerFor, keysOf, useDrainerTestWorld, waitForJob } from './support/drain-helpers';

/** One personalised message a number: short ones, and far too long ones at the rows `tooLong` names. */
const itemsWith = (numbers: readonly string[], tooLong: readonly number[], size: number) =>
  numbers.map((n, i) =>
    quickItem([n], {
      shortMessage: tooLong.includes(i) ? 'x'.repeat(size) : `Hi ${i}`,
      typeandsubtype: 'quick:personalized',
    }),
  );

const stoppedOn = (row: number, number: string) =>
  `The message for row ${row} (${displayPhone(number)}) is too large for the gateway even on its own: shorten its text and send again`;

describe('outbox: skipping a message too large on its own and sending the rest', () => {
  const world = useDrainerTestWorld();

  it('goes on after the skipped row in the same batch, each other recipient sent once, the row named', async () => {
    const live = await world.start({ maxBodyBytes: 1_500 });
    await signInAs(live);
    const numbers = numbersFrom(9100, 5);
    const id = await enqueue({ items: itemsWith(numbers, [2], 1300) });
    const { drainer, alerts } = drainerFor(live);
    world.stops.push(() => drainer.stop());

    expect(await waitForJob(id)).toMatchObject({
      state: 'failed',
      sent: 2,
      error: stoppedOn(3, numbers[2]!),
      tooLarge: { index: 2, number: numbers[2] },
    });
    // "Send the rest" alone would only meet the same row again; the skip goes past it.
    expect(await skipRowAndSendTheRest(id, 2)).toBe(true);
    expect(await waitForJob(id)).toMatchObject({ state: 'done', sent: 5, skipped: [{ index: 2, number: numbers[2] }] });
    expect(keysOf(live, id)).toEqual(['0-4', '0-4', '0-1', '2-3', '2-2', '3-4']);
    const { rows, summary } = await carrierLog(live, id);
    expect(summary).toEqual({ total: 4, unique: 4, duplicates: 0 });
    expect(rows.map((r) => [r.recipient_index, r.to_number, r.text])).toEqual(
      [0, 1, 3, 4].map((i) => [i, numbers[i], `Hi ${i}`]),
    );
    expect(alerts.slice(-2)).toEqual([
      { message: BATCHES_SENT, severity: 'success' },
      {
        message: 'Row 3 (024 000 9102) was skipped and not sent: its message is too large for the gateway',
        severity: 'warning',
      },
    ]);
    expect(await skipRowAndSendTheRest(id, 2)).toBe(false); // done: nothing left to skip
  });

  it('goes on with the next batch when the skipped row ends one, and skips a second such row too', async () => {
    // About 200 bytes a short message: 50 (10 KB) fit, one of 17,000 characters never does.
    const live = await world.start({ maxBodyBytes: 16_000 });
    await signInAs(live);
    const numbers = numbersFrom(9200, 105);
    const id = await enqueue({ items: itemsWith(numbers, [99, 102], 17_000) });
    const { drainer, alerts } = drainerFor(live);
    world.stops.push(() => drainer.stop());

    expect(await waitForJob(id)).toMatchObject({
      state: 'failed',
      sent: 99,
      nextBatch: 0,
      error: stoppedOn(100, numbers[99]!),
    });
    expect(await skipRowAndSendTheRest(id, 99)).toBe(true);
    expect(await waitForJob(id)).toMatchObject({
      state: 'failed',
      sent: 102,
      nextBatch: 1,
      error: stoppedOn(103, numbers[102]!),
    });
    expect(await skipRowAndSendTheRest(id, 102)).toBe(true);
    const job = await waitForJob(id);
    expect(job).toMatchObject({ state: 'done', sent: 105 });
    expect(job.skipped?.map((r) => r.index)).toEqual([99, 102]);
    const keys = keysOf(live, id);
    // Every request after a skip starts past the skipped row: no key names it again.
    expect(keys.slice(keys.lastIndexOf('99-99') + 1)).toEqual(['100-104', '100-101', '102-103', '102-102', '103-104']);
    const { rows, summary } = await carrierLog(live, id);
    expect(summary).toEqual({ total: 103, unique: 103, duplicates: 0 });
    const sentTo = numbers.map((n, i) => [i, n]).filter(([i]) => i !== 99 && i !== 102);
    expect(rows.map((r) => [r.recipient_index, r.to_number])).toEqual(sentTo);
    expect(alerts.at(-1)?.message).toBe(
      'Rows 100 (024 000 9299) and 103 (024 000 9302) were skipped and not sent: their messages are too large for the gateway',
    );
  });

  it('ends the send on the device when the skipped row is its last one, with no request, and says so as the drainer would', async () => {
    const live = await world.start({ maxBodyBytes: 1_500 });
    await signInAs(live);
    const numbers = numbersFrom(9300, 3);
    const id = await enqueue({ items: itemsWith(numbers, [2], 1300) });
    const { drainer, alerts: drainerAlerts } = drainerFor(live);
    world.stops.push(() => drainer.stop());

    expect(await waitForJob(id)).toMatchObject({ state: 'failed', sent: 2 });
    const before = keysOf(live, id).length;
    const shown: Array<{ message: string; severity: string }> = [];
    const stopAlerts = onAlert(({ message, severity }) => shown.push({ message, severity }));
    world.stops.push(async () => stopAlerts());
    expect(await skipRowAndSendTheRest(id, 2)).toBe(true);
    expect(await waitForJob(id)).toMatchObject({ state: 'done', sent: 3, skipped: [{ index: 2, number: numbers[2] }] });
    expect(keysOf(live, id)).toHaveLength(before);
    const { summary } = await carrierLog(live, id);
    expect(summary).toEqual({ total: 2, unique: 2, duplicates: 0 });
    // The alerts the drainer raises at a send's end, raised once, where the user clicked; and its 'done' event.
    expect(shown).toEqual([
      { message: BATCHES_SENT, severity: 'success' },
      {
        message: 'Row 3 (024 000 9302) was skipped and not sent: its message is too large for the gateway',
        severity: 'warning',
      },
    ]);
    expect(drainerAlerts.map((a) => a.message)).not.toContain(BATCHES_SENT);
    expect(world.events.seen.filter((e) => e.type === 'done')).toEqual([{ type: 'done', jobId: id }]);
  });

  it('skips only the row the button showed: a second click, landed once the send stopped on the next row, skips nothing', async () => {
    const live = await world.start({ maxBodyBytes: 1_500 });
    await signInAs(live);
    const numbers = numbersFrom(9500, 5);
    const id = await enqueue({ items: itemsWith(numbers, [2, 3], 1300) });
    const { drainer } = drainerFor(live);
    world.stops.push(() => drainer.stop());

    expect(await waitForJob(id)).toMatchObject({ state: 'failed', sent: 2, tooLarge: { index: 2 } });
    expect(await skipRowAndSendTheRest(id, 2)).toBe(true);
    // Within moments the send stops on row 4, and its button shows in the same place.
    expect(await waitForJob(id)).toMatchObject({ state: 'failed', sent: 3, tooLarge: { index: 3 } });
    // The click meant for row 3 (a double click, another tab's stale card) lands now.
    expect(await skipRowAndSendTheRest(id, 2)).toBe(false);
    expect(await waitForJob(id)).toMatchObject({
      state: 'failed',
      sent: 3,
      tooLarge: { index: 3, number: numbers[3] },
      skipped: [{ index: 2, number: numbers[2] }],
    });
    // Row 4 goes only when its own button is pressed.
    expect(await skipRowAndSendTheRest(id, 3)).toBe(true);
    const job = await waitForJob(id, ['done']);
    expect(job.skipped?.map((r) => r.index)).toEqual([2, 3]);
    const { rows } = await carrierLog(live, id);
    expect(rows.map((r) => r.recipient_index)).toEqual([0, 1, 4]);
  });

  it('skips a first row too large on its own: nothing was sent, and every other row goes once', async () => {
    const live = await world.start({ maxBodyBytes: 1_500 });
    await signInAs(live);
    const numbers = numbersFrom(9600, 3);
    const id = await enqueue({ items: itemsWith(numbers, [0], 1300) });
    const { drainer } = drainerFor(live);
    world.stops.push(() => drainer.stop());

    expect(await waitForJob(id)).toMatchObject({ state: 'failed', sent: 0, tooLarge: { index: 0 } });
    expect(await skipRowAndSendTheRest(id, 0)).toBe(true);
    expect(await waitForJob(id)).toMatchObject({ state: 'done', sent: 3, skipped: [{ index: 0, number: numbers[0] }] });
    const { rows, summary } = await carrierLog(live, id);
    expect(summary).toEqual({ total: 2, unique: 2, duplicates: 0 });
    expect(rows.map((r) => [r.recipient_index, r.to_number, r.text])).toEqual(
      [1, 2].map((i) => [i, numbers[i], `Hi ${i}`]),
    );
  });

  it('skips nothing in a send of that one row alone: there is no rest to send, it is edited', async () => {
    const live = await world.start({ maxBodyBytes: 1_500 });
    await signInAs(live);
    const id = await enqueue({ items: itemsWith(numbersFrom(9700, 1), [0], 1300) });
    const { drainer } = drainerFor(live);
    world.stops.push(() => drainer.stop());

    expect(await waitForJob(id)).toMatchObject({ state: 'failed', sent: 0, total: 1, tooLarge: { index: 0 } });
    expect(await skipRowAndSendTheRest(id, 0)).toBe(false);
    expect(await waitForJob(id)).toMatchObject({ state: 'failed', sent: 0 });
  });

  it('skips nothing in a send refused for another reason: that one is sent the rest as it is', async () => {
    const live = await world.start();
    await signInAs(live, 'demouser', 'demo12345', 150);
    const numbers = numbersFrom(9400, 250);
    const id = await enqueue({ items: [quickItem(numbers)] });
    const { drainer } = drainerFor(live, { maxWholeBytes: 2_000 });
    world.stops.push(() => drainer.stop());

    const job = await waitForJob(id);
    expect(job).toMatchObject({ state: 'failed', sent: 100 });
    expect(job.tooLarge).toBeUndefined();
    expect(await skipRowAndSendTheRest(id, 100)).toBe(false);
    expect(await resumeFailedJob(id)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freshNumbers } from '../unit/support/phone-numbers';
import { displayPhone } from '../../src/domain/numbers/phone-number';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { outboxJobs } from './support/app-storage';
import { carrierMessagesOfJob, carrierSummary, eventually } from './support/carrier';

const TIMEOUT = { timeout: 60_000, interval: 250 };

const tooLargeAlone = (row: number, number: string) =>
  `The message for row ${row} (${displayPhone(number)}) is too large for the gateway even on its own: shorten its text and send again`;
const skippedRow = (row: number, number: string) =>
  `Row ${row} (${displayPhone(number)}) was skipped and not sent: its message is too large for the gateway`;

describe('a send from a sheet stopped on one message too large on its own', () => {
  // A tiny body limit: two short messages (about 600 bytes) fit, one of 1,300 characters never does.
  const world = useGatewayAndBrowser({ env: { MAX_BODY_BYTES: '1500' } });

  /** Signs in and sends 'Hello {name}' to a sheet of these names, one fresh number each. */
  async function sendSheet(fileName: string, names: readonly string[]) {
    const numbers = freshNumbers(names.length);
    const file = join(world.scratch, fileName);
    writeFileSync(file, ['numbers,name', ...numbers.map((n, i) => `${n},${names[i]}`)].join('\n'));
    const opened = await world.openSignedIn();
    const { page, send } = opened;
    await send.choose('Sender ID', 'ALERTS');
    await send.choose('Sub-type', 'Personalized');
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByText(`Loaded ${names.length} rows from Sheet1 (${fileName})`).waitFor();
    await send.message.fill('Hello {name}');
    await expect.poll(() => send.recipientCount.textContent()).toBe(`${names.length} recipients`);
    await send.submit();
    return { ...opened, numbers };
  }

  /** The gateway got each of these rows once, with its own text, and no other row of the send. */
  async function expectSentOnce(jobId: string, rows: readonly number[], numbers: string[], names: readonly string[]) {
    expect(
      await eventually(
        () => carrierSummary(world.gateway, jobId),
        (x) => x.total >= rows.length,
        20_000,
        'carrier summary',
      ),
    ).toEqual({ total: rows.length, unique: rows.length, duplicates: 0 });
    const delivered = (await carrierMessagesOfJob(world.gateway, jobId)).sort((a, b) => a.index - b.index);
    expect(delivered.map((m) => [m.index, m.to, m.text])).toEqual(
      rows.map((i) => [i, numbers[i], `Hello ${names[i]}`]),
    );
  }

  it('skips that row on request, offline too, and sends every other row once', async () => {
    const names = ['Ama', 'Kofi', 'x'.repeat(1300), 'Esi', 'Yaw'];
    const { page, context, send, numbers } = await sendSheet('customers.csv', names);

    await expect
      .poll(() => send.jobState.textContent(), TIMEOUT)
      .toBe(`Stopped part-way: ${tooLargeAlone(3, numbers[2]!)} (2 of 5 recipients sent)`);
    // "Send the rest" would meet the same row again at once: the skip is offered instead.
    expect(await page.getByRole('button', { name: 'Send the rest', exact: true }).count()).toBe(0);
    const [stopped] = await outboxJobs(page);

    // Like "Send the rest", the skip only queues the send again on the device: offline it waits.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Skip row 3 and send the rest' }).click();
    await expect
      .poll(() => send.jobState.textContent(), TIMEOUT)
      .toMatch(/^(Saved: sends when you are back online|Paused while offline)/);
    const skipped = skippedRow(3, numbers[2]!);
    await page.getByTestId('job-skipped').getByText(skipped).waitFor();
    await context.setOffline(false);

    await send.shell.alert('Messages sent successfully, Thank you').waitFor({ timeout: 60_000 });
    await send.shell.alert(skipped).waitFor();
    await page.getByText('Sent to 4 recipients').waitFor();
    await page.getByTestId('job-skipped').getByText(skipped).waitFor();
    expect((await outboxJobs(page))[0]).toMatchObject({ id: stopped!.id, state: 'done', sent: 5, total: 5 });
    // The gateway got rows 1, 2, 4 and 5 once each, and never row 3.
    await expectSentOnce(stopped!.id, [0, 1, 3, 4], numbers, names);
    await context.close();
  });

  it('offers the skip beside "Edit and send again" when the first row is the one too large', async () => {
    const names = ['x'.repeat(1300), 'Kofi', 'Esi'];
    const { page, context, send, numbers } = await sendSheet('first-row.csv', names);

    await expect
      .poll(() => send.jobState.textContent(), TIMEOUT)
      .toBe(`Not sent: ${tooLargeAlone(1, numbers[0]!)} (0 of 3 recipients)`);
    const skip = page.getByRole('button', { name: 'Skip row 1 and send the rest' });
    await skip.waitFor();
    await page.getByRole('button', { name: 'Edit and send again' }).waitFor();
    const card = page.getByRole('region', { name: 'Sends in progress' });
    // The alerts closed and the page at its top: the card itself is looked at.
    const closeAlert = page.getByRole('region', { name: 'Notifications' }).getByRole('button');
    while ((await closeAlert.count()) > 0) await closeAlert.first().click();
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // Once the layout has followed the width (the menu folds away at 390).
      await expect.poll(async () => (await card.boundingBox())?.x ?? 999).toBeLessThan(width === 390 ? 40 : 300);
      await card.screenshot({ path: `test-results/screens/send-first-row-too-large-${width}.png` });
    }
    const [stopped] = await outboxJobs(page);
    await skip.click();

    const skipped = skippedRow(1, numbers[0]!);
    await send.shell.alert('Messages sent successfully, Thank you').waitFor({ timeout: 60_000 });
    await send.shell.alert(skipped).waitFor();
    await page.getByText('Sent to 2 recipients').waitFor();
    expect((await outboxJobs(page))[0]).toMatchObject({ id: stopped!.id, state: 'done', sent: 3, total: 3 });
    await expectSentOnce(stopped!.id, [1, 2], numbers, names);
    await context.close();
  });
});

// Quiet hours (docs/product.md#quiet-hours) at 1280 and 390 px: set on the Profile, a promotional send
// inside them says when it will go out and waits on its status page; a transactional one is not held.
import { describe, expect, it } from 'vitest';
import { DESKTOP } from './support/browser';
import { shots } from './support/screens';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { timeOfDay } from '../../src/domain/send/quiet-hours';

/** A window around the real time (Accra keeps UTC), so whatever the hour this runs, now is quiet. */
function windowAroundNow() {
  const minute = Math.floor((Date.now() % 86_400_000) / 60_000);
  return { from: timeOfDay((minute + 1440 - 120) % 1440), to: timeOfDay((minute + 120) % 1440) };
}

describe('quiet hours', () => {
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });

  it('holds a promotional send set in quiet hours, says until when, and lets a transactional one go', async () => {
    const { page, context, send } = await world.openSignedIn({ viewport: DESKTOP });
    await send.shell.visit(world.gateway.url('/profile'), 'Profile');
    const card = page.getByRole('region', { name: 'Quiet hours' });
    await card.getByText('Off: promotional sends go out at any hour.').waitFor();
    await card.getByRole('switch', { name: 'Hold promotional sends in quiet hours' }).check();
    // The suggested hours come first.
    expect(await card.getByLabel('From', { exact: true }).inputValue()).toBe('20:00');
    expect(await card.getByLabel('To', { exact: true }).inputValue()).toBe('08:00');
    const { from, to } = windowAroundNow();
    await card.getByLabel('To', { exact: true }).fill(from);
    await card.getByLabel('From', { exact: true }).fill(from);
    await card.getByRole('button', { name: 'Save quiet hours' }).click();
    await card.getByText('Quiet hours must start and end at different times').waitFor();
    await card.getByLabel('To', { exact: true }).fill(to);
    await card.getByRole('checkbox', { name: 'All of Sunday too' }).check();
    await card.getByRole('button', { name: 'Save quiet hours' }).click();
    await send.shell.alert('Your quiet hours have been saved').waitFor();
    const summary = card.getByText(`Promotional sends are held ${from} to ${to} every day and all of Sunday`);
    await summary.waitFor();
    await shots(page, 'quiet-hours-profile', summary, card);

    await send.shell.visit(world.gateway.url('/'), 'Send SMS');
    const note = page.getByTestId('quiet-hours-note');
    await note
      .getByText(/^Quiet hours: this promotional send will go out at \d{4}-\d{2}-\d{2} \d{2}:\d{2}\.$/)
      .waitFor();
    await page.getByRole('radio', { name: 'Transactional' }).check();
    await expect.poll(() => note.count()).toBe(0);
    await page.getByRole('radio', { name: 'Promotional' }).check();
    await note.waitFor();
    await shots(page, 'quiet-hours-send', note, page.getByRole('main'));
    await send.field('Campaign name (optional)').fill('Night offer');
    await send.queueQuickSend(['0244000010', '0244000020'], 'Half price at Demo Shop tomorrow');
    await send.shell.alert('Messages sent successfully').waitFor();

    await page.goto(world.gateway.url('/dashboard'));
    await page.getByText('Night offer').first().click();
    await page.getByRole('heading', { name: 'Message status' }).waitFor();
    const held = page.getByTestId('held-note');
    await held.getByText(/^Waiting for quiet hours to end: it goes out at \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/).waitFor();
    const table = page.getByRole('table', { name: 'Delivery status' });
    await expect.poll(() => table.getByText('Waiting for quiet hours to end').count()).toBe(2);
    await shots(page, 'quiet-hours-status', held, page.getByRole('main'));

    // The same at once as a transactional send: it is not held.
    await send.shell.visit(world.gateway.url('/'), 'Send SMS');
    await page.getByRole('radio', { name: 'Transactional' }).check();
    await send.field('Campaign name (optional)').fill('Receipt');
    // The sender ID stays chosen after a send.
    expect(await send.selectValue('Sender ID')).toBe('DEMO');
    await send.numbers.fill('0244000030');
    await send.message.fill('Paid, thank you');
    await send.submit();
    await send.shell.alert('Messages sent successfully').waitFor();
    await page.goto(world.gateway.url('/dashboard'));
    await page.getByText('Receipt').first().click();
    await page.getByRole('heading', { name: 'Message status' }).waitFor();
    await page.getByTestId('message-text').waitFor();
    expect(await page.getByTestId('held-note').count()).toBe(0);
    await context.close();
  });
});

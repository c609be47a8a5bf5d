import { describe, expect, it } from 'vitest';
import { freshNumbers } from '../unit/support/phone-numbers';
import { SCREENSHOT_VIEWPORTS } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { outboxJobs, storedDraftText } from './support/app-storage';
import { carrierMessages, carrierSummary, eventually } from './support/carrier';

const NO_BIRTHDAY_NOTE =
  '3 of the 8 contacts have no birthday: they get nothing and are not charged. Add their birthdays in the phone book to include them.';

describe('send SMS: manual, phone book, birthday, offline, drafts, validation', () => {
  const world = useGatewayAndBrowser();

  it('sends a quick message to typed numbers: queued at once, every number reaches the carrier once, balance updated', async () => {
    const { page, send } = await world.openSignedInKept();
    const balanceBefore = await page.getByLabel('Credit balance').textContent();
    const [a, b] = freshNumbers(2) as [string, string];
    await send.choose('Sender ID', 'DEMO');
    await send.field('Campaign name (optional)').fill('E2E quick');
    await send.numbers.fill(`${a}\n${b}/${a}`);
    await send.message.fill('Hello from the e2e test');
    await expect.poll(() => send.recipientCount.textContent()).toBe('2 recipients');
    await page.getByTestId('send-cost').getByText('2 SMS credits').waitFor();
    await send.submit();
    await send.shell.alert('Messages sent successfully').waitFor();
    await page.getByText('Sent to 2 recipients').waitFor();
    // The form is back to its defaults after a successful send.
    expect(await send.message.inputValue()).toBe('');
    expect(await send.numbers.inputValue()).toBe('');
    // Not the sender ID, which the reset leaves (docs/product.md#the-send-form): demouser has several, and keeps the one used.
    expect(await send.selectValue('Sender ID')).toBe('DEMO');
    const [job] = await outboxJobs(page);
    expect(job).toMatchObject({ state: 'done', sent: 2, total: 2 });
    expect(
      await eventually(
        () => carrierSummary(world.gateway, job!.id),
        (x) => x.total >= 2,
        20_000,
        'carrier summary',
      ),
    ).toEqual({ total: 2, unique: 2, duplicates: 0 });
    const [delivered] = await carrierMessages(world.gateway, a);
    expect(delivered).toMatchObject({ from: 'DEMO', text: 'Hello from the e2e test' });
    await expect.poll(() => page.getByLabel('Credit balance').textContent()).not.toBe(balanceBefore);
  });

  it('shows each validation message of the form', async () => {
    const { page, send } = await world.openSignedInKept();
    // Each said once, beside the Send button (not also as an alert).
    const expectProblem = async (text: string) => {
      await send.submit();
      await send.shell.saidInline(text);
      expect(await send.problem.textContent()).toBe(text);
    };
    await expectProblem('Please select sender ID for this messge');
    await send.choose('Sender ID', 'ALERTS');
    await send.choose('Contact source', 'Phone book');
    await expectProblem('You have not selected any phone book');
    await send.choose('Contact source', 'Excel or CSV file');
    await expectProblem('Please upload an excel sheet');
    await send.choose('Contact source', 'Type or paste numbers');
    await send.choose('Message type', 'Scheduled SMS');
    await expectProblem('Please enter a valid date');
    await send.choose('Message type', 'Birthday Message');
    await expectProblem('Please enter a birthday date');
    await send.choose('Message type', 'Recurring SMS');
    const tomorrow = new Date(Date.now() + 86_400_000);
    tomorrow.setUTCHours(9, 30, 0, 0);
    await send.pickDateTime(/^First delivery/, tomorrow);
    // The interval starts at 1; emptied, it is asked for.
    expect(await send.field('Every (Hour(s))').inputValue()).toBe('1');
    await send.field('Every (Hour(s))').fill('');
    await expectProblem('Please select a recurring interval');
    await send.choose('Message type', 'Quick SMS');
    await expectProblem('Please enter at least one mobile number');
    await send.numbers.fill('0241234567');
    await expectProblem('Please enter your message');
    // Braces in a regular message: a warning, not a refusal.
    await send.message.fill('Hi {firstname}');
    await page.getByText('switch the sub-type to Personalized').waitFor();
    await send.choose('Sub-type', 'Personalized');
    expect(await send.selectValue('Contact source')).toBe('Excel or CSV file');
    await page.getByTestId('source-note').getByText('typed numbers have none').waitFor();
  });

  it('restores the draft after a reload', async () => {
    const { page, send } = await world.openSignedInKept();
    await send.choose('Message type', 'Scheduled SMS');
    await send.choose('Sender ID', 'ALERTS');
    await send.numbers.fill('0241000001, 0241000002');
    await send.message.fill('A draft that survives a reload');
    await expect.poll(() => storedDraftText(page)).toBe('A draft that survives a reload');
    await page.reload();
    await send.heading.waitFor();
    await expect.poll(() => send.message.inputValue()).toBe('A draft that survives a reload');
    expect(await send.numbers.inputValue()).toBe('0241000001, 0241000002');
    expect(await send.selectValue('Message type')).toBe('Scheduled SMS');
    expect(await send.selectValue('Sender ID')).toBe('ALERTS');
  });

  it('does not bring a sent text back when the app is reloaded at once after the send', async () => {
    const { page, send } = await world.openSignedInKept();
    await send.choose('Sender ID', 'DEMO');
    await send.numbers.fill('0241000003');
    await send.message.fill('Sent once, never restored');
    await send.submit();
    // The form empties when the send is queued; the reload comes before typing would have paused.
    await expect.poll(() => send.message.inputValue()).toBe('');
    await page.reload();
    await send.heading.waitFor();
    expect(await storedDraftText(page)).toBe('');
    expect(await send.message.inputValue()).toBe('');
    expect(await send.numbers.inputValue()).toBe('');
  });

  it('sends a personalized message to a phone book, one text per contact', async () => {
    const { send } = await world.openSignedInKept();
    await send.choose('Sender ID', 'DEMO');
    await send.choose('Sub-type', 'Personalized');
    await send.choose('Contact source', 'Phone book');
    await send.choosePhonebook(/^Staff/);
    await send.message.fill('Dear ');
    await send.choose('Insert a field', 'firstname');
    await expect.poll(() => send.message.inputValue()).toBe('Dear {firstname}');
    await send.message.press('End');
    await send.message.pressSequentially(', staff meeting at 3pm');
    await expect.poll(() => send.recipientCount.textContent()).toBe('2 recipients');
    await send.submit();
    await send.shell.alert('Messages sent successfully').waitFor();
    // Other demo sends reach these numbers too: look for this send's texts among them.
    for (const [number, text] of [
      ['233201000001', 'Dear Esi, staff meeting at 3pm'],
      ['233201000002', 'Dear Nana, staff meeting at 3pm'],
    ]) {
      await eventually(
        () => carrierMessages(world.gateway, number!),
        (m) => m.some((x) => x.text === text),
        15_000,
        `"${text}" at the carrier`,
      );
    }
  });

  it('registers a birthday message from a phone book, with {age}, delivered now for today’s birthdays, to contacts with a birthday only', async () => {
    const { page, send } = await world.openSignedInKept();
    await send.choose('Message type', 'Birthday Message');
    await send.choose('Sender ID', 'DEMO');
    await send.choose('Sub-type', 'Personalized');
    await send.choose('Contact source', 'Phone book');
    await send.choosePhonebook(/^Customers/);
    // Phone-book and sheet birthdays use the current time: no date to pick.
    expect(await page.getByText('Birthday date').count()).toBe(0);
    await send.message.fill('Happy birthday {firstname}, {age} today!');
    // Customers holds 8 contacts, 3 of them without a birthday: counted, previewed and charged are the 5.
    await expect.poll(() => send.recipientCount.textContent()).toBe('5 recipients');
    expect(await page.getByTestId('no-birthday').textContent()).toBe(NO_BIRTHDAY_NOTE);
    await page.getByTestId('send-cost').getByText('5 SMS credits').waitFor();
    const previews = await page.getByTestId('preview-text').allTextContents();
    expect(previews.filter((p) => /Akosua|Efua|Abena/.test(p))).toEqual([]);
    await send.field('Campaign name (optional)').fill('E2E birthdays');
    await send.submit();
    await send.shell.alert('Birthday sms registered successfully').waitFor();
    await page.goto(world.gateway.url('/scheduledsms'));
    await page.getByRole('list', { name: 'Scheduled SMS' }).getByText('E2E birthdays').waitFor();
    // The seed gives Kwame (born 1988) a birthday today; the gateway sends birthdays from 08:00 Accra.
    if (new Date().getUTCHours() >= 8) {
      const messages = await eventually(
        () => carrierMessages(world.gateway, '233241000001'),
        (m) => m.some((x) => x.text.startsWith('Happy birthday Kwame')),
        20_000,
        'Kwame’s birthday message',
      );
      expect(messages.find((x) => x.text.startsWith('Happy birthday Kwame'))!.text).toMatch(
        /^Happy birthday Kwame, \d+ today!$/,
      );
      // Akosua has no birthday: nothing goes to her today (or ever) from this send.
      expect((await carrierMessages(world.gateway, '233241000004')).map((m) => m.text)).not.toContainEqual(
        expect.stringMatching(/^Happy birthday Akosua/),
      );
    }
  });

  it('queues a send offline and sends it once the network returns', async () => {
    const { page, context, send } = await world.openSignedIn();
    const [number] = freshNumbers(1) as [string];
    await context.setOffline(true);
    await send.choose('Sender ID', 'DEMO');
    await send.numbers.fill(number);
    await send.message.fill('Written offline');
    await send.submit();
    // Said once by the banner; the send's own line says what happens to it, with no alert besides.
    await page.getByText('Saved: sends when you are back online (1 recipients)').waitFor();
    expect(await page.getByText('You are offline', { exact: false }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Notifications' }).getByRole('alert').count()).toBe(0);
    expect(await carrierMessages(world.gateway, number)).toEqual([]);
    await context.setOffline(false);
    await page.getByText('Sent to 1 recipients').waitFor({ timeout: 30_000 });
    const [job] = await outboxJobs(page);
    expect(
      await eventually(
        () => carrierSummary(world.gateway, job!.id),
        (x) => x.total >= 1,
        20_000,
        'carrier summary',
      ),
    ).toEqual({ total: 1, unique: 1, duplicates: 0 });
    expect((await carrierMessages(world.gateway, number))[0]!.text).toBe('Written offline');
    await context.close();
  });

  it('asks before a send to more than 100 recipients, with its cost and balance after, at 1280 and 390 px', async () => {
    for (const [name, viewport] of SCREENSHOT_VIEWPORTS) {
      const { page, send } = await world.openSignedInKept({ viewport });
      const numbers = freshNumbers(150);
      await send.choose('Sender ID', 'DEMO');
      await send.numbers.fill(numbers.join('\n'));
      await send.message.fill('Our new branch opens on Monday');
      await page.getByTestId('send-cost').getByText('150 SMS credits').waitFor();
      const balance = Number(
        (await page
          .getByTestId('send-summary')
          .getByText(/^Balance:/)
          .textContent())!.replace(/[^\d.]/g, ''),
      );
      await send.submit();
      await send.confirmation.waitFor();
      expect(await send.confirmation.getByRole('row').allTextContents()).toEqual([
        'Recipients150',
        'Messages per recipient1',
        'Cost150 SMS credits',
        `Balance after${(balance - 150).toLocaleString('en-US')} SMS credits`,
      ]);
      await page.screenshot({ path: `test-results/screens/send-confirm-${name}.png` });
      await send.confirmation.getByRole('button', { name: 'Go back' }).click();
      await send.confirmation.waitFor({ state: 'detached' });
      expect(await outboxJobs(page)).toEqual([]);
      expect(await send.message.inputValue()).toBe('Our new branch opens on Monday');
      await send.submit();
      await send.confirmSend();
      await page.getByText('Sent to 150 recipients').waitFor({ timeout: 30_000 });
    }
  });

  it('screenshots the birthday form’s count of contacts without a birthday at 1280 and 390 px', async () => {
    for (const [name, viewport] of SCREENSHOT_VIEWPORTS) {
      const { page, send } = await world.openSignedInKept({ viewport });
      await send.choose('Message type', 'Birthday Message');
      await send.choose('Sender ID', 'DEMO');
      await send.choose('Contact source', 'Phone book');
      await send.choosePhonebook(/^Customers/);
      await send.message.fill('Happy birthday from all of us!');
      await page.getByTestId('no-birthday').getByText(NO_BIRTHDAY_NOTE).waitFor();
      await page.getByTestId('send-cost').getByText('5 SMS credits').waitFor();
      await page.screenshot({ path: `test-results/screens/send-form-birthday-${name}.png`, fullPage: true });
    }
  });

  it('screenshots the send form at 1280 and 390 px', async () => {
    for (const [name, viewport] of SCREENSHOT_VIEWPORTS) {
      const { page, send } = await world.openSignedInKept({ viewport });
      await send.choose('Message type', 'Recurring SMS');
      await send.choose('Sender ID', 'DEMO');
      await send.numbers.fill('0241000001, 0241000002, 0241000003');
      await send.message.fill('Our shop’s “weekend” sale — 20% off everything!');
      await page.getByRole('button', { name: 'Replace typographic characters' }).waitFor();
      await page.getByTestId('send-cost').getByText('3 SMS credits').waitFor();
      await page.screenshot({ path: `test-results/screens/send-form-${name}.png`, fullPage: true });
      // Personalized moves the typed numbers to a sheet and says so beside the source; the counter stays.
      await send.choose('Sub-type', 'Personalized');
      await page.getByTestId('source-note').waitFor();
      await page.getByTestId('encoding-note').waitFor();
      await page.screenshot({ path: `test-results/screens/send-form-personalized-${name}.png`, fullPage: true });
    }
  });
});

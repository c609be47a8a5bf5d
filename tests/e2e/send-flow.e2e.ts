import { describe, expect, it } from 'vitest';
import { sendItem, uniqueUser } from '../unit/support/factories';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { apiLogin, apiSend, apiSignUp } from './support/api-accounts';

// The Sender ID dropdown lists exactly the approved IDs the gateway gives.

describe('the sender IDs of the send form', () => {
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });

  it("shows a new account the 'TEST' ID the gateway approved for it, preselected as its only one", async () => {
    const who = uniqueUser('fresh');
    await apiSignUp(world.gateway, { ...who, cname: 'Fresh Traders' });
    const { page, send } = await world.openSignedInKept({ who: who.username, password: who.password });
    expect(await send.selectValue('Sender ID')).toBe('TEST');
    await page.getByRole('combobox', { name: 'Sender ID', exact: true }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['TEST']);
  });

  it("asks an account with two approved IDs to choose one: 'Please select sender ID for this messge'", async () => {
    const { page, send } = await world.openSignedInKept();
    expect(await send.selectValue('Sender ID')).toBe('');
    await send.numbers.fill('0241000001');
    await send.message.fill('Hello');
    await send.submit();
    await page.getByText('Please select sender ID for this messge').first().waitFor();
  });
});

describe('a send the gateway refuses keeps the work', () => {
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });

  it('offers "Edit and send again" after a refusal for lack of credit, and the form comes back with the same text and numbers', async () => {
    const who = uniqueUser('short');
    await apiSignUp(world.gateway, { ...who, cname: 'Short Credit Ltd' });
    const { page, send } = await world.openSignedInKept({ who: who.username, password: who.password });
    // The app reads the balance again (fetchuser) a moment after it starts; on a loaded machine that
    // came after the spending below, and the form then refused the send itself. Open the app again and
    // let that reading end first, so that only the gateway knows the credit is gone.
    // The reading must be the reopened page's: the one the sign-in started may still be on its way.
    let reopened = false;
    page.on('framenavigated', (frame) => (reopened ||= frame === page.mainFrame()));
    const refreshed = page.waitForResponse((answer) => reopened && answer.url().endsWith('/fetchuser'));
    await page.reload();
    await refreshed;
    await expect.poll(() => page.getByLabel('Credit balance').textContent()).toBe('10 credits');
    // Spent elsewhere meanwhile (another device): the gateway holds no credit, this device still shows 10.
    const other = await apiLogin(world.gateway, who.username, who.password);
    // 'TEST' reaches only the account's own number: ten texts to it, one a row of a personalized send.
    const tenToOwn = Array.from({ length: 10 }, () =>
      sendItem({ sourceAddress: 'TEST', destinationAddress: who.phone, typeandsubtype: 'quick:personalized' }),
    );
    const spent = await apiSend(world.gateway, other.token, tenToOwn);
    expect(spent.creditbalance).toBe(0);
    const ownNumber = `0${who.phone.slice(3)}`;

    await send.choose('Message type', 'Scheduled SMS');
    await send.field('Campaign name (optional)').fill('Weekend promo');
    await send.numbers.fill(ownNumber);
    await send.message.fill('Hello, our shop opens at 9 on Saturday');
    const when = new Date(Date.now() + 2 * 86_400_000);
    when.setUTCHours(9, 0, 0, 0);
    await send.pickDateTime(/^Delivery date and time/, when);
    await send.submit();
    await page.getByText(/Not sent: .*you have 0/).waitFor({ timeout: 20_000 });
    // The form was reset when the send was queued; the refused job puts it all back.
    expect(await send.message.inputValue()).toBe('');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/screens/send-refused-${width}.png` });
    }
    await page.getByRole('button', { name: 'Edit and send again' }).click();
    await expect.poll(() => send.message.inputValue()).toBe('Hello, our shop opens at 9 on Saturday');
    expect(await send.numbers.inputValue()).toBe(ownNumber);
    expect(await send.field('Campaign name (optional)').inputValue()).toBe('Weekend promo');
    expect(await send.selectValue('Message type')).toBe('Scheduled SMS');
    expect(await send.selectValue('Sender ID')).toBe('TEST');
    // The balance shown is the gateway's again after the refusal.
    await expect.poll(() => page.getByLabel('Credit balance').textContent()).toBe('0 credits');
    // The refused job is gone from the list once it is back in the form.
    expect(await page.getByRole('button', { name: 'Edit and send again' }).count()).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { apiSignUp } from './support/api-accounts';
import { uniqueUser } from './support/dev-inbox';
import { SendPage } from './support/pages/send-page';

// Issue 17: the Sender ID dropdown lists exactly the approved IDs the gateway gives.

describe('the sender IDs of the send form', () => {
  const world = useGatewayAndBrowser();

  it("shows a new account the 'TEST' ID the gateway approved for it, preselected as its only one", async () => {
    const who = uniqueUser('fresh');
    await apiSignUp(world.gateway, { ...who, cname: 'Fresh Traders' });
    const { page, context } = await newPage(world.browser);
    const send = new SendPage(page);
    await send.signIn(world.gateway.url('/login'), who.username, who.password);
    expect(await send.selectValue('Sender ID')).toBe('TEST');
    await page.getByRole('combobox', { name: 'Sender ID', exact: true }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['TEST']);
    await context.close();
  });

  it("asks an account with two approved IDs to choose one: 'Please select sender ID for this messge'", async () => {
    const { page, context } = await newPage(world.browser);
    const send = new SendPage(page);
    await send.signIn(world.gateway.url('/login'));
    expect(await send.selectValue('Sender ID')).toBe('');
    await send.numbers.fill('0241000001');
    await send.message.fill('Hello');
    await send.submitButton.click();
    await page.getByText('Please select sender ID for this messge').first().waitFor();
    await context.close();
  });
});

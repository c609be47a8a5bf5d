// Low-balance alerts and spending caps (docs/product.md#low-balance-alerts, docs/product.md#spending-caps)
// at 1280 and 390 px: the profile's alert level and the notice while under it; a provider's monthly cap
// on a client and which clients are under their alert level; the client's send past the cap refused
// naming it; a key's and SMPP access's daily caps.
import { describe, expect, it } from 'vitest';
import { uniqueUser } from '../unit/support/factories';
import { DESKTOP } from './support/browser';
import { shots } from './support/screens';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { apiCall, apiLogin, apiSignUp } from './support/api-accounts';

describe('low-balance alerts and spending caps', () => {
  // Screens and forms, not the service worker: one context kept for the file, the worker blocked.
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });

  it('sets the alert level on the profile and shows a notice while the balance is under it', async () => {
    const who = uniqueUser('alert');
    await apiSignUp(world.gateway, { ...who, cname: 'Alert Traders' });
    const { page, send } = await world.openSignedInKept({
      who: who.username,
      password: who.password,
      viewport: DESKTOP,
    });
    await send.shell.visit(world.gateway.url('/profile'), 'Profile');
    const card = page.getByRole('region', { name: 'Low-balance alert' });
    const level = card.getByRole('textbox', { name: 'Alert me under (credits)' });
    await level.fill('abc');
    await card.getByRole('button', { name: 'Save alert' }).click();
    await card.getByText('Enter a whole number of credits, or leave it empty for none').waitFor();
    await level.fill('50');
    await card.getByRole('button', { name: 'Save alert' }).click();
    await send.shell.alert('Your low-balance alert has been saved').waitFor();
    // The sign-up gift of 10 credits is under 50: the shell says so, with a way to buy more.
    const notice = page.getByRole('status', { name: 'Low balance' });
    await notice.getByText('Your balance, 10 credits, is under the 50 credits you asked to be alerted at.').waitFor();
    expect(await notice.getByRole('link', { name: 'Buy credit' }).getAttribute('href')).toBe('/purchasesms');
    await card.scrollIntoViewIfNeeded();
    await shots(page, 'low-balance-alert', notice);
    await expect.poll(() => level.inputValue()).toBe('50');
    await level.fill('');
    await card.getByRole('button', { name: 'Save alert' }).click();
    await send.shell.alert('Low-balance alerts are off').waitFor();
    await expect.poll(() => notice.count()).toBe(0);
  });

  it("caps a client's month, shows who is under their alert level, and refuses the client's send past the cap", async () => {
    const demo = await apiLogin(world.gateway, 'demouser', 'demo12345');
    const set = await apiCall(
      world.gateway,
      'setlowbalancealert',
      { profile_id: demo.profile_id, threshold: '100000000' },
      demo.token,
    );
    expect(set.userInfo.lowbalancethreshold).toBe(100_000_000);

    const sup = await world.openSignedInKept({ who: 'supervisor', password: 'supervisor123', viewport: DESKTOP });
    await sup.send.shell.visit(world.gateway.url('/clientmanagement'), 'Client management');
    const clients = sup.page.getByRole('region', { name: /^Clients/ });
    await clients.getByText('1 under their alert level').waitFor();
    await clients.getByRole('button', { name: 'Monthly cap of demouser' }).click();
    const dialog = sup.page.getByRole('dialog', { name: 'Monthly cap for demouser' });
    await dialog.getByRole('textbox', { name: 'Monthly cap (credits)' }).fill('1.5');
    await dialog.getByRole('button', { name: 'Save cap' }).click();
    await dialog.getByText('Enter a whole number of credits, or leave it empty for none').waitFor();
    await dialog.getByRole('textbox', { name: 'Monthly cap (credits)' }).fill('5');
    await dialog.getByRole('button', { name: 'Save cap' }).click();
    await sup.send.shell.alert("demouser's monthly cap has been saved").waitFor();
    await clients.getByText('Monthly cap 5 credits').waitFor();
    await clients.getByText('Under alert level').first().waitFor();
    await shots(sup.page, 'client-cap', clients.getByText('Monthly cap 5 credits'));

    const { page, send } = await world.openSignedInKept({ viewport: DESKTOP });
    await send.queueQuickSend(
      Array.from({ length: 10 }, (_, i) => `02410000${String(i).padStart(2, '0')}`),
      'Ten texts past the cap',
    );
    // The demo's own sends this month count too: what is left is what its cap leaves of them.
    await page
      .getByText(/This send would pass the monthly cap of 5 credits your provider set \(\d left this month\)\./)
      .first()
      .waitFor({ timeout: 20_000 });
    await page.getByRole('status', { name: 'Low balance' }).waitFor();
    await shots(page, 'send-past-cap', page.getByText(/This send would pass the monthly cap/).first());
  });

  it('sets a daily cap on an API key and on SMPP access from the Developers page', async () => {
    const demo = await apiLogin(world.gateway, 'demouser', 'demo12345');
    const made = await apiCall(
      world.gateway,
      '/smsgateway/api/v1/api-keys',
      { name: 'Shop server', scopes: ['messages:send'] },
      demo.token,
    );
    expect(made.secret).toMatch(/^sk_live_/);
    const { page, send } = await world.openSignedInKept({ viewport: DESKTOP });
    await send.shell.visit(world.gateway.url('/developers'), 'Developers');
    const keys = page.getByRole('table', { name: 'API keys (live)' });
    await keys.getByRole('button', { name: 'Daily cap of Shop server' }).click();
    const dialog = page.getByRole('dialog', { name: 'Daily cap for Shop server' });
    await dialog.getByRole('textbox', { name: 'Daily cap (credits)' }).fill('2500');
    await dialog.getByRole('button', { name: 'Save cap' }).click();
    await expect
      .poll(() => keys.getByRole('button', { name: 'Daily cap of Shop server' }).textContent())
      .toBe('2,500 credits');

    const smpp = page.getByRole('region', { name: 'SMPP access' });
    const turnOn = smpp.getByRole('button', { name: 'Turn on SMPP access' });
    if (await turnOn.count()) {
      await turnOn.click();
      await page
        .getByRole('dialog', { name: 'Turn on SMPP access?' })
        .getByRole('button', { name: 'Turn on SMPP access' })
        .click();
    }
    const cap = smpp.getByRole('textbox', { name: 'Daily cap (credits)' });
    await cap.fill('500');
    // Reloaded once the save has answered: a reload before it would cancel the save it checks.
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'POST' && (r.request().postData() ?? '').includes('500'),
    );
    await smpp.getByRole('button', { name: 'Save SMPP settings' }).click();
    await saved;
    await page.reload();
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: 'SMPP access' })
          .getByRole('textbox', { name: 'Daily cap (credits)' })
          .inputValue(),
      )
      .toBe('500');
    await shots(page, 'developer-caps', page.getByRole('region', { name: 'SMPP access' }));
  });
});

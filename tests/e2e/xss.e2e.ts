import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { sendItem, uniqueUser } from '../unit/support/factories';
import { apiCall, apiLogin, apiSend, apiSignUp } from './support/api-accounts';
import { LoginPage } from './support/pages/login-page';

// Stored text is shown by React escaping only. The usual payloads go into every field a
// user can edit; on every screen that shows them, none runs, none becomes an element, and each is
// shown as the text that was typed. (The CSP would block inline script too: the test therefore also
// counts CSP violations, which an injected element would cause, and looks for the elements themselves.)

const MARK = 'window.__xss=(window.__xss||0)+1';
const PAYLOADS = {
  img: `<img src=x onerror="${MARK}">`,
  script: `<script>${MARK}</script>`,
  svg: `"><svg onload="${MARK}">`,
  link: `javascript:${MARK}`,
};

/** A page that counts whatever an injection could do: dialogs, the mark, CSP violations. */
async function watched(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`);
    });
  });
  return {
    async check(where: string) {
      const state = await page.evaluate(() => ({
        xss: (window as unknown as { __xss?: number }).__xss ?? 0,
        csp: (window as unknown as { __csp?: string[] }).__csp ?? [],
        injected: document.querySelectorAll(
          'img[src="x"], svg[onload], script:not([src]):not([type="application/json"])',
        ).length,
        jsLinks: [...document.querySelectorAll('a[href]')].filter((a) =>
          a.getAttribute('href')!.trim().toLowerCase().startsWith('javascript:'),
        ).length,
      }));
      expect({ where, ...state, dialogs }).toEqual({ where, xss: 0, csp: [], injected: 0, jsLinks: 0, dialogs: [] });
    },
  };
}

describe('stored text never runs as code on any screen', () => {
  const world = useGatewayAndBrowser();

  it('shows the usual payloads as typed in phone books, messages, dashboards, status, client views and the brand', async () => {
    const { gateway } = world;
    // Every field a user edits, through the API as any client could.
    const demo = await apiLogin(gateway, 'demouser', 'demo12345');
    const group = `Book ${PAYLOADS.img}`;
    expect(
      (await apiCall(gateway, 'creategroup', { profile_id: demo.profile_id, groupname: group }, demo.token)).status,
    ).toBe('successful');
    await apiCall(
      gateway,
      'createcontact',
      {
        profile_id: demo.profile_id,
        groupname: group,
        firstname: PAYLOADS.script,
        surname: PAYLOADS.svg,
        phonenumber: '233241990011',
        email: '',
      },
      demo.token,
    );
    const sent = await apiSend(gateway, demo.token, [
      sendItem({
        shortMessage: `Hello ${PAYLOADS.svg} ${PAYLOADS.script}`,
        destinationAddress: '233241990012',
        messageDescription: `Campaign ${PAYLOADS.img}`,
      }),
    ]);
    expect(sent.message_id).toBeGreaterThan(0);
    // A sender ID cannot carry markup at all: refused with the character rule.
    const asked = await apiCall(
      gateway,
      'senderidrequest',
      { profile_id: demo.profile_id, pendingsenderid: '<b>X</b>' },
      demo.token,
    );
    expect(asked.error.message).toMatch(/^Sender IDs may only use letters, digits, spaces/);
    const who = uniqueUser('xss');
    await apiSignUp(gateway, { ...who, cname: `Co ${PAYLOADS.svg}` });
    const acme = await apiLogin(gateway, 'acmeadmin', 'acme12345', 'acme.localhost');
    const brand = `Acme ${PAYLOADS.script}`;
    const saved = await apiCall(
      gateway,
      'update-domain-details/',
      { profile_id: acme.profile_id, companyname: brand },
      acme.token,
      'acme.localhost',
    );
    expect(saved.status).toBe('successful');

    // The client's own screens.
    const client = await newPage(world.browser, { serviceWorkers: 'block' });
    const guard = await watched(client.page);
    const send = await new LoginPage(client.page).signIn(gateway.url('/login'));
    await send.choose('Contact source', 'Phone book');
    await client.page.getByRole('combobox', { name: 'Phone books' }).click();
    await client.page.getByRole('option', { name: new RegExp(group.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).waitFor();
    await client.page.keyboard.press('Escape');
    await guard.check('send form with the phone book picker');
    await client.page.goto(gateway.url('/dashboard'));
    await client.page.getByText(`Campaign ${PAYLOADS.img}`).first().waitFor();
    await guard.check('dashboard');
    await client.page.getByText(`Campaign ${PAYLOADS.img}`).first().click();
    await client.page.getByRole('heading', { name: 'Message status' }).waitFor();
    await client.page.getByText(`Hello ${PAYLOADS.svg} ${PAYLOADS.script}`).waitFor();
    await guard.check('status page');
    await client.context.close();

    // The account whose company name is a payload, on its own profile.
    const owner = await newPage(world.browser, { serviceWorkers: 'block' });
    const ownerGuard = await watched(owner.page);
    await new LoginPage(owner.page).signIn(gateway.url('/login'), who.username, who.password);
    await owner.page.goto(gateway.url('/profile'));
    await owner.page.getByText(`Co ${PAYLOADS.svg}`).first().waitFor();
    await ownerGuard.check('profile');
    await owner.context.close();

    // The administrator's views of its clients.
    const admin = await newPage(world.browser, { serviceWorkers: 'block' });
    const adminGuard = await watched(admin.page);
    await new LoginPage(admin.page).signIn(gateway.url('/login'), 'supervisor', 'supervisor123');
    await admin.page.goto(gateway.url('/clientdashboard'));
    await admin.page.getByText(`Campaign ${PAYLOADS.img}`).first().waitFor();
    await adminGuard.check('client dashboard');
    await admin.page.goto(gateway.url('/clientmanagement'));
    await admin.page.getByText(`Co ${PAYLOADS.svg}`).first().waitFor();
    await adminGuard.check('client management');
    await admin.context.close();

    // The brand a reseller typed, on its login page and in its signed-in header.
    const reseller = await newPage(world.browser, { serviceWorkers: 'block' });
    const brandGuard = await watched(reseller.page);
    await reseller.page.goto(gateway.url('/login', 'acme.localhost'));
    await reseller.page.getByRole('heading', { name: brand, level: 1 }).waitFor();
    expect(await reseller.page.title()).toContain(brand);
    await brandGuard.check('reseller login');
    await new LoginPage(reseller.page).signIn(gateway.url('/login', 'acme.localhost'), 'acmeadmin', 'acme12345');
    await reseller.page.getByText(brand).first().waitFor();
    await brandGuard.check('reseller header');
    await reseller.context.close();
  });
});

// The Developers page in the browser (docs/api-v1.md): keys of each mode made with scopes and revoked,
// a webhook endpoint whose test event a local receiver verifies with the secret the page showed once,
// the delivery log with Redeliver, the default signing secret, code samples, the error codes a
// doc_url points at, the rendered reference, an admin's view of its clients, offline, at 1280 and 390 px.
import { createServer, type Server } from 'node:http';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { Locator, Page } from 'playwright-core';
import { PHONE } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';

const SCREENS = join('test-results', 'screens');
const GET_MESSAGE_SUMMARY = 'One message: its status, parts, cost, error and the time of each status';

interface Received {
  body: string;
  headers: Record<string, string>;
}
let receiver: Server;
let receiverUrl = '';
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers as Record<string, string> });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/sms-events`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** A choice of a Mantine SegmentedControl, by its label. */
const choose = (page: Page, label: string) =>
  page
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();

/** The top of the element is on screen, under the app's header: the page was scrolled to it. */
const inView = async (page: Page, locator: Locator) => {
  await locator.waitFor({ timeout: 30_000 });
  const headerBottom = () =>
    page
      .locator('header')
      .first()
      .evaluate((el) => el.getBoundingClientRect().bottom);
  const top = () => locator.evaluate((el) => el.getBoundingClientRect().top);
  await expect.poll(async () => (await top()) - (await headerBottom())).toBeGreaterThanOrEqual(0);
  expect(await top()).toBeLessThan(await page.evaluate(() => window.innerHeight / 2));
};

/** At 390 px nothing is wider than the phone, once the menu's slide out has ended. */
const fitsPhone = async (page: Page) => {
  await page.setViewportSize(PHONE);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
};

describe('the Developers page', () => {
  const world = useGatewayAndBrowser();

  it('makes and revokes keys, receives a verified test event, and shows what is stored offline', async () => {
    const { page, context, send } = await world.openSignedIn();
    await send.shell.menu.getByRole('link', { name: 'Developers' }).click();
    await page.getByRole('heading', { name: 'Developers', level: 1 }).waitFor();
    await page.getByText('No live keys yet.').waitFor();

    // A live key, with fewer scopes than offered: its secret is shown once.
    await page.getByRole('button', { name: 'Create a live key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a live key' });
    await dialog.getByLabel('Name').fill('Shop server');
    await dialog.getByRole('checkbox', { name: 'balance:read' }).uncheck();
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('new-api-key').textContent()) ?? '';
    expect(secret).toMatch(/^sk_live_/);
    const keys = page.getByRole('table', { name: 'API keys (live)' });
    await keys.getByText('Shop server').waitFor();
    expect(await keys.getByText('balance:read').count()).toBe(0);
    await keys.getByText(`…${secret.slice(-4)}`).waitFor();
    // The key works against the API.
    const balance = await page.evaluate(
      (key) =>
        fetch('/smsgateway/api/v1/sender-ids', { headers: { Authorization: `Bearer ${key}` } }).then((r) => r.status),
      secret,
    );
    expect(balance).toBe(200);

    // Test mode: its own keys and endpoints.
    await choose(page, 'Test');
    await page.getByText('No test keys yet.').waitFor();
    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    const add = page.getByRole('dialog', { name: 'Add a test endpoint' });
    await add.getByLabel('URL').fill(receiverUrl);
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    const signing = (await page.getByTestId('new-endpoint-secret').textContent()) ?? '';
    expect(signing).toMatch(/^whsec_/);
    const endpoint = page.getByRole('article', { name: receiverUrl });
    await endpoint.getByRole('button', { name: 'Send a test event' }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
    const event = JSON.parse(
      new Webhook(signing).verify(received[0]!.body, received[0]!.headers) ? received[0]!.body : '{}',
    );
    expect(event).toMatchObject({ type: 'webhook.test', data: { mode: 'test' } });
    const log = endpoint.getByRole('table', { name: 'Delivery log' });
    await log.getByText('webhook.test').waitFor();
    // The log looks again by itself while a delivery is pending.
    await log.getByText('succeeded').waitFor({ timeout: 15_000 });
    await log.getByRole('button', { name: /^Redeliver/ }).click();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id']);

    // The default signing secret of test mode.
    await page.getByRole('button', { name: 'Make the secret' }).click();
    expect(await page.getByTestId('new-default-secret').textContent()).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Replace the secret' }).waitFor();

    mkdirSync(SCREENS, { recursive: true });
    await page.screenshot({ path: join(SCREENS, 'developers-1280.png'), fullPage: true });
    await fitsPhone(page);
    await page.screenshot({ path: join(SCREENS, 'developers-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Revoking the live key stops it at once.
    await choose(page, 'Live');
    await keys.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog', { name: 'Revoke this key?' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('No live keys yet.').waitFor();
    const after = await page.evaluate(
      (key) =>
        fetch('/smsgateway/api/v1/sender-ids', { headers: { Authorization: `Bearer ${key}` } }).then((r) => r.status),
      secret,
    );
    expect(after).toBe(401);

    // Offline: the stored keys and endpoints, and changes wait for the network.
    await choose(page, 'Test');
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Developers', level: 1 }).waitFor();
    await choose(page, 'Test');
    await page.getByText('This is what was stored on this device; changes need the network.').waitFor();
    await page.getByRole('article', { name: receiverUrl }).waitFor();
    expect(await page.getByRole('button', { name: 'Add an endpoint' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('shows samples, explains an error code at its doc_url, renders the reference, and an admin its clients', async () => {
    const { page, context } = await world.openSignedIn({
      serviceWorkers: 'block',
      who: 'supervisor',
      password: 'supervisor123',
    });
    const csp: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) csp.push(m.text());
    });
    await page.goto(world.gateway.url('/developers'));
    const usage = page.getByRole('table', { name: "Clients' API use" });
    await usage.getByText('demouser').waitFor();

    await page.goto(world.gateway.url('/developers/api#missing_scope'));
    const row = page.locator('#missing_scope');
    await row.waitFor();
    expect(await row.getAttribute('aria-current')).toBe('true');

    const code = page.getByTestId('code-sample');
    await expect.poll(() => code.textContent()).toContain("curl -X POST '");
    await page.getByRole('combobox', { name: 'Operation', exact: true }).click();
    await page.getByRole('option', { name: /^getMessage/ }).click();
    await choose(page, 'Python');
    await expect.poll(() => code.textContent()).toContain('/smsgateway/api/v1/messages/msg_9121');
    expect(await code.textContent()).toContain('requests.request(');

    await page.getByRole('button', { name: 'Show the full reference' }).click();
    await page
      .getByTestId('api-reference')
      .getByText('Send one text to many numbers, or one text per number')
      .first()
      .waitFor({
        timeout: 30_000,
      });
    mkdirSync(SCREENS, { recursive: true });
    await page.screenshot({ path: join(SCREENS, 'developers-api-1280.png') });
    await fitsPhone(page);
    await page.screenshot({ path: join(SCREENS, 'developers-api-390.png') });
    expect(csp).toEqual([]);
    await context.close();
  });

  it('opens the full reference on the operation a sample links to, and its address opens there on a phone', async () => {
    const { page, context } = await world.openSignedIn({ serviceWorkers: 'block' });
    await page.goto(world.gateway.url('/developers/api'));
    await page.getByRole('combobox', { name: 'Operation', exact: true }).click();
    await page.getByRole('option', { name: /^getMessage/ }).click();
    await page.getByRole('link', { name: 'getMessage in the full reference' }).click();
    const heading = (p: Page) =>
      p.getByTestId('api-reference').getByRole('heading', { name: GET_MESSAGE_SUMMARY }).first();
    await inView(page, heading(page));
    expect(new URL(page.url()).hash).toBe('#operation/getMessage');
    mkdirSync(SCREENS, { recursive: true });
    await page.screenshot({ path: join(SCREENS, 'developers-reference-operation-1280.png') });

    const phone = await context.newPage();
    await phone.setViewportSize(PHONE);
    await phone.goto(world.gateway.url('/developers/api#operation/getMessage'));
    await inView(phone, heading(phone));
    await phone.screenshot({ path: join(SCREENS, 'developers-reference-operation-390.png') });
    await context.close();
  });
});

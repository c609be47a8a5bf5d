import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { storedRecords, storedSession } from './support/app-storage';
import type { SendPage } from './support/pages/send-page';

// Field staff sign out of a shared or lost phone while offline: the session must end on the gateway too,
// once the phone is back online (docs/product.md#sign-in-and-sessions).

describe('a sign-out made offline', () => {
  const world = useGatewayAndBrowser();

  /** The HTTP status the gateway answers a call made with `token` (fetchuser, the app's own check). */
  async function fetchUserStatus(token: string, profileId: number): Promise<number> {
    const answer = await fetch(world.gateway.url('/smsgateway/api/frontend/fetchuser'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ profile_id: profileId }),
    });
    return answer.status;
  }

  /** Signs the demo client in, then out with the network off; answers its token, still valid on the gateway. */
  async function signedOutOffline(page: Page, context: BrowserContext, send: SendPage) {
    const session = await storedSession(page);
    await context.setOffline(true);
    await send.shell.signOutWide('demouser');
    await page.getByRole('heading', { name: 'Bulk SMS for businesses in Ghana' }).waitFor();
    // Forgotten on the device at once, its revoke kept there; the gateway has not heard of it.
    await expect.poll(async () => (await storedRecords(page, 'pendingRevokes')).length).toBe(1);
    expect(await storedRecords(page, 'session')).toEqual([]);
    expect(await fetchUserStatus(session.token, session.profile_id)).toBe(200);
    return session;
  }

  it('revokes the token on the gateway when the network returns', async () => {
    const { page, context, send } = await world.openSignedIn();
    const session = await signedOutOffline(page, context, send);
    await context.setOffline(false);
    await expect.poll(() => fetchUserStatus(session.token, session.profile_id)).toBe(401);
    await expect.poll(async () => (await storedRecords(page, 'pendingRevokes')).length).toBe(0);
    await context.close();
  });

  it('revokes it at the next start of the app when the network came back while the app was closed', async () => {
    const { page, context, send } = await world.openSignedIn();
    const session = await signedOutOffline(page, context, send);
    await page.close();
    await context.setOffline(false);
    const next = await context.newPage();
    await next.goto(world.gateway.url('/'));
    await next.getByRole('heading', { name: 'Bulk SMS for businesses in Ghana' }).waitFor();
    await expect.poll(() => fetchUserStatus(session.token, session.profile_id)).toBe(401);
    await expect.poll(async () => (await storedRecords(next, 'pendingRevokes')).length).toBe(0);
    await context.close();
  });
});

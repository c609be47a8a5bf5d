import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { LoginPage } from './support/pages/login-page';
import { apiCall } from './support/api-accounts';
import { storedRecords, storedSession } from './support/app-storage';

// The stores of one account's rows (src/db/signed-in-rows.ts) that the demo client fills by its first screens.
const ACCOUNT_STORES = ['users', 'groups', 'contacts', 'listItems', 'listState', 'drafts', 'overviews'];

/** The stored rows of `profileId`, by store, for those stores that hold any. */
async function rowsOf(page: Page, profileId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const store of ACCOUNT_STORES) {
    const rows = await storedRecords<{ profile_id: number }>(page, store);
    const count = rows.filter((row) => row.profile_id === profileId).length;
    if (count > 0) counts[store] = count;
  }
  return counts;
}

describe("a sign-in over another account's that was never signed out", () => {
  const world = useGatewayAndBrowser();

  it("signs the first account out: its token refused by the gateway, its rows gone, its tab now the other's", async () => {
    // One device, two tabs. B presses Login in the second; its answer lands only after A signed in in the first.
    const { page: second, context } = await newPage(world.browser);
    let answerLogin!: () => void;
    const loginHeld = new Promise<void>((resolve) => (answerLogin = resolve));
    let loginAnswered!: () => void;
    const gatewayAnswered = new Promise<void>((resolve) => (loginAnswered = resolve));
    await second.route('**/smsgateway/api/frontend/login', async (route) => {
      const response = await route.fetch();
      loginAnswered();
      await loginHeld;
      await route.fulfill({ response });
    });
    await (await new LoginPage(second).open(world.gateway.url('/login'))).logIn('supervisor', 'supervisor123');
    await gatewayAnswered;

    const first = await context.newPage();
    await new LoginPage(first).signIn(world.gateway.url('/login'));
    await first.goto(world.gateway.url('/phonebook'));
    await first.getByRole('heading', { name: 'Phone book', level: 1 }).waitFor();
    const a = await storedSession(first);
    await expect.poll(async () => (await rowsOf(first, a.profile_id)).groups ?? 0).toBeGreaterThan(0);
    expect((await apiCall(world.gateway, 'fetchuser', { profile_id: a.profile_id }, a.token)).userInfo).toBeDefined();

    answerLogin();
    await first.getByRole('button', { name: 'Account menu for supervisor' }).waitFor();
    await second.getByRole('button', { name: 'Account menu for supervisor' }).waitFor();
    expect(await first.getByRole('button', { name: 'Account menu for demouser' }).count()).toBe(0);
    expect((await storedSession(first)).profile_id).not.toBe(a.profile_id);
    expect(await rowsOf(first, a.profile_id)).toEqual({});
    await expect
      .poll(async () => (await apiCall(world.gateway, 'fetchuser', { profile_id: a.profile_id }, a.token)).message)
      .toBe('Invalid Token');
    await context.close();
  });
});

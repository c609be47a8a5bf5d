import { buildApp } from '../../../server/src/app';
import type { TestGateway } from './test-app';
import { call, tokenFor } from './test-app';

/** A send item as the PWA builds it (docs/api.md#sends), with overrides. */
export function sendItem(overrides: Record<string, unknown> = {}) {
  return {
    shortMessage: 'Hello from the test',
    destinationAddress: '233241111111',
    sourceAddress: 'DEMO',
    messageDescription: 'test campaign',
    messageType: 'quick sms',
    specialUnicodeSupport: false,
    flash: false,
    expectedDeliveryTime: '2026-11-20 10:00:00',
    typeandsubtype: 'quick:regular',
    recurringInterval: 0,
    recurringPeriod: 'Hourly',
    ...overrides,
  };
}

/** The numbers 23324NNNNNN0 for start..start+count-1: ending in 0, all SENT at the simulated carrier. */
export const numbers = (count: number, start = 0) =>
  Array.from({ length: count }, (_, i) => `23324${String(start + i).padStart(6, '0')}0`).join(',');

/** POST /smsgateway/api/sendsms with an API key and an optional Idempotency-Key. */
export async function sendSms(
  gw: TestGateway,
  apikey: string,
  items: unknown[],
  options: { key?: string; host?: string } = {},
) {
  const res = await gw.app.inject({
    method: 'POST',
    url: '/smsgateway/api/sendsms',
    payload: { messageobject: items },
    headers: {
      host: options.host ?? 'localhost',
      accept: 'application/json',
      authorization: `Bearer ${apikey}`,
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
  });
  return { status: res.statusCode, body: res.json() as Record<string, any> };
}

/** A seeded user with a live token (and its API key, from the users row). */
export const account = (gw: TestGateway, username: string) => tokenFor(gw, username);

/** A seeded user with a live token and `credits` to send with: big sends need more than the demo's. */
export async function fundedAccount(gw: TestGateway, username: string, credits: number) {
  const user = await account(gw, username);
  await gw.ctx.db
    .updateTable('users')
    .set({ creditbalance: credits })
    .where('profile_id', '=', user.profile_id)
    .execute();
  return user;
}

export async function balanceOf(gw: TestGateway, username: string): Promise<number> {
  const row = await gw.ctx.db
    .selectFrom('users')
    .select('creditbalance')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.creditbalance;
}

export async function carrierRows(gw: TestGateway, jobId: string) {
  return gw.ctx.db.selectFrom('carrier_messages').selectAll().where('job_id', '=', jobId).execute();
}

/** A list call (quickrequest, allbulksms, ...) as a signed-in user. */
export const list = (gw: TestGateway, token: string, path: string, body: Record<string, unknown> = {}) =>
  call(gw, path, { search: '', pageNum: 1, ...body }, { token });

/** The gateway "restarted": a new app over the same database (the scheduler keeps its state there). */
export async function restart(gw: TestGateway): Promise<TestGateway> {
  await gw.app.close();
  const app = await buildApp(gw.ctx);
  return Object.assign(gw, { app });
}

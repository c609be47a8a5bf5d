// Every operation of the API v1 (src/domain/contract/v1) x every caller (docs/architecture.md#access-declared,
// docs/api-v1.md#keys-and-scopes): no key, a forged one, each seeded account's session and live key, a test
// key, keys each missing one scope, a key used from an address it does not allow. Each is admitted or refused
// exactly as the operation's access declares; and another account's records are not found, left as they were.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../src/domain/contract/v1/operations';
import type { Operation } from '../../src/domain/contract/v1/operation';
import { API_SCOPES } from '../../src/domain/api-v1/schemas';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { makeKey, v1 } from './helpers/api-v1';
import { declaredRoutes, freshSession, seededAccounts, type SeededAccount } from './helpers/roles';
import { memberOfEveryRole, memberSession, type TeamMemberFixture } from './helpers/team';
import { notAllowedText, rolesAllow } from '../../src/domain/account/team-roles';

type Answer = Awaited<ReturnType<typeof v1>>;
type Key = Awaited<ReturnType<typeof makeKey>>;

const gw: TestGateway = await makeTestApp();
await gw.app.ready();
const accounts = await seededAccounts(gw);
const demo = accounts.find((a) => a.username === 'demouser')!;
const acmeClient = accounts.find((a) => a.username === 'acmeclient')!;

/** Each account's session and live key with every scope; demo's test key, scope-less keys and fenced key. */
const sessions = new Map<SeededAccount, string>();
const liveKeys = new Map<SeededAccount, Key>();
let testKey: Key, fenced: Key;
const missing = new Map<string, Key>();
/** One member of every team role of each account. */
const teams = new Map<SeededAccount, TeamMemberFixture[]>();

beforeAll(async () => {
  for (const account of accounts) {
    const { token } = await freshSession(gw, account);
    sessions.set(account, token);
    teams.set(account, await memberOfEveryRole(gw, { token, host: account.host, profile_id: account.profile_id }));
    liveKeys.set(account, await makeKey(gw, token, { scopes: [...API_SCOPES] }));
  }
  const token = sessions.get(demo)!;
  testKey = await makeKey(gw, token, { scopes: [...API_SCOPES], mode: 'test' });
  fenced = await makeKey(gw, token, { scopes: [...API_SCOPES], allowedIps: ['203.0.113.7'] });
  for (const scope of API_SCOPES)
    missing.set(scope, await makeKey(gw, token, { scopes: API_SCOPES.filter((s) => s !== scope) }));
});
afterAll(() => gw.close());

/** An operation called with placeholder path values and an empty body: enough to pass or fail its access. */
const request = (op: Operation, auth?: string, remoteAddress?: string) =>
  v1(gw, op.method, op.path.replace(/:\w+/g, 'x0'), {
    ...(auth ? { auth } : {}),
    ...(op.body ? { body: {} } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** Admitted: refused for nothing the caller is (no 401, no 403) and no fault; else refused with `code`. */
type Expected = 'admitted' | { status: 401 | 403; code: string };
const refused = (status: 401 | 403, code: string): Expected => ({ status, code });

describe('the table', () => {
  it('declares for every operation the permission a member needs (none left undeclared)', () => {
    expect(
      OPERATIONS.filter((op) => !op.access.needs || op.access.needs === 'signed-in').map((op) => op.operationId),
    ).toEqual([]);
  });

  it('registers every operation, each declaring a key-holder on its own account', () => {
    expect(declaredRoutes('v1').map((r) => r.declared)).toEqual(expect.arrayContaining([...OPERATIONS]));
    expect(declaredRoutes('v1')).toHaveLength(OPERATIONS.length);
    for (const op of OPERATIONS) expect(op.access, op.operationId).toMatchObject({ who: 'apikey', touches: 'self' });
  });
});

describe('every operation for every caller', () => {
  it.each(OPERATIONS.map((op) => [op.operationId, op] as const))(
    '%s admits exactly the callers its access admits',
    async (_id, op) => {
      const wrong: string[] = [];
      const expectThat = (who: string, expected: Expected, res: Answer) => {
        const ok =
          expected === 'admitted'
            ? res.status !== 401 && res.status !== 403 && res.status < 500
            : res.status === expected.status && res.body.error?.code === expected.code;
        if (!ok) wrong.push(`${who} expected ${JSON.stringify(expected)}: ${res.status} ${JSON.stringify(res.body)}`);
      };
      const { scopes, session, liveOnly } = op.access;
      expectThat('no key', refused(401, 'missing_api_key'), await request(op));
      expectThat(
        'a forged key',
        refused(401, 'invalid_api_key'),
        await request(op, 'sk_live_AAAAAAAAAAAAAAAAAAAAAAAA'),
      );
      for (const account of accounts) {
        const who = `${account.username} (${account.role})`;
        const bySession = session ? 'admitted' : refused(401, 'invalid_api_key');
        expectThat(`${who}'s session`, bySession, await request(op, sessions.get(account)));
        expectThat(`${who}'s live key`, 'admitted', await request(op, liveKeys.get(account)!.secret));
        // A member's session: where sessions are admitted, only with a role that allows the operation.
        for (const member of teams.get(account)!) {
          const res = await request(op, await memberSession(gw, member));
          const memberWho = `${who}'s ${member.roles.join('+')}`;
          if (!session) expectThat(memberWho, refused(401, 'invalid_api_key'), res);
          else if (rolesAllow(member.roles, op.access.needs!)) expectThat(memberWho, 'admitted', res);
          else {
            expectThat(memberWho, refused(403, 'missing_role'), res);
            expect(res.body.error?.message).toBe(notAllowedText(op.access.needs as never));
          }
        }
      }
      const byTestKey = liveOnly ? refused(403, 'forbidden') : 'admitted';
      expectThat('a test key', byTestKey, await request(op, testKey.secret));
      for (const [scope, key] of missing) {
        const expected = scopes.includes(scope as never) ? refused(403, 'missing_scope') : 'admitted';
        expectThat(`a key without ${scope}`, expected, await request(op, key.secret));
      }
      expectThat('a key from outside its allow-list', refused(403, 'ip_not_allowed'), await request(op, fenced.secret));
      expectThat('that key from inside it', 'admitted', await request(op, fenced.secret, '203.0.113.7'));
      expect(wrong).toEqual([]);
    },
  );
});

describe('tenant walls', () => {
  const ids: Record<string, string> = {};

  /** The rows another account's calls must leave alone. */
  const snapshot = async () => ({
    messages: await gw.ctx.db.selectFrom('messages').select(['id', 'state', 'posted']).orderBy('id').execute(),
    keys: await gw.ctx.db.selectFrom('api_keys').select(['id', 'revoked_at']).orderBy('id').execute(),
    endpoints: await gw.ctx.db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute(),
    deliveries: await gw.ctx.db.selectFrom('webhook_deliveries').select(['id', 'attempts']).orderBy('id').execute(),
  });

  beforeAll(async () => {
    const key = liveKeys.get(demo)!.secret;
    const scheduleAt = new Date(gw.clock.now + 3_600_000).toISOString();
    const sent = await v1(gw, 'POST', '/messages', {
      auth: key,
      body: { from: 'DEMO', to: ['233241000410'], text: 'Walls', scheduleAt },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    ids.batch = sent.body.batchId;
    ids.message = sent.body.messages[0].messageId;
    ids.key = liveKeys.get(demo)!.id;
    const endpoint = await v1(gw, 'POST', '/webhook-endpoints', {
      auth: key,
      body: { url: 'http://localhost:9/hook', events: ['message.delivered'] },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    ids.endpoint = endpoint.body.id;
    const delivery = await v1(gw, 'POST', `/webhook-endpoints/${ids.endpoint}/test`, { auth: key });
    expect(delivery.status, JSON.stringify(delivery.body)).toBe(201);
    ids.delivery = delivery.body.id;
    for (const id of Object.values(ids)) expect(id).toMatch(/^[a-z]+_\w+$/);
  });

  const reaches: [string, 'GET' | 'POST' | 'DELETE', () => string][] = [
    ['reads a message', 'GET', () => `/messages/${ids.message}`],
    ['reads a batch', 'GET', () => `/batches/${ids.batch}`],
    ['cancels a batch', 'POST', () => `/batches/${ids.batch}/cancel`],
    ['revokes a key', 'DELETE', () => `/api-keys/${ids.key}`],
    ['deletes a webhook endpoint', 'DELETE', () => `/webhook-endpoints/${ids.endpoint}`],
    ["lists an endpoint's deliveries", 'GET', () => `/webhook-endpoints/${ids.endpoint}/deliveries`],
    ['tests an endpoint', 'POST', () => `/webhook-endpoints/${ids.endpoint}/test`],
    ['redelivers a delivery', 'POST', () => `/webhook-deliveries/${ids.delivery}/redeliver`],
  ];

  it.each(reaches)(
    "another tenant's key %s of the demo account: not found, nothing changes",
    async (_n, method, path) => {
      for (const account of accounts.filter((a) => a !== demo)) {
        const before = await snapshot();
        const res = await v1(gw, method, path(), { auth: liveKeys.get(account)!.secret });
        expect(res.status, `${account.username}: ${JSON.stringify(res.body)}`).toBe(404);
        expect(await snapshot()).toEqual(before);
      }
    },
  );

  it('lets the owner reach each of them (so the refusals above are not vacuous)', async () => {
    const key = liveKeys.get(demo)!.secret;
    const message = await v1(gw, 'GET', `/messages/${ids.message}`, { auth: key });
    expect(message.status, JSON.stringify([ids, message.body])).toBe(200);
    expect((await v1(gw, 'GET', `/batches/${ids.batch}`, { auth: key })).status).toBe(200);
    expect((await v1(gw, 'GET', `/webhook-endpoints/${ids.endpoint}/deliveries`, { auth: key })).status).toBe(200);
    expect(acmeClient.role).toBe('user');
  });
});

// The cap on an account's active API keys (docs/api-v1.md#keys-and-scopes) holds under parallel
// creations: the count and the insert are one step per account, on SQLite and PostgreSQL alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { account } from './helpers/messaging';
import { v1 } from './helpers/api-v1';
import { MAX_ACTIVE_KEYS } from '../../src/domain/api-v1/schemas';

let gw: TestGateway;
let demo: Awaited<ReturnType<typeof account>>;

beforeAll(async () => {
  gw = await makeTestApp();
  demo = await account(gw, 'demouser');
});
afterAll(() => gw.close());

const activeKeys = async (profileId: number) =>
  (
    await gw.ctx.db
      .selectFrom('api_keys')
      .select('id')
      .where('profile_id', '=', profileId)
      .where('revoked_at', 'is', null)
      .execute()
  ).length;

describe('the active keys cap', () => {
  it(`leaves exactly ${MAX_ACTIVE_KEYS} keys after 80 parallel creations; the rest are told why`, async () => {
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        v1(gw, 'POST', '/api-keys', {
          auth: demo.token,
          body: { name: `parallel ${i}`, scopes: ['balance:read'], mode: 'test' },
        }),
      ),
    );
    const made = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(made).toHaveLength(MAX_ACTIVE_KEYS);
    expect(refused).toHaveLength(80 - MAX_ACTIVE_KEYS);
    for (const r of refused)
      expect(r).toMatchObject({
        status: 422,
        body: { error: { code: 'too_many_keys', message: expect.stringContaining(`at most ${MAX_ACTIVE_KEYS} keys`) } },
      });
    expect(await activeKeys(demo.profile_id)).toBe(MAX_ACTIVE_KEYS);

    // One revoked frees one place, and only one.
    await v1(gw, 'DELETE', `/api-keys/${made[0]!.body.id}`, { auth: demo.token });
    const again = await Promise.all(
      Array.from({ length: 5 }, () =>
        v1(gw, 'POST', '/api-keys', { auth: demo.token, body: { name: 'again', scopes: ['balance:read'] } }),
      ),
    );
    expect(again.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422]);
    expect(await activeKeys(demo.profile_id)).toBe(MAX_ACTIVE_KEYS);
  });
});

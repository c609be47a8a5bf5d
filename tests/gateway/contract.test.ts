// The gateway registers every call of the contract's tables (src/domain/contract/calls.ts, and the API v1's
// src/domain/contract/v1/operations.ts) at its path, aliases included, with the access the table gives it.
import { afterAll, describe, expect, it } from 'vitest';
import { registered } from '../../server/src/http/register';
import { CALLS } from '../../src/domain/contract/calls';
import { OPERATIONS } from '../../src/domain/contract/v1/operations';
import { API_V1_PATH } from '../../src/domain/navigation/api-paths';
import { makeTestApp } from './helpers/test-app';

const gw = await makeTestApp();
await gw.app.ready();
afterAll(() => gw.close());

describe('the gateway and the table of calls', () => {
  it('names each call once', () => {
    const names = CALLS.map((c) => c.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('holds every call the gateway registers', () => {
    const paths = new Set(CALLS.flatMap((c) => [c.path, ...(c.aliases ?? [])]));
    const app = [...registered.values()].filter((r) => r.api === 'app').map((r) => r.path);
    expect(app.filter((p) => !paths.has(p))).toEqual([]);
  });

  it.each(CALLS.map((c) => [c.name, c] as const))('registers %s with its access rule', (_name, call) => {
    for (const path of [call.path, ...(call.aliases ?? [])]) {
      expect(registered.get(`POST ${path}`)?.declared.access, path).toBe(call.access);
      expect(gw.app.hasRoute({ method: 'POST', url: path }), path).toBe(true);
    }
  });

  it('holds every operation of the API v1 the gateway registers, and no other', () => {
    const ids = OPERATIONS.map((o) => o.operationId);
    expect(ids.filter((n, i) => ids.indexOf(n) !== i)).toEqual([]);
    const v1 = [...registered.values()].filter((r) => r.api === 'v1').map((r) => r.declared);
    expect(v1.filter((d) => !OPERATIONS.includes(d as never))).toEqual([]);
  });

  it.each(OPERATIONS.map((o) => [o.operationId, o] as const))('registers %s with its access', (_id, op) => {
    const path = `${API_V1_PATH}${op.path}`;
    expect(registered.get(`${op.method} ${path}`)?.declared, path).toBe(op);
    expect(gw.app.hasRoute({ method: op.method, url: path }), path).toBe(true);
  });
});

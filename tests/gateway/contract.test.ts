// The gateway registers every call of the contract's table (src/domain/contract/calls.ts) at its path,
// aliases included, with the access rule the table gives it.
import { afterAll, describe, expect, it } from 'vitest';
import { routeAccess } from '../../server/src/http/route';
import { CALLS } from '../../src/domain/contract/calls';
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
    expect([...routeAccess.keys()].filter((p) => !paths.has(p))).toEqual([]);
  });

  it.each(CALLS.map((c) => [c.name, c] as const))('registers %s with its access rule', (_name, call) => {
    for (const path of [call.path, ...(call.aliases ?? [])]) {
      expect(routeAccess.get(path), path).toBe(call.access);
      expect(gw.app.hasRoute({ method: 'POST', url: path }), path).toBe(true);
    }
  });
});

// The roles of the access matrix (docs/architecture.md#access-declared): read from the demo seed's accounts,
// checked against the roles of the spec (docs/product.md#roles-and-permissions), and what each declared `who`
// admits, written out here rather than taken from the gateway's code.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { DEMO_ACCOUNTS } from '../../../server/src/seed/demo';
import { registered } from '../../../server/src/http/register';
import { TOP_SUPERVISOR_ID } from '../../../src/domain/constants';
import type { Role } from '../../../src/domain/contract/access';
import { tokenFor, type TestGateway } from './test-app';

/** The roles of an account the spec names: an ordinary user, an admin (isAdmin), profile 6. */
export type AccountRole = 'user' | 'admin' | 'profile6';
export const SPEC_ROLES: readonly AccountRole[] = ['user', 'admin', 'profile6'];

/** Who each declared `who` admits; anyone else is refused (401 without an account, else 403). */
export const ADMITS: Record<Role, readonly (AccountRole | 'anonymous')[]> = {
  public: ['anonymous', 'user', 'admin', 'profile6'],
  user: ['user', 'admin', 'profile6'],
  apikey: ['user', 'admin', 'profile6'],
  admin: ['admin', 'profile6'],
  profile6: ['profile6'],
};

export interface SeededAccount {
  username: string;
  profile_id: number;
  role: AccountRole;
  /** The host the account signs in on: its own domain's, or its supervisor's. */
  host: string;
}

/** The demo seed's accounts, each with the role its row gives it (and every role of the spec held by one). */
export async function seededAccounts(gw: TestGateway): Promise<SeededAccount[]> {
  const accounts: SeededAccount[] = [];
  for (const { username } of DEMO_ACCOUNTS) {
    const user = await gw.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const role: AccountRole =
      user.profile_id === TOP_SUPERVISOR_ID ? 'profile6' : user.isAdmin === 1 ? 'admin' : 'user';
    const ownDomain = await gw.ctx.db
      .selectFrom('domains')
      .select('host')
      .where('profile_id', '=', user.profile_id)
      .executeTakeFirst();
    const domain =
      ownDomain ??
      (await gw.ctx.db
        .selectFrom('domains')
        .select('host')
        .where('profile_id', '=', user.supid ?? 0)
        .executeTakeFirstOrThrow());
    accounts.push({ username, profile_id: user.profile_id, role, host: domain.host });
  }
  expect([...new Set(accounts.map((a) => a.role))].sort()).toEqual([...SPEC_ROLES].sort());
  return accounts;
}

/** A fresh session (and legacy API key) for a seeded account: a call that ends sessions ends only this one. */
export const freshSession = (gw: TestGateway, account: SeededAccount) => tokenFor(gw, account.username);

/** Every method and path the app serves, read from Fastify's route tree (HEAD, made for each GET, left out). */
export function servedRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*) \(([A-Z, ]+)\)$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    const path = (depth ? (stack[depth - 1] ?? '') : '') + (m[2] ?? '').replace(/%25/g, '%');
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (m[3] ?? '').split(', ')) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return [...new Set(routes)].sort();
}

/** The calls registered through the registrar, each with its declaration. */
export const declaredRoutes = (api: 'app' | 'v1') => [...registered.values()].filter((r) => r.api === api);

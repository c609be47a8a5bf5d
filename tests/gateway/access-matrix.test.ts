// Every call of the app's API (src/domain/contract) x every role (docs/architecture.md#access-declared):
// anonymous, a forged token, and each account of the demo seed (plain users of two tenants, a reseller
// admin, profile 6), whose roles are read from the seed and held to the spec's. No call without a token
// unless public, no role escalation, no body naming someone else. Calls come from the registrar's table,
// so calls added later are covered without editing this file, and a route served without a declaration
// fails here. The API v1: access-matrix-v1.test.ts; tenant walls: access-matrix-walls.test.ts.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register } from '../../server/src/http/register';
import type { Role } from '../../src/domain/contract/access';
import { frontendCall } from '../../src/domain/contract/call';
import { ownBody } from '../../src/domain/contract/fields';
import { z } from '../../src/domain/contract/zod';
import { FRONTEND_PATH as FRONTEND } from '../../src/domain/navigation/api-paths';
import { call, makeTestApp, type TestGateway, type Session, signInDemoTenants } from './helpers/test-app';
import { ADMITS, declaredRoutes, freshSession, seededAccounts, servedRoutes } from './helpers/roles';
import { memberOfEveryRole, memberSession, type TeamMemberFixture } from './helpers/team';
import { rolesAllow, type Needs } from '../../src/domain/account/team-roles';

const FORBIDDEN = { status: 'failed', message: 'You are not allowed to do this' };
const INVALID_TOKEN = { status: 'failed', message: 'Invalid Token' };

/** The calls without a token (docs/api.md#transport; signup too: it ends the sign-up, before any session exists). */
const PUBLIC = [
  'login',
  'signup',
  'checkusernameexist',
  'checkemailexist',
  'sendsmscode',
  'verifysmscode',
  'setpasswordreset',
  'changepassword',
  // The second step of a sign-in: its challenge, not a token, names the account.
  'logincode',
  // A team's invitation: its code, from the SMS link, names the member.
  'invitation',
  'acceptinvitation',
  // The first step of a sign-up, under its own path.
  'temporalsignup',
];

/** Roles the calls require (docs/api.md#calls-and-answers, docs/product.md#roles-and-permissions), whoever implements them. */
const EXPECTED_ROLE: Record<string, Role> = {
  allusers: 'admin',
  allbulksms: 'admin',
  allscheduled: 'admin',
  allrecurring: 'admin',
  allgroups: 'admin',
  'allgroups%20': 'admin',
  allpurchasehistory: 'admin',
  manualcreditpurchase: 'admin',
  directcreditpurchase: 'admin',
  approvesenderid: 'profile6',
  rejectsenderid: 'profile6',
  'numbers/': 'profile6',
  carrierhealth: 'profile6',
  // Editing one's own account: any signed-in user, on itself only.
  updateprofile: 'user',
  sendphonecode: 'user',
  changephone: 'user',
  changeownpassword: 'user',
  setlowbalancealert: 'user',
  setquiethours: 'user',
  setclientcap: 'admin',
  // Account security: each acts on the caller's own account, sessions and log (an admin's log reads its clients' rows).
  twostepstart: 'user',
  twostepconfirm: 'user',
  twostepoff: 'user',
  twosteprecovery: 'user',
  twosteprequire: 'user',
  sessions: 'user',
  endsession: 'user',
  endothersessions: 'user',
  auditlog: 'user',
  auditexport: 'user',
  recordexport: 'user',
};

/** Routes served that are calls of neither API: pages, files and documents, each open by what it is. */
const NOT_CALLS: Record<string, string> = {
  'GET /smsgateway/api/domain': 'the domain details the sign-in page shows (docs/api.md#domains)',
  'GET /smsgateway/api/frontend/images/:file': 'logos and backgrounds, shown before sign-in',
  'GET /smsgateway/api/v1/openapi.json': "the API v1's public document",
  'GET /smsgateway/dev/carrier': "dev mode only: the simulated carrier's inbox",
  'GET /smsgateway/dev/carrier/summary': "dev mode only: a job's summary in that inbox",
  'GET /smsgateway/dev/mail': 'dev mode only: the e-mail the gateway wrote (no SMTP_URL)',
  'GET /healthz': 'liveness for a load balancer: answers that the process runs, nothing else',
  'GET /readyz': 'readiness for a load balancer: names the failing part, never a tenant or a secret',
  'GET /smsgateway/pay/:reference': "the simulated checkout page: the payment's reference is its key",
  'POST /smsgateway/pay/:reference': 'its Pay and Cancel form: the reference is the key',
  'GET /manifest.webmanifest': "the domain's web app manifest",
  'GET /o/:code': 'the opt-out link page: its code is the key',
  'POST /o/:code': 'its confirmation form: the code is the key',
  'GET /l/:code': "a send's short link: its code is the key; redirects to the long URL and counts the click",
};

type Route = { path: string; name: string; url: string; access: Role; needs: Needs | undefined };

const gw: TestGateway = await makeTestApp();
await gw.app.ready();
const routes: Route[] = declaredRoutes('app').map(({ path, declared }) => ({
  path,
  name: path.startsWith(FRONTEND) ? path.slice(FRONTEND.length) : path.slice(path.lastIndexOf('/') + 1),
  url: encodeURI(path.replace(/:\w+/g, '1')),
  access: declared.access.who,
  needs: declared.access.needs,
}));
const named = (...names: string[]) => routes.filter((r) => names.includes(r.name));
/** The demo seed's accounts and their roles. */
const accounts = await seededAccounts(gw);
/** Whether the registrar registered `METHOD path` (any API). */
const registeredRoute = (route: string) =>
  [...declaredRoutes('app'), ...declaredRoutes('v1')].some((r) => `${r.method} ${r.path}` === route);
const withAccess = (...levels: Role[]) => routes.filter((r) => levels.includes(r.access));

let demo: Session, sup: Session, acme: Session, acmeClient: Session;
/** One member of every team role in each seeded account. */
const teams = new Map<(typeof accounts)[number], TeamMemberFixture[]>();

beforeAll(async () => {
  ({ sup, demo, acme, acmeClient } = await signInDemoTenants(gw));
  for (const account of accounts) {
    const { token } = await freshSession(gw, account);
    teams.set(account, await memberOfEveryRole(gw, { token, host: account.host, profile_id: account.profile_id }));
  }
});
afterAll(() => gw.close());

const as = (who: Session | null, url: string, body: unknown) =>
  call(gw, url, body, { token: who?.token, host: who === acme || who === acmeClient ? 'acme.localhost' : 'localhost' });

describe('the route table', () => {
  it('holds the account routes and whatever the other areas registered', () => {
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(named('login', 'fetchuser', 'allusers', 'approvesenderid')).toHaveLength(4);
  });

  it('declares public exactly the calls the API leaves without a token', () => {
    const declaredPublic = withAccess('public').map((r) => r.name);
    expect(declaredPublic.filter((n) => !PUBLIC.includes(n))).toEqual([]);
    expect(PUBLIC.filter((n) => !declaredPublic.includes(n))).toEqual([]);
  });

  it('serves no route without a declaration but the pages named here', () => {
    const served = servedRoutes(gw.app);
    expect(served.filter((r) => !registeredRoute(r) && !(r in NOT_CALLS))).toEqual([]);
    expect(Object.keys(NOT_CALLS).filter((r) => !served.includes(r))).toEqual([]);
  });

  it('refuses to register a declaration it cannot honour', () => {
    const app = Fastify();
    const answer = z.unknown();
    const incoherent = [
      frontendCall('x1', { who: 'user', touches: 'nothing' }, ownBody, answer),
      frontendCall('x2', { who: 'public', touches: 'self' }, ownBody, answer),
      frontendCall('x3', { who: 'user', touches: 'clients' }, ownBody, answer),
      frontendCall('x4', { who: 'admin', touches: 'platform' }, ownBody, answer),
      frontendCall('x5', { who: 'user', touches: 'self', attempts: 'lookup' }, ownBody, answer),
      frontendCall('x6', { who: 'public', touches: 'nothing' }, ownBody, answer, { bodyLimit: 1 << 24 }),
    ];
    for (const declared of incoherent)
      expect(() => register(app, gw.ctx, declared, async () => ({})), declared.name).toThrow(
        /src\/domain\/contract\/access\.ts/,
      );
    expect(app.hasRoute({ method: 'POST', url: incoherent[0]!.path })).toBe(false);
  });

  it('declares for every signed-in call the permission a member needs (none left undeclared)', () => {
    const undeclared = routes.filter((r) => r.access !== 'public' && !r.needs).map((r) => r.name);
    expect(undeclared).toEqual([]);
    expect(routes.filter((r) => r.access === 'public' && r.needs).map((r) => r.name)).toEqual([]);
    const noNeeds = frontendCall('x7', { who: 'user', touches: 'self' }, ownBody, z.unknown());
    expect(() => register(Fastify(), gw.ctx, noNeeds, async () => ({}))).toThrow(/needs/);
  });

  it.each(Object.entries(EXPECTED_ROLE))('%s is declared %s', (name, role) => {
    const route = named(name)[0];
    expect(route, name).toBeDefined();
    expect(route!.access).toBe(role);
  });

  it('holds the calls that edit one’s own account', () => {
    expect(named('updateprofile', 'sendphonecode', 'changephone', 'changeownpassword')).toHaveLength(4);
  });

  it('holds the account security calls', () => {
    const security = ['logincode', 'twostepstart', 'twostepconfirm', 'twostepoff', 'twosteprecovery', 'twosteprequire'];
    const devices = ['sessions', 'endsession', 'endothersessions', 'auditlog', 'auditexport', 'recordexport'];
    expect(named(...security, ...devices)).toHaveLength(12);
  });
});

describe('anonymous callers', () => {
  it.each(routes.filter((r) => r.access !== 'public').map((r) => [r.name, r] as const))(
    '%s needs a token',
    async (_n, route) => {
      for (const token of [undefined, 'forged-token']) {
        const res = await call(gw, route.url, { profile_id: 6 }, { token });
        expect(res.status).toBe(401);
        expect(res.body.error).toEqual({ status: 'failed', message: 'Invalid Token' });
      }
    },
  );

  it.each(withAccess('public').map((r) => [r.name, r] as const))(
    '%s answers without a token, never with a fault',
    async (_n, route) => {
      const res = await call(gw, route.url, {}, { remoteAddress: '10.77.0.1' });
      expect(res.status).not.toBe(401);
      expect(res.status).toBeLessThan(500);
    },
  );
});

describe('roles', () => {
  it.each(withAccess('admin', 'profile6').map((r) => [r.name, r] as const))(
    'a plain user gets 403 from %s',
    async (_n, route) => {
      for (const who of [() => demo, () => acmeClient]) {
        const res = await as(who(), route.url, { profile_id: who().profile_id });
        expect(res.status).toBe(403);
        expect(res.body.error).toEqual(FORBIDDEN);
      }
    },
  );

  it.each(withAccess('profile6').map((r) => [r.name, r] as const))(
    'a reseller admin gets 403 from %s',
    async (_n, route) => {
      const res = await as(acme, route.url, { profile_id: acme.profile_id });
      expect(res.status).toBe(403);
    },
  );

  it.each(routes.filter((r) => r.access !== 'public').map((r) => [r.name, r] as const))(
    "%s refuses a body profile_id that is not the caller's",
    async (_n, route) => {
      const caller = route.access === 'profile6' ? sup : route.access === 'admin' ? acme : demo;
      const other = caller === demo ? acmeClient : demo;
      const res = await as(caller, route.url, { profile_id: other.profile_id, pageNum: 1, search: '' });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    },
  );
});

describe('every call for every role', () => {
  let address = 0;

  type Answer = { status: number; body: Record<string, any> };
  /** Refused for who the caller is: 401 'Invalid Token' without an account, 403 for the wrong role. */
  const refusedAs = (res: Answer) =>
    res.status === 401
      ? JSON.stringify(res.body.error) === JSON.stringify(INVALID_TOKEN)
      : res.status === 403 && JSON.stringify(res.body.error) === JSON.stringify(FORBIDDEN);

  /** A member refused for their roles: 403, the refusal's text and the role (or the owner) that may. */
  const refusedForRole = (res: Answer) =>
    res.status === 403 &&
    /^You are not allowed to do this\. (Ask for the (Owner|Admin|Sender|Approver|Viewer|Billing|Developer) role|Only the account's owner can .*)\.$/.test(
      String(res.body.error?.message),
    );

  it.each(routes.map((r) => [r.name, r.access, r] as const))(
    '%s (%s) admits exactly the roles its access admits',
    async (_n, _who, route) => {
      const admits = ADMITS[route.access];
      const wrong: string[] = [];
      /** Admitted: not refused for who the caller is, and no fault; else refused with `status` and its text. */
      const expectThat = (who: string, expected: 'admitted' | 401 | 403, res: Answer) => {
        const ok =
          expected === 'admitted' ? !refusedAs(res) && res.status < 500 : refusedAs(res) && res.status === expected;
        if (!ok) wrong.push(`${who} expected ${expected}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      };
      const remoteAddress = `10.99.${Math.floor(++address / 200)}.${address % 200}`;
      const anonymous = admits.includes('anonymous') ? 'admitted' : 401;
      expectThat('anonymous', anonymous, await call(gw, route.url, {}, { remoteAddress }));
      expectThat('a forged token', anonymous, await call(gw, route.url, {}, { token: 'forged-token', remoteAddress }));
      for (const account of accounts) {
        // A fresh session each time: a call that ends sessions or changes the key ends only this one.
        const { token, apikey } = await freshSession(gw, account);
        const as = (credential: string) =>
          call(
            gw,
            route.url,
            { profile_id: account.profile_id },
            { token: credential, host: account.host, remoteAddress },
          );
        const admitted = admits.includes(account.role);
        expectThat(`${account.username} (${account.role})`, admitted ? 'admitted' : 403, await as(token));
        // The account's own API key stands for it on sendsms only; elsewhere it is no session.
        const byKey = route.access === 'public' || route.access === 'apikey' ? 'admitted' : 401;
        expectThat(`${account.username}'s API key`, byKey, await as(apikey));
        // Each member of its team: the account's role first, then the member's roles (docs/product.md#members-and-roles).
        for (const member of teams.get(account)!) {
          const res = await as(await memberSession(gw, member));
          const who = `${account.username}'s ${member.roles.join('+')}`;
          if (!admitted || route.access === 'public') expectThat(who, admitted ? 'admitted' : 403, res);
          else if (rolesAllow(member.roles, route.needs!)) expectThat(who, 'admitted', res);
          else if (!refusedForRole(res))
            wrong.push(`${who} expected a refusal naming a role: ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
      expect(wrong).toEqual([]);
    },
  );

  it('refused every role somewhere and admitted it somewhere (so the members above are not vacuous)', async () => {
    for (const member of teams.get(accounts.find((a) => a.role === 'user')!)!) {
      const token = await memberSession(gw, member);
      const user = await call(gw, 'fetchuser', {}, { token });
      expect(user.body.userInfo.member).toEqual({ id: member.id, name: expect.any(String), roles: member.roles });
      const billing = await call(gw, 'purchasehistory', { pageNum: 1 }, { token });
      expect(billing.status, member.roles.join()).toBe(rolesAllow(member.roles, 'billing') ? 200 : 403);
    }
  });

  it('left every seeded account in its role', async () => {
    expect((await seededAccounts(gw)).map((a) => a.role)).toEqual(accounts.map((a) => a.role));
  });
});

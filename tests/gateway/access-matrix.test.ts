// Every frontend route x anonymous, plain user, another tenant's admin, profile 6: no call without a
// token unless public, no role escalation, no cross-tenant read or write. Routes are collected from
// the app, so routes added later are covered without editing this file.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registered } from '../../server/src/http/register';
import type { Role as Access } from '../../src/domain/contract/access';
import { FRONTEND_PATH as FRONTEND } from '../../src/domain/api-paths';
import { call, makeTestApp, type TestGateway, type Session, signInDemoTenants } from './helpers/test-app';

const FORBIDDEN = { status: 'failed', message: 'You are not allowed to do this' };

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
];

/** Roles the calls require (docs/api.md#calls-and-answers, docs/product.md#roles-and-permissions), whoever implements them. */
const EXPECTED_ROLE: Record<string, Access> = {
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

/** A caller's own lists: what they answer must hold nothing of another tenant. */
const OWN_LISTS = ['quickrequest', 'scheduledrequest', 'recurringrequest', 'groupsrequest', 'purchasehistory'];

/** POST paths as registered, read from printRoutes' tree (nested lines extend their parent's path). */
function postRoutes(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const paths: string[] = [];
  for (const line of app.printRoutes({ method: 'POST', commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.*) \(([A-Z, ]+)\)$/.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    const path = (depth ? (stack[depth - 1] ?? '') : '') + (m[2] ?? '').replace(/%25/g, '%');
    stack[depth] = path;
    stack.length = depth + 1;
    if ((m[3] ?? '').includes('POST')) paths.push(path);
  }
  return [...new Set([...paths, ...routeAccess.keys()])].filter((p) => p.startsWith(FRONTEND)).sort();
}

type Route = { path: string; name: string; url: string; access: Access };

const gw: TestGateway = await makeTestApp();
await gw.app.ready();
const routeAccess = new Map(
  [...registered.values()].filter((r) => r.api === 'app').map((r) => [r.path, r.declared.access.who]),
);
const routes: Route[] = postRoutes(gw.app).map((path) => ({
  path,
  name: path.slice(FRONTEND.length),
  url: encodeURI(path.replace(/:\w+/g, '1')),
  // A route registered without post() is held to the strict default: it needs a token.
  access: routeAccess.get(path) ?? 'user',
}));
const named = (...names: string[]) => routes.filter((r) => names.includes(r.name));
const withAccess = (...levels: Access[]) => routes.filter((r) => levels.includes(r.access));

let demo: Session, sup: Session, acme: Session, acmeClient: Session;

beforeAll(async () => {
  ({ sup, demo, acme, acmeClient } = await signInDemoTenants(gw));
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
  });

  it.each(Object.entries(EXPECTED_ROLE))('%s is declared %s', (name, role) => {
    const route = named(name)[0];
    if (route) expect(route.access).toBe(role);
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

describe('tenant walls', () => {
  const DEMO_MARKS = ['demouser', 'demo@example.com', 'secret-text-777', 'Secret Book 777'];
  const ACME_CLIENT_MARKS = ['acmeclient', 'client@acme.example.com', 'acme-secret-888', 'Acme Book 888'];
  const fx: Record<string, number | undefined> & { demoSession?: string } = {};

  const exists = (name: string) => named(name).length > 0;
  const sendAs = async (who: Session, messageType: string, from: string, text: string, extra: object = {}) => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/smsgateway/api/sendsms',
      headers: { host: 'localhost', authorization: `Bearer ${who.token}`, accept: 'application/json' },
      payload: {
        messageobject: [
          {
            shortMessage: text,
            destinationAddress: '233241110001,233241110002',
            sourceAddress: from,
            messageDescription: `${text} campaign`,
            messageType,
            typeandsubtype: `${messageType.split(' ')[0]}:regular`,
            specialUnicodeSupport: false,
            flash: false,
            expectedDeliveryTime: messageType === 'quick sms' ? '2026-11-20 10:00:00' : '2026-11-22 09:00:00',
            ...extra,
          },
        ],
      },
    });
    return res.statusCode === 200 ? (res.json().message_id as number) : undefined;
  };

  beforeAll(async () => {
    // Fixtures through the API, as far as the other areas' calls exist yet.
    if (exists('creategroup')) {
      fx.demoGroup = (
        await as(demo, 'creategroup', { profile_id: demo.profile_id, groupname: 'Secret Book 777' })
      ).body.id;
      fx.acmeGroup = (
        await as(acmeClient, 'creategroup', { profile_id: acmeClient.profile_id, groupname: 'Acme Book 888' })
      ).body.id;
    }
    if (exists('createcontact')) {
      const contact = {
        groupname: 'Secret Book 777',
        firstname: 'Secret',
        surname: 'Contact',
        phonenumber: '233241110003',
        email: '',
        birthday: '',
        middlename: '',
      };
      fx.demoContact = (await as(demo, 'createcontact', { profile_id: demo.profile_id, ...contact })).body.id;
    }
    fx.demoQuick = await sendAs(demo, 'quick sms', 'DEMO', 'secret-text-777');
    fx.demoScheduled = await sendAs(demo, 'scheduled sms', 'DEMO', 'secret-text-777');
    fx.demoRecurring = await sendAs(demo, 'recurring sms', 'DEMO', 'secret-text-777', {
      recurringPeriod: 'Daily',
      recurringInterval: 1,
    });
    fx.acmeQuick = await sendAs(acmeClient, 'quick sms', 'ACMECL', 'acme-secret-888');
    if (exists('sessions')) {
      const sessions = await as(demo, 'sessions', { profile_id: demo.profile_id });
      fx.demoSession = sessions.body.sessions?.[0]?.id;
    }
  });

  /** Someone acting on another tenant's row: refused, and the row is as it was. */
  type Case = { name: string; route: string; by: () => Session; body: () => object | null; url?: () => string };
  const cases: Case[] = [
    {
      name: "reseller approves a supervisor client's sender ID",
      route: 'approvesenderid',
      by: () => acme,
      body: () => ({ id: demo.profile_id, pendingsenderid: 'PROMO' }),
    },
    {
      name: "reseller rejects a supervisor client's sender ID",
      route: 'rejectsenderid',
      by: () => acme,
      body: () => ({ id: demo.profile_id, pendingsenderid: 'PROMO' }),
    },
    {
      name: 'reseller gives credit to a supervisor client',
      route: 'manualcreditpurchase',
      by: () => acme,
      body: () => ({ amount: 100, currency: 'GHS', clientprofile_id: demo.profile_id }),
    },
    {
      name: "supervisor gives credit to a reseller's client",
      route: 'manualcreditpurchase',
      by: () => sup,
      body: () => ({ amount: 100, currency: 'GHS', clientprofile_id: acmeClient.profile_id }),
    },
    {
      name: 'reseller gives credit by rate to a supervisor client',
      route: 'directcreditpurchase',
      by: () => acme,
      body: () => ({ amount: 100, rate: 0.03, currency: 'GHS', clientprofile_id: demo.profile_id }),
    },
    {
      name: "reseller reads the status of a supervisor client's message",
      route: 'status/:id',
      by: () => acme,
      body: () => (fx.demoQuick ? {} : null),
      url: () => `status/${fx.demoQuick}`,
    },
    {
      name: "another tenant's user reads the status of a message",
      route: 'status/:id',
      by: () => acmeClient,
      body: () => (fx.demoQuick ? {} : null),
      url: () => `status/${fx.demoQuick}`,
    },
    {
      name: "supervisor reads the status of a reseller client's message",
      route: 'status/:id',
      by: () => sup,
      body: () => (fx.acmeQuick ? {} : null),
      url: () => `status/${fx.acmeQuick}`,
    },
    {
      name: "another tenant's user edits a scheduled message",
      route: 'updatescheduled',
      by: () => acmeClient,
      body: () =>
        fx.demoScheduled
          ? {
              message_id: fx.demoScheduled,
              shortMessage: 'hacked',
              sourceAddress: 'DEMO',
              expectedDeliveryTime: '2026-11-23 09:00:00',
            }
          : null,
    },
    {
      name: "reseller edits a supervisor client's scheduled message",
      route: 'updatescheduled',
      by: () => acme,
      body: () => (fx.demoScheduled ? { message_id: fx.demoScheduled, shortMessage: 'hacked' } : null),
    },
    {
      name: "another tenant's user deletes a scheduled message",
      route: 'deletescheduled',
      by: () => acmeClient,
      body: () => (fx.demoScheduled ? { message_id: fx.demoScheduled } : null),
    },
    {
      name: "another tenant's user edits a recurring message",
      route: 'updaterecurring',
      by: () => acmeClient,
      body: () =>
        fx.demoRecurring
          ? { message_id: fx.demoRecurring, shortMessage: 'hacked', recurringPeriod: 'Hourly', recurringInterval: 1 }
          : null,
    },
    {
      name: 'reseller deletes a recurring message',
      route: 'deleterecurring',
      by: () => acme,
      body: () => (fx.demoRecurring ? { message_id: fx.demoRecurring } : null),
    },
    {
      name: "another tenant's user deletes a phone book",
      route: 'deletegroup',
      by: () => acmeClient,
      body: () => (fx.demoGroup ? { arrayofgroups: [fx.demoGroup] } : null),
    },
    {
      name: "reseller deletes a supervisor client's phone book",
      route: 'deletegroup',
      by: () => acme,
      body: () => (fx.demoGroup ? { arrayofgroups: [fx.demoGroup] } : null),
    },
    {
      name: "reseller reads a supervisor client's phone book",
      route: 'groupcontacts',
      by: () => acme,
      body: () => (fx.demoGroup ? { groupid: fx.demoGroup, pageNum: 1, search: '' } : null),
    },
    {
      name: "supervisor reads a reseller client's phone book",
      route: 'groupcontacts',
      by: () => sup,
      body: () => (fx.acmeGroup ? { groupid: fx.acmeGroup, pageNum: 1, search: '' } : null),
    },
    {
      name: "another tenant's user edits a contact",
      route: 'updatecontact',
      by: () => acmeClient,
      body: () =>
        fx.demoContact
          ? { id: fx.demoContact, groupid: fx.demoGroup, firstname: 'hacked', phonenumber: '233200000001' }
          : null,
    },
    {
      name: "another tenant's user changes a supervisor client's e-mail and company",
      route: 'updateprofile',
      by: () => acmeClient,
      body: () => ({ profile_id: demo.profile_id, email: 'taken-over@example.com', companyname: 'hacked' }),
    },
    {
      name: "another tenant's user asks for a code to change a supervisor client's phone",
      route: 'sendphonecode',
      by: () => acmeClient,
      body: () => ({ profile_id: demo.profile_id, phone: '233209990001' }),
    },
    {
      name: "another tenant's user changes a supervisor client's password",
      route: 'changeownpassword',
      by: () => acmeClient,
      body: () => ({
        profile_id: demo.profile_id,
        currentPassword: 'client12345',
        newPassword: 'taken-over1',
        confirmNewPassword: 'taken-over1',
      }),
    },
    {
      name: "another tenant's user ends a supervisor client's session",
      route: 'endsession',
      by: () => acmeClient,
      body: () => (fx.demoSession ? { id: fx.demoSession } : null),
    },
    {
      name: "reseller ends a supervisor client's session",
      route: 'endsession',
      by: () => acme,
      body: () => (fx.demoSession ? { id: fx.demoSession } : null),
    },
    {
      name: "another tenant's user deletes a contact",
      route: 'deletecontact',
      by: () => acmeClient,
      body: () => (fx.demoContact ? { arrayofContacts: [fx.demoContact] } : null),
    },
  ];

  /** Every row of every table but sessions and rate counters: what a refused call must leave alone. */
  const snapshot = async () => {
    const tables = (await gw.ctx.db.introspection.getTables())
      .map((t) => t.name)
      .filter((name) => !/^kysely_|^(tokens|rate_limits)$/.test(name))
      .sort();
    const rows: Record<string, unknown[]> = {};
    for (const table of tables)
      rows[table] = (await sql`select * from ${sql.table(table)} order by 1`.execute(gw.ctx.db)).rows;
    return rows;
  };

  it.for(cases.map((c) => [c.name, c] as const))('%s: refused, nothing changes', async ([, c], ctx) => {
    const body = c.body();
    if (!exists(c.route) || body === null) return ctx.skip();
    const before = await snapshot();
    const who = c.by();
    const res = await as(who, c.url?.() ?? c.route, { profile_id: who.profile_id, ...body });
    expect([403, 404]).toContain(res.status);
    expect(await snapshot()).toEqual(before);
    expect(JSON.stringify(res.body)).not.toMatch(/secret-text-777|acme-secret-888|Secret Contact/);
  });

  it('leaves the targeted rows intact for their owners', async (ctx) => {
    if (!exists('groupsrequest') || !fx.demoGroup) return ctx.skip();
    const books = await as(demo, 'groupsrequest', { profile_id: demo.profile_id });
    expect(JSON.stringify(books.body)).toContain('Secret Book 777');
    if (fx.demoScheduled && exists('scheduledrequest')) {
      const scheduled = await as(demo, 'scheduledrequest', { profile_id: demo.profile_id, pageNum: 1, search: '' });
      expect(JSON.stringify(scheduled.body)).toContain('secret-text-777');
      expect(JSON.stringify(scheduled.body)).not.toContain('hacked');
    }
  });

  const clientLists = routes.filter((r) => r.access === 'admin' && r.name.startsWith('all'));

  it("shows each admin its own clients' rows (so the checks below are not vacuous)", async (ctx) => {
    if (!fx.demoQuick || !fx.acmeQuick || !exists('allbulksms')) return ctx.skip();
    const main = await as(sup, 'allbulksms', { profile_id: sup.profile_id, pageNum: 1, search: '' });
    expect(JSON.stringify(main.body)).toContain('secret-text-777');
    const theirs = await as(acme, 'allbulksms', { profile_id: acme.profile_id, pageNum: 1, search: '' });
    expect(JSON.stringify(theirs.body)).toContain('acme-secret-888');
    const own = await as(acmeClient, 'quickrequest', { profile_id: acmeClient.profile_id, pageNum: 1, search: '' });
    expect(JSON.stringify(own.body)).toContain('acme-secret-888');
  });
  it.each(clientLists.map((r) => [r.name, r] as const))(
    '%s shows an admin nothing of another tenant',
    async (_n, route) => {
      for (const search of ['', 'secret', 'demo', 'acme']) {
        const theirs = await as(acme, route.url, { profile_id: acme.profile_id, pageNum: 1, search });
        expect(theirs.status).toBe(200);
        for (const mark of DEMO_MARKS) expect(JSON.stringify(theirs.body)).not.toContain(mark);
        const main = await as(sup, route.url, { profile_id: sup.profile_id, pageNum: 1, search });
        expect(main.status).toBe(200);
        for (const mark of ACME_CLIENT_MARKS) expect(JSON.stringify(main.body)).not.toContain(mark);
      }
    },
  );

  it('the audit log shows an admin its own and its clients’ rows, nothing of another tenant; profile 6 all', async (ctx) => {
    if (!exists('auditlog')) return ctx.skip();
    const read = async (who: Session, search = '') =>
      JSON.stringify(
        (await as(who, 'auditlog', { profile_id: who.profile_id, search, action: '', from: '', to: '' })).body,
      );
    for (const search of ['', 'demo', 'acme', 'signin']) {
      const theirs = await read(acme, search);
      expect(theirs).not.toContain('"demouser"');
      expect(theirs).not.toContain('"supervisor"');
      const client = await read(acmeClient, search);
      expect(client).not.toContain('"demouser"');
      expect(client).not.toContain('"acmeadmin"');
    }
    expect(await read(acme)).toContain('"acmeclient"');
    const all = await read(sup);
    for (const name of ['demouser', 'acmeadmin', 'acmeclient']) expect(all).toContain(`"${name}"`);
    // The demo user's own: its sign-in, no one else's.
    const own = await read(demo);
    expect(own).toContain('"demouser"');
    expect(own).not.toContain('"acmeclient"');
  });

  it.each(named(...OWN_LISTS).map((r) => [r.name, r] as const))(
    '%s shows a user only their own rows',
    async (_n, route) => {
      for (const search of ['', 'secret', 'demo']) {
        const res = await as(acmeClient, route.url, { profile_id: acmeClient.profile_id, pageNum: 1, search });
        expect(res.status).toBe(200);
        for (const mark of DEMO_MARKS) expect(JSON.stringify(res.body)).not.toContain(mark);
      }
    },
  );
});

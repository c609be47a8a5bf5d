// Tenant walls (docs/architecture.md#access-declared): someone acting on another tenant's row is refused and
// the row is as it was; an admin's client lists and the audit log show nothing of another tenant. Every case
// runs: a call missing, or a fixture that could not be made, fails its cases instead of skipping them.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRONTEND_PATH as FRONTEND } from '../../src/domain/navigation/api-paths';
import { call, makeTestApp, type TestGateway, type Session, signInDemoTenants } from './helpers/test-app';
import { declaredRoutes } from './helpers/roles';

/** A caller's own lists: what they answer must hold nothing of another tenant. */
const OWN_LISTS = ['quickrequest', 'scheduledrequest', 'recurringrequest', 'groupsrequest', 'purchasehistory'];

const gw: TestGateway = await makeTestApp();
await gw.app.ready();
const routes = declaredRoutes('app')
  .filter((r) => r.path.startsWith(FRONTEND))
  .map((r) => ({
    name: r.path.slice(FRONTEND.length),
    url: encodeURI(r.path.replace(/:\w+/g, '1')),
    access: r.declared.access.who,
  }));
const named = (...names: string[]) => routes.filter((r) => names.includes(r.name));

let demo: Session, sup: Session, acme: Session, acmeClient: Session;

beforeAll(async () => {
  ({ sup, demo, acme, acmeClient } = await signInDemoTenants(gw));
});
afterAll(() => gw.close());

const as = (who: Session | null, url: string, body: unknown) =>
  call(gw, url, body, { token: who?.token, host: who === acme || who === acmeClient ? 'acme.localhost' : 'localhost' });

describe('tenant walls', () => {
  const DEMO_MARKS = ['demouser', 'demo@example.com', 'secret-text-777', 'Secret Book 777'];
  const ACME_CLIENT_MARKS = ['acmeclient', 'client@acme.example.com', 'acme-secret-888', 'Acme Book 888'];
  const fx: Record<string, number | undefined> & { demoSession?: string } = {};

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
    // Fixtures through the API: a fixture that fails leaves its cases failing, never skipped.
    fx.demoGroup = (
      await as(demo, 'creategroup', { profile_id: demo.profile_id, groupname: 'Secret Book 777' })
    ).body.id;
    fx.acmeGroup = (
      await as(acmeClient, 'creategroup', { profile_id: acmeClient.profile_id, groupname: 'Acme Book 888' })
    ).body.id;
    {
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
    {
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

  it.for(cases.map((c) => [c.name, c] as const))('%s: refused, nothing changes', async ([, c]) => {
    expect(named(c.route), `${c.route} is registered`).toHaveLength(1);
    const body = c.body();
    expect(body, 'its fixture was made').not.toBeNull();
    const before = await snapshot();
    const who = c.by();
    const res = await as(who, c.url?.() ?? c.route, { profile_id: who.profile_id, ...body! });
    expect([403, 404]).toContain(res.status);
    expect(await snapshot()).toEqual(before);
    expect(JSON.stringify(res.body)).not.toMatch(/secret-text-777|acme-secret-888|Secret Contact/);
  });

  it('leaves the targeted rows intact for their owners', async () => {
    expect(fx.demoGroup).toBeDefined();
    expect(fx.demoScheduled).toBeDefined();
    const books = await as(demo, 'groupsrequest', { profile_id: demo.profile_id });
    expect(JSON.stringify(books.body)).toContain('Secret Book 777');
    const scheduled = await as(demo, 'scheduledrequest', { profile_id: demo.profile_id, pageNum: 1, search: '' });
    expect(JSON.stringify(scheduled.body)).toContain('secret-text-777');
    expect(JSON.stringify(scheduled.body)).not.toContain('hacked');
  });

  const clientLists = routes.filter((r) => r.access === 'admin' && r.name.startsWith('all'));

  it("shows each admin its own clients' rows (so the checks below are not vacuous)", async () => {
    expect(fx.demoQuick).toBeDefined();
    expect(fx.acmeQuick).toBeDefined();
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

  it('the audit log shows an admin its own and its clients’ rows, nothing of another tenant; profile 6 all', async () => {
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

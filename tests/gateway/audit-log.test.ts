// The audit log: every audited action writes exactly one row, in its own transaction, with the right
// actor, target and tenant; who may read which rows; search, filters, date ranges, paging, the
// export; rows past the retention period are pruned and nothing else updates or deletes them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pruneAudit, AUDIT_RETENTION_MS } from '../../server/src/audit/audit-log';
import { payCheckout } from '../../server/src/payments/checkout';
import { resetsSettled } from '../../server/src/routes/password-reset';
import type { AuditAction } from '../../src/domain/account/audit';
import {
  call,
  lastTextTo,
  login,
  makeTestApp,
  signInDemoTenants,
  type Session,
  type TestGateway,
} from './helpers/test-app';
import { makeKey, v1 } from './helpers/api-v1';

const UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

describe('the audit log', () => {
  let gw: TestGateway;
  let sup: Session, demo: Session, acme: Session, acmeClient: Session;
  beforeEach(async () => {
    gw = await makeTestApp();
    ({ sup, demo, acme, acmeClient } = await signInDemoTenants(gw));
  });
  afterEach(() => gw.close());

  const hostOf = (who: Session) => (who === acme || who === acmeClient ? 'acme.localhost' : 'localhost');
  const as = (who: Session, name: string, body: object = {}) =>
    call(
      gw,
      name,
      { profile_id: who.profile_id, ...body },
      {
        token: who.token,
        host: hostOf(who),
        headers: { 'user-agent': UA },
        remoteAddress: '10.9.8.7',
      },
    );
  const rows = () => gw.ctx.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
  const log = (who: Session, filter: object = {}) =>
    as(who, 'auditlog', { search: '', action: '', from: '', to: '', pageNum: 1, ...filter });

  /** Runs `act` and answers the rows it added. */
  async function added(act: () => Promise<unknown>) {
    const before = (await rows()).length;
    await act();
    return (await rows()).slice(before);
  }

  /** Exactly one row of `action` by `actor` (and about `target`), from the request's address and browser. */
  function expectOne(
    rowsAdded: Awaited<ReturnType<typeof rows>>,
    action: AuditAction,
    actor: Session,
    target?: Session,
  ) {
    expect(rowsAdded.map((r) => r.action)).toEqual([action]);
    const row = rowsAdded[0]!;
    expect(row.profile_id).toBe(actor.profile_id);
    expect(row.actor_name).toBe(actor.username);
    expect(row.tenant_id).toBe(actor.supid);
    expect(row.target_id).toBe(target?.profile_id ?? 0);
    return row;
  }

  it('records a sign-in and a failed sign-in, with the address and browser', async () => {
    const signin = await added(() =>
      call(
        gw,
        'login',
        { emailusername: 'demouser', password: 'demo12345' },
        { headers: { 'user-agent': UA }, remoteAddress: '10.2.2.2' },
      ),
    );
    const row = expectOne(signin, 'signin', demo);
    expect(row).toMatchObject({ ip: '10.2.2.2', user_agent: UA });
    const failed = await added(() => call(gw, 'login', { emailusername: 'demouser', password: 'wrong-one' }));
    expectOne(failed, 'signin_failed', demo);
    // No account, no row: a name typed at random is not logged against anyone.
    expect(await added(() => call(gw, 'login', { emailusername: 'nobody-here', password: 'x' }))).toEqual([]);
  });

  it('records password changes and resets, never the password', async () => {
    const change = await added(() =>
      as(demo, 'changeownpassword', {
        currentPassword: 'demo12345',
        newPassword: 'pass-new-1',
        confirmNewPassword: 'pass-new-1',
      }),
    );
    expect(JSON.stringify(expectOne(change, 'password_changed', demo))).not.toContain('pass-new-1');
    const reset = await added(async () => {
      await call(gw, 'setpasswordreset', { email: 'demo@example.com', supid: 6 });
      await resetsSettled();
      const code = /\b(\d{4})\b/.exec((await lastTextTo(gw, '233241234567'))?.text ?? '')?.[1] ?? '';
      await call(gw, 'changepassword', {
        email: 'demo@example.com',
        resetCode: code,
        newPassword: 'pass-new-2',
        confirmNewPassword: 'pass-new-2',
      });
    });
    // The demo account's SMPP password is cleared with it (recovery-credentials.test.ts).
    expect(reset.map((r) => r.action)).toEqual(['password_reset', 'smpp_access_reset']);
  });

  it('records API keys created and revoked (the app’s key and the API’s), never a secret', async () => {
    const legacy = await added(() => as(demo, 'changeapikey'));
    expectOne(legacy, 'api_key_created', demo);
    let secret = '';
    const created = await added(async () => {
      secret = (await makeKey(gw, demo.token)).secret;
    });
    const row = expectOne(created, 'api_key_created', demo);
    expect(row.details).not.toContain(secret);
    const keyId = JSON.parse(row.details).key as string;
    const revoked = await added(() => v1(gw, 'DELETE', `/api-keys/${keyId}`, { auth: demo.token }));
    expectOne(revoked, 'api_key_revoked', demo);
  });

  it('records credit given, with the client as target and the balances; a refused gift writes nothing', async () => {
    const given = await added(() =>
      as(acme, 'manualcreditpurchase', { amount: 50, currency: 'GHS', clientprofile_id: acmeClient.profile_id }),
    );
    const row = expectOne(given, 'credit_given', acme, acmeClient);
    expect(JSON.parse(row.details)).toMatchObject({ client: 'acmeclient', credits: 50, kind: 'manual' });
    // Credits are not cedis: a gift by amount names no money.
    expect(JSON.parse(row.details)).not.toHaveProperty('amount');
    expect(JSON.parse(row.details)).not.toHaveProperty('currency');
    // A gift by rate was worth money: the amount and its currency are recorded beside the credits.
    const byRate = await added(() =>
      as(acme, 'directcreditpurchase', {
        amount: 20,
        rate: 0.04,
        currency: 'GHS',
        clientprofile_id: acmeClient.profile_id,
      }),
    );
    expect(JSON.parse(expectOne(byRate, 'credit_given', acme, acmeClient).details)).toMatchObject({
      credits: 500,
      amount: 20,
      currency: 'GHS',
      kind: 'direct',
    });
    const refused = await added(() =>
      as(acme, 'manualcreditpurchase', { amount: 9_000_000, currency: 'GHS', clientprofile_id: acmeClient.profile_id }),
    );
    expect(refused).toEqual([]);
    // The client reads who gave it credit; the reseller reads it too.
    expect(JSON.stringify((await log(acmeClient, { action: 'credit_given' })).body.entries)).toContain('acmeadmin');
  });

  it('records credit bought when the checkout is paid', async () => {
    const link = await as(demo, 'paystack-link/', { amount: 100, currency: 'GHS' });
    expect(link.status).toBe(200);
    const checkout = await gw.ctx.db
      .selectFrom('checkouts')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const bought = await added(() => payCheckout(gw.ctx, checkout.reference));
    expect(JSON.parse(expectOne(bought, 'credit_bought', demo).details)).toMatchObject({ credits: checkout.credits });
  });

  it('records sender IDs requested, approved and rejected', async () => {
    const requested = await added(() => as(demo, 'senderidrequest', { pendingsenderid: 'NEWID,OTHER' }));
    expectOne(requested, 'sender_id_requested', demo);
    const approved = await added(() => as(sup, 'approvesenderid', { id: demo.profile_id, pendingsenderid: 'NEWID' }));
    expect(JSON.parse(expectOne(approved, 'sender_id_approved', sup, demo).details)).toMatchObject({
      account: 'demouser',
      senderIds: ['NEWID'],
    });
    const rejected = await added(() => as(sup, 'rejectsenderid', { id: demo.profile_id, pendingsenderid: 'OTHER' }));
    expectOne(rejected, 'sender_id_rejected', sup, demo);
  });

  it('records an account type change with before and after (a client becoming a reseller)', async () => {
    const changed = await added(() => as(demo, 'changeaccountype', { accountType: 'RESELLER' }));
    expect(JSON.parse(expectOne(changed, 'account_type_changed', demo).details)).toMatchObject({
      before: 'REGULAR',
      after: 'RESELLER',
      adminAfter: true,
    });
  });

  it('records reseller settings by field name, never a secret value', async () => {
    const saved = await added(() =>
      call(
        gw,
        'update-domain-details/',
        {
          profile_id: acme.profile_id,
          domain: 'acme.localhost',
          companyname: 'Acme Two',
          paystackseckey: 'sk_test_topsecret',
          logo: '',
        },
        { token: acme.token, host: 'acme.localhost' },
      ),
    );
    const row = expectOne(saved, 'reseller_settings', acme);
    expect(row.details).not.toContain('sk_test_topsecret');
    expect(JSON.parse(row.details).fields).toEqual(expect.arrayContaining(['companyname', 'paystackseckey']));
  });

  it('records an opt-out removal with its reason, from the app and from the API', async () => {
    await as(demo, 'optoutadd', { numbers: '233241000101,233241000102' });
    const removed = await added(() => as(demo, 'optoutremove', { number: '233241000101', reason: 'opted in again' }));
    expect(JSON.parse(expectOne(removed, 'opt_out_removed', demo).details)).toMatchObject({ reason: 'opted in again' });
    const { secret } = await makeKey(gw, demo.token);
    const viaApi = await added(() =>
      v1(gw, 'DELETE', `/opt-outs/233241000102?reason=${encodeURIComponent('asked by phone')}`, { auth: secret }),
    );
    expectOne(viaApi, 'opt_out_removed', demo);
    // Not on the list: refused, nothing recorded.
    expect(await added(() => as(demo, 'optoutremove', { number: '233241000101', reason: 'again' }))).toEqual([]);
  });

  it('records exports: the app’s, and the log’s own', async () => {
    const app = await added(() => as(demo, 'recordexport', { kind: 'contacts', count: 12 }));
    expect(JSON.parse(expectOne(app, 'data_exported', demo).details)).toEqual({ kind: 'contacts', count: 12 });
    const bad = await as(demo, 'recordexport', { kind: 'passwords', count: 1 });
    expect(bad.status).toBe(400);
    let answer: Awaited<ReturnType<typeof as>> | undefined;
    const own = await added(async () => {
      answer = await as(demo, 'auditexport', { search: '', action: '', from: '', to: '' });
    });
    expectOne(own, 'data_exported', demo);
    expect(answer?.body.entries.length).toBeGreaterThan(0);
    expect(answer?.body.truncated).toBe(false);
  });

  describe('reading it', () => {
    it('answers entries with the device in words, newest first, 20 a page', async () => {
      for (let i = 0; i < 25; i += 1) await as(demo, 'recordexport', { kind: 'messages', count: i });
      const first = await log(demo, { action: 'data_exported' });
      expect(first.status).toBe(200);
      expect(first.body.entries).toHaveLength(20);
      expect(first.body.hasMore).toBe(true);
      expect(first.body.entries[0]).toMatchObject({
        action: 'data_exported',
        actor: 'demouser',
        ip: '10.9.8.7',
        device: 'Chrome on Windows',
        details: { kind: 'messages', count: 24 },
      });
      const second = await log(demo, { action: 'data_exported', pageNum: 2 });
      expect(second.body.entries).toHaveLength(5);
      expect(second.body.hasMore).toBe(false);
    });

    it('searches and filters by action and date', async () => {
      await as(demo, 'recordexport', { kind: 'optouts', count: 3 });
      gw.clock.advance(3 * 24 * 3600_000);
      await as(demo, 'recordexport', { kind: 'clients', count: 4 });
      const found = await log(demo, { search: 'optouts' });
      expect(found.body.entries.map((e: { details: object }) => e.details)).toEqual([{ kind: 'optouts', count: 3 }]);
      const signins = await log(demo, { action: 'signin' });
      expect(signins.body.entries.every((e: { action: string }) => e.action === 'signin')).toBe(true);
      const lastDay = await log(demo, { from: '2026-11-23', to: '2026-11-23' });
      expect(lastDay.body.entries.map((e: { details: object }) => e.details)).toEqual([{ kind: 'clients', count: 4 }]);
    });

    it.each([
      [{ from: '2025-01-01', to: '2026-11-20' }, 'Please choose a date range of at most 366 days'],
      [{ from: '2026-11-20', to: '2026-11-01' }, 'The start date must be on or before the end date'],
      [{ from: '20/11/2026' }, 'Please enter the start date as YYYY-MM-DD'],
      [{ action: 'drop table' }, 'Please choose an action from the list'],
    ])('refuses %j with a 400 that says why', async (filter, message) => {
      const res = await log(demo, filter);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
      const exp = await as(demo, 'auditexport', { search: '', action: '', from: '', to: '', ...filter });
      expect(exp.status).toBe(400);
    });

    it('shows a plain account only its own rows and those done to it', async () => {
      await as(sup, 'manualcreditpurchase', { amount: 5, currency: 'GHS', clientprofile_id: demo.profile_id });
      const own = JSON.stringify((await log(demo)).body.entries);
      expect(own).toContain('"credit_given"');
      expect(own).not.toContain('"acmeclient"');
      // Profile 6's own sign-in is not the client's to read.
      expect(
        (await log(demo, { action: 'signin' })).body.entries.every((e: { actor: string }) => e.actor === 'demouser'),
      ).toBe(true);
    });
  });

  it('keeps rows for the retention period, then the prune removes them', async () => {
    const before = (await rows()).length;
    expect(before).toBeGreaterThan(0);
    expect(await pruneAudit(gw.ctx.db, gw.clock.now + AUDIT_RETENTION_MS - 1)).toBe(0);
    expect(await pruneAudit(gw.ctx.db, gw.clock.now + AUDIT_RETENTION_MS + 1)).toBe(before);
    expect(await rows()).toEqual([]);
  });

  it('is append-only: only the prune deletes rows and nothing updates them', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts')) files.push(path);
      }
    };
    walk(join(import.meta.dirname, '../../server/src'));
    const touching = files.filter((f) => /(updateTable|deleteFrom)\(\s*'audit_log'/.test(readFileSync(f, 'utf8')));
    expect(touching.map((f) => f.slice(f.indexOf('server/src')))).toEqual(['server/src/audit/audit-log.ts']);
    const text = readFileSync(touching[0]!, 'utf8');
    expect(text).not.toMatch(/updateTable\(\s*'audit_log'/);
    expect(text.match(/deleteFrom\(\s*'audit_log'/g)).toHaveLength(1);
  });

  it('an account with two-step off and no other rows sees an empty log, not an error', async () => {
    const fresh = await login(gw, 'acmeclient', 'client12345', 'acme.localhost');
    const res = await log(fresh, { action: 'two_step_on' });
    expect(res.status).toBe(200);
    expect(res.body.entries).toEqual([]);
  });
});

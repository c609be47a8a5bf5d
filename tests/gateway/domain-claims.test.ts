import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type Session, type TestGateway } from './helpers/test-app';
import { createUser } from '../../server/src/seed/accounts';
import { CLAIM_TTL_DAYS, expireClaims } from '../../server/src/tenancy/domain-claims';
import { isUniqueViolation } from '../../server/src/db/queries';
import { Migrator, sql } from 'kysely';
import { openDatabase } from '../../server/src/db/database';
import { migrateToLatest, migrations } from '../../server/src/db/migrate';
import { freshPostgres } from './helpers/test-app';

// A claim without the DNS record holds nothing: a free account that made itself a reseller must not
// keep a host from its real owner. The first verified claim wins; claims left unverified expire.

const HOST = 'sms.real-owner.example';
const DAY_MS = 24 * 3600 * 1000;

describe('domain claims', () => {
  let gw: TestGateway;
  let squatter: Session;
  let owner: Session;
  beforeEach(async () => {
    // Production rules: no dev-mode shortcut for *.localhost.
    gw = await makeTestApp({ devMode: false });
    for (const username of ['squatter', 'realowner']) {
      await createUser(gw.ctx, { username, password: 'reseller1', supid: 6, isAdmin: 1, accountType: 'RESELLER' });
    }
    squatter = await login(gw, 'squatter', 'reseller1');
    owner = await login(gw, 'realowner', 'reseller1');
  });
  afterEach(() => gw.close());

  const save = (s: Session, body: Record<string, unknown>) =>
    call(gw, 'update-domain-details/', { profile_id: s.profile_id, ...body }, { token: s.token });
  const verify = (s: Session) => call(gw, 'verify-domain/', { profile_id: s.profile_id }, { token: s.token });
  const info = async (s: Session) =>
    (await call(gw, 'fetchuser', { profile_id: s.profile_id }, { token: s.token })).body.userInfo;
  const servedBy = async (host: string) =>
    (await gw.app.inject({ method: 'GET', url: `/smsgateway/api/domain?domain=${host}` })).json().profile_id;
  /** DNS with these TXT values at the host's verification name. */
  const publish = (...tokens: string[]) => {
    gw.ctx.resolveTxt = async (name) => (name === `_bulksms-verification.${HOST}` ? tokens.map((t) => [t]) : []);
  };

  it("an unverified claim does not keep the host from its owner, whose verification wins and closes the other's", async () => {
    const squat = await save(squatter, { domain: HOST, companyname: 'Squat' });
    expect(squat.body).toMatchObject({ status: 'successful', domainverified: false });
    const mine = await save(owner, { domain: HOST, companyname: 'Real Owner' });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      status: 'successful',
      domainverified: false,
      domainverifyname: `_bulksms-verification.${HOST}`,
    });
    expect(mine.body.domainverifytoken).not.toBe(squat.body.domainverifytoken);
    // Neither serves before its DNS record is seen.
    expect(await servedBy(HOST)).toBe(6);

    publish(mine.body.domainverifytoken);
    expect((await verify(squatter)).body).toMatchObject({ status: 'failed', domainverified: false });
    expect((await verify(owner)).body).toMatchObject({ status: 'successful', domainverified: true });
    expect(await servedBy(HOST)).toBe(owner.profile_id);

    // The squatter's claim is closed: nothing to publish, its token no longer works, the host is refused.
    expect(await info(squatter)).toMatchObject({ domainverified: false, domainverifyname: '', domainverifytoken: '' });
    publish(mine.body.domainverifytoken, squat.body.domainverifytoken);
    const lost = await verify(squatter);
    expect(lost.body).toMatchObject({
      status: 'failed',
      message: `That domain is already in use: ${HOST} was verified by another account first. Please enter another domain`,
    });
    expect((await save(squatter, { domain: HOST })).body.error.message).toBe('That domain is already in use');
    expect(await servedBy(HOST)).toBe(owner.profile_id);
  });

  it('the first of two verified claims wins', async () => {
    const first = await save(squatter, { domain: HOST });
    const second = await save(owner, { domain: HOST });
    publish(first.body.domainverifytoken, second.body.domainverifytoken);
    expect((await verify(owner)).body.status).toBe('successful');
    expect((await verify(squatter)).body).toMatchObject({ status: 'failed', domainverified: false });
    expect(await servedBy(HOST)).toBe(owner.profile_id);
    const live = await gw.ctx.db
      .selectFrom('domains')
      .select('profile_id')
      .where('verified', '=', 1)
      .where('host', '=', HOST)
      .execute();
    expect(live).toEqual([{ profile_id: owner.profile_id }]);
  });

  it(`an unverified claim expires after ${CLAIM_TTL_DAYS} days; saving again gives a new token`, async () => {
    const claim = await save(owner, { domain: HOST });
    gw.clock.advance(CLAIM_TTL_DAYS * DAY_MS);
    publish(claim.body.domainverifytoken);
    expect((await verify(owner)).body).toMatchObject({
      status: 'failed',
      domainverified: false,
      message: `Your claim on ${HOST} was not verified within ${CLAIM_TTL_DAYS} days and has expired: save your domain again for a new TXT record`,
    });
    expect(await servedBy(HOST)).toBe(6);
    const again = await save(owner, { domain: HOST });
    expect(again.body.message).toMatch(/^Domain details updated\. It goes live once verified: /);
    expect(again.body.domainverifytoken).not.toBe(claim.body.domainverifytoken);
    publish(again.body.domainverifytoken);
    expect((await verify(owner)).body.status).toBe('successful');
    expect(await servedBy(HOST)).toBe(owner.profile_id);
  });

  it('the sweep closes claims past their period, and only those', async () => {
    await save(squatter, { domain: HOST });
    gw.clock.advance(CLAIM_TTL_DAYS * DAY_MS - 1);
    await save(owner, { domain: 'sms.fresh-claim.example' });
    expect(await expireClaims(gw.ctx)).toBe(0);
    gw.clock.advance(1);
    expect(await expireClaims(gw.ctx)).toBe(1);
    expect(await info(squatter)).toMatchObject({ domainverified: false, domainverifyname: '' });
    expect((await info(owner)).domainverifyname).toBe('_bulksms-verification.sms.fresh-claim.example');
  });

  it('the database keeps one verified domain per host, and any number of unverified claims', async () => {
    const row = (profile_id: number, verified: number) => ({
      host: 'sms.raced.example',
      profile_id,
      verified,
      verify_token: verified ? '' : `bulksms-verify=${profile_id}`,
      created_at: gw.clock.now,
    });
    await gw.ctx.db
      .insertInto('domains')
      .values([row(101, 0), row(102, 0), row(103, 1)])
      .execute();
    const second = await gw.ctx.db
      .insertInto('domains')
      .values(row(104, 1))
      .execute()
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isUniqueViolation(second)).toBe(true);
    expect(await servedBy('sms.raced.example')).toBe(103);
  });
});

describe('the domain-claims migration on a database in use', () => {
  it('keeps every domain, its id and the id sequence, and holds hosts by verified domains only', async () => {
    const pgDb = await freshPostgres();
    const db = openDatabase(pgDb ? { databaseUrl: pgDb.url } : { sqliteFile: ':memory:' });
    try {
      const before = Object.entries(migrations).filter(([name]) => name < '011-domain-claims');
      const provider = {
        getMigrations: async () => Object.fromEntries(before.map(([name, make]) => [name, make(db.dialectName)])),
      };
      const { error } = await new Migrator({ db, provider }).migrateToLatest();
      expect(error).toBeUndefined();
      const domain = (domainprofile_id: number, host: string, verified: number) => ({
        domainprofile_id,
        host,
        profile_id: domainprofile_id,
        companyname: `Company ${domainprofile_id}`,
        verified,
        verify_token: verified ? '' : 'bulksms-verify=old',
        created_at: 1_000 * domainprofile_id,
      });
      await db
        .insertInto('domains')
        .values([domain(3, 'live.example', 1), domain(9, 'pending.example', 0), domain(12, 'gone.example', 1)])
        .execute();
      // The newest domain was deleted: its id is never given again.
      await db.deleteFrom('domains').where('domainprofile_id', '=', 12).execute();
      if (db.dialectName === 'postgres') {
        await sql`select setval(pg_get_serial_sequence('domains', 'domainprofile_id'), 12)`.execute(db);
      }

      await migrateToLatest(db);

      const rows = await db
        .selectFrom('domains')
        .select(['domainprofile_id', 'host', 'companyname', 'verified', 'verify_token', 'claimed_at'])
        .orderBy('domainprofile_id')
        .execute();
      expect(rows).toEqual([
        {
          domainprofile_id: 3,
          host: 'live.example',
          companyname: 'Company 3',
          verified: 1,
          verify_token: '',
          claimed_at: 0,
        },
        {
          domainprofile_id: 9,
          host: 'pending.example',
          companyname: 'Company 9',
          verified: 0,
          verify_token: 'bulksms-verify=old',
          claimed_at: 9_000,
        },
      ]);
      // A second claim of a pending host is taken; a second verified holder of a live one is not.
      const added = await db
        .insertInto('domains')
        .values({ host: 'pending.example', profile_id: 20, created_at: 1, verified: 0 })
        .returning('domainprofile_id')
        .executeTakeFirstOrThrow();
      expect(Number(added.domainprofile_id)).toBe(13);
      const clash = await db
        .insertInto('domains')
        .values({ host: 'live.example', profile_id: 21, created_at: 1, verified: 1 })
        .execute()
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(isUniqueViolation(clash)).toBe(true);
    } finally {
      await db.destroy();
      await pgDb?.drop();
    }
  });
});

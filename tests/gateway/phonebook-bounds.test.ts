// One account's phone books must not make an answer that holds the gateway for everyone: the contacts
// inlined in groupsrequest and allgroups are bounded over the whole answer, and an account keeps at most
// MAX_BOOKS books. Every book still carries its whole count; groupcontacts pages the rest.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeTestApp, signInDemoTenants, type Session, type TestGateway } from './helpers/test-app';
import { INLINE_BUDGET, INLINE_CONTACTS, MAX_BOOKS, TOO_MANY_BOOKS } from '../../server/src/phonebook/groups';

const BOOKS = 150;
const PER_BOOK = 150;

describe('phone book answers stay bounded', () => {
  let gw: TestGateway;
  let demo: Session;
  let sup: Session;
  let acmeClient: Session;
  /** The seeded books' ids, newest first, as the answers list them. */
  let seeded: number[] = [];

  const as = (s: Session, path: string, body: Record<string, unknown> = {}) =>
    call(gw, path, { profile_id: s.profile_id, ...body }, { token: s.token });

  /** `count` books of `perBook` contacts, straight into the database (the book limit is another test's). */
  async function seedBooks(profileId: number, count: number, perBook: number, prefix: string) {
    const ids: number[] = [];
    for (let b = 0; b < count; b += 1) {
      const group = await gw.ctx.db
        .insertInto('groups')
        .values({ profile_id: profileId, groupname: `${prefix} ${b}`, created_at: gw.clock.now + 1000 + b })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.unshift(group.id);
      if (perBook === 0) continue;
      await gw.ctx.db
        .insertInto('contacts')
        .values(
          Array.from({ length: perBook }, (_, k) => ({
            group_id: group.id,
            profile_id: profileId,
            firstname: `First ${k}`,
            surname: `Book ${b}`,
            email: `person${b}.${k}@example.com`,
            phonenumber: `23324${String(b).padStart(3, '0')}${String(k).padStart(4, '0')}`,
            birthday: '1990-01-02',
            referencekey: randomUUID(),
            created_at: gw.clock.now,
          })),
        )
        .execute();
    }
    return ids;
  }

  beforeAll(async () => {
    gw = await makeTestApp();
    ({ demo, sup, acmeClient } = await signInDemoTenants(gw));
    seeded = await seedBooks(demo.profile_id, BOOKS, PER_BOOK, 'Book');
  }, 120_000);
  afterAll(() => gw.close());

  it(`groupsrequest for ${BOOKS} books of ${PER_BOOK} contacts: every count, at most ${INLINE_BUDGET} contacts inline, well under 1 MiB`, async () => {
    const res = await gw.app.inject({
      method: 'POST',
      url: '/smsgateway/api/frontend/groupsrequest',
      payload: { profile_id: demo.profile_id },
      headers: { host: 'localhost', authorization: `Bearer ${demo.token}` },
    });
    expect(res.statusCode).toBe(200);
    // All 22,500 contacts inline were 5 MB; the budget's 2,000 are under half a megabyte.
    expect(Buffer.byteLength(res.body)).toBeLessThan(1024 * 1024);
    const groups = res.json().groups as { id: number; contactcount: number; contacts: { groupid: number }[] }[];
    expect(groups.map((g) => g.id).slice(0, BOOKS)).toEqual(seeded);
    for (const g of groups.slice(0, BOOKS)) expect(g.contactcount).toBe(PER_BOOK);
    const inline = groups.map((g) => g.contacts.length);
    expect(inline.reduce((a, b) => a + b, 0)).toBe(INLINE_BUDGET);
    // The newest books come whole, the one at the edge in part, the older ones with their count only.
    const whole = Math.floor(INLINE_BUDGET / PER_BOOK);
    expect(inline.slice(0, whole)).toEqual(Array(whole).fill(PER_BOOK));
    expect(inline[whole]).toBe(INLINE_BUDGET - whole * PER_BOOK);
    expect(inline.slice(whole + 1)).toEqual(Array(groups.length - whole - 1).fill(0));
    for (const g of groups) for (const c of g.contacts) expect(c.groupid).toBe(g.id);
  });

  it('groupcontacts still pages every contact of a book that came without its contacts', async () => {
    const oldest = seeded.at(-1)!;
    const page = await as(demo, 'groupcontacts', { groupid: oldest, search: '', pageNum: 1 });
    expect(page.body).toMatchObject({ total: PER_BOOK, hasMore: false });
    expect(page.body.contacts).toHaveLength(PER_BOOK);
  });

  it(`allgroups: a page of 20 client books inlines at most ${INLINE_BUDGET} contacts, each with its count`, async () => {
    const res = await as(sup, 'allgroups', { search: 'Book', pageNum: 1 });
    expect(res.status).toBe(200);
    const groups = res.body.groups as { id: number; contactcount: number; contacts: unknown[] }[];
    expect(groups).toHaveLength(20);
    expect(groups.map((g) => g.id)).toEqual(seeded.slice(0, 20));
    for (const g of groups) expect(g.contactcount).toBe(PER_BOOK);
    // 20 books of 150 inlined 3,000 before.
    expect(groups.reduce((n, g) => n + g.contacts.length, 0)).toBe(INLINE_BUDGET);
  });

  it(`a single book still inlines its newest ${INLINE_CONTACTS} only`, async () => {
    const [big] = await seedBooks(acmeClient.profile_id, 1, INLINE_CONTACTS + 5, 'Large');
    const groups = (await as(acmeClient, 'groupsrequest')).body.groups as any[];
    const large = groups.find((g) => g.id === big);
    expect(large.contactcount).toBe(INLINE_CONTACTS + 5);
    expect(large.contacts).toHaveLength(INLINE_CONTACTS);
  });
});

describe('phone books per account', () => {
  let gw: TestGateway;
  let demo: Session;
  beforeAll(async () => {
    gw = await makeTestApp();
    ({ demo } = await signInDemoTenants(gw));
  });
  afterAll(() => gw.close());

  const as = (path: string, body: Record<string, unknown> = {}) =>
    call(gw, path, { profile_id: demo.profile_id, ...body }, { token: demo.token });
  const bookCount = async () =>
    Number(
      (
        await gw.ctx.db
          .selectFrom('groups')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('profile_id', '=', demo.profile_id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it(`refuses a book past ${MAX_BOOKS}, with a message saying what to do; one deleted makes room again`, async () => {
    const have = await bookCount();
    for (let i = have; i < MAX_BOOKS - 1; i += 1) {
      await gw.ctx.db
        .insertInto('groups')
        .values({ profile_id: demo.profile_id, groupname: `Seeded ${i}`, created_at: gw.clock.now })
        .execute();
    }
    const last = await as('creategroup', { groupname: 'The hundredth' });
    expect(last.body).toMatchObject({ status: 'successful', message: 'Phone book The hundredth created' });
    const refused = await as('creategroup', { groupname: 'One too many' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(TOO_MANY_BOOKS);
    expect(TOO_MANY_BOOKS).toBe(
      'You already have 100 phone books, the most one account can keep: delete one to create another',
    );
    expect(await bookCount()).toBe(MAX_BOOKS);

    expect((await as('deletegroup', { arrayofgroups: [last.body.id] })).status).toBe(200);
    expect((await as('creategroup', { groupname: 'One too many' })).status).toBe(200);
    expect(await bookCount()).toBe(MAX_BOOKS);
  });

  it('counts creations racing at the limit one after the other: exactly one gets the last place', async () => {
    const books = await gw.ctx.db
      .selectFrom('groups')
      .select('id')
      .where('profile_id', '=', demo.profile_id)
      .orderBy('id', 'desc')
      .limit(1)
      .execute();
    expect((await as('deletegroup', { arrayofgroups: books.map((b) => b.id) })).status).toBe(200);
    expect(await bookCount()).toBe(MAX_BOOKS - 1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => as('creategroup', { groupname: `Racer ${i}` })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    expect(await bookCount()).toBe(MAX_BOOKS);
  });
});

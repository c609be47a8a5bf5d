import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeTestApp, type TestGateway, type Session, signInDemoTenants } from './helpers/test-app';

describe('phone books and contacts', () => {
  let gw: TestGateway;
  let demo: Session;
  let sup: Session;
  let acme: Session;
  let acmeClient: Session;
  beforeAll(async () => {
    gw = await makeTestApp();
    ({ sup, demo, acme, acmeClient } = await signInDemoTenants(gw));
  });
  afterAll(() => gw.close());

  const as = (s: Session, path: string, body: Record<string, unknown> = {}) =>
    call(gw, path, { profile_id: s.profile_id, ...body }, { token: s.token });
  const groupsOf = async (s: Session) => (await as(s, 'groupsrequest')).body.groups as any[];
  const groupNamed = async (s: Session, name: string) => (await groupsOf(s)).find((g) => g.groupname === name);

  it('groupsrequest answers the own books with their contacts, newest first', async () => {
    const res = await as(demo, 'groupsrequest');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const customers = res.body.groups.find((g: any) => g.groupname === 'Customers');
    expect(customers).toMatchObject({ username: 'demouser', setuptime: '2026-11-20T10:00:00.000Z', contactcount: 8 });
    expect(customers.contacts).toHaveLength(8);
    expect(customers.contacts[0]).toMatchObject({ firstname: 'Abena', surname: 'Ofori', phonenumber: '233241000099' });
    expect(Object.keys(customers.contacts[0]).sort()).toEqual(
      [
        'birthday',
        'consentdate',
        'consentsource',
        'email',
        'firstname',
        'groupid',
        'id',
        'middlename',
        'phonenumber',
        'referencekey',
        'surname',
      ].sort(),
    );
    // The demo book has a birthday today (Accra) for the birthday scheduler.
    expect(customers.contacts.some((c: any) => c.birthday.endsWith('-11-20'))).toBe(true);
    expect((await groupsOf(acmeClient)).map((g) => g.groupname)).toEqual(['Acme customers']);
  });

  it('refuses a missing token and another profile_id', async () => {
    expect((await call(gw, 'groupsrequest', {})).status).toBe(401);
    const other = await call(gw, 'groupsrequest', { profile_id: acmeClient.profile_id }, { token: demo.token });
    expect(other.status).toBe(403);
  });

  it('creategroup needs a name, unique per user without regard to case', async () => {
    const ok = await as(demo, 'creategroup', { groupname: '  Church  ' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'successful', message: 'Phone book Church created' });
    expect(await groupNamed(demo, 'Church')).toMatchObject({ contactcount: 0, contacts: [] });
    const again = await as(demo, 'creategroup', { groupname: 'CHURCH' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: { status: 'failed', message: 'You already have a phone book named CHURCH' } });
    const empty = await as(demo, 'creategroup', { groupname: '  ' });
    expect(empty.body.error.message).toBe('Please enter a name for the phone book');
    const long = await as(demo, 'creategroup', { groupname: 'x'.repeat(101) });
    expect(long.body.error.message).toBe('A phone book name must be at most 100 characters');
    // Another user may use the same name.
    expect((await as(acmeClient, 'creategroup', { groupname: 'Church' })).status).toBe(200);
  });

  it('createcontact adds to the named own book; email checked, birthday kept as a date', async () => {
    await as(demo, 'creategroup', { groupname: 'Family' });
    const ok = await as(demo, 'createcontact', {
      groupname: 'family',
      firstname: 'Yaa',
      surname: 'Asantewaa',
      phonenumber: ' 233 20 111 2222 ',
      email: 'yaa@example.com',
      birthday: '1991-02-03T00:00:00.000Z',
    });
    expect(ok.body).toMatchObject({ status: 'successful', message: 'Contact created' });
    const family = await groupNamed(demo, 'Family');
    expect(family.contacts[0]).toMatchObject({
      firstname: 'Yaa',
      middlename: '',
      phonenumber: '233201112222',
      birthday: '1991-02-03',
    });
    expect(family.contacts[0].referencekey).toMatch(/^[0-9a-f-]{36}$/);
    // Every field is optional.
    expect((await as(demo, 'createcontact', { groupname: 'Family' })).status).toBe(200);

    const badEmail = await as(demo, 'createcontact', { groupname: 'Family', email: 'not-an-address' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error).toEqual({ status: 'failed', message: 'Please enter a valid email address' });
    const badDate = await as(demo, 'createcontact', { groupname: 'Family', birthday: '1991-02-30' });
    expect(badDate.body.error.message).toBe('Please enter a valid date');
    const noBook = await as(demo, 'createcontact', { groupname: 'Nope' });
    expect(noBook.status).toBe(404);
    expect(noBook.body.error.message).toBe('Phone book not found');
    // A book of someone else is found by name only among the caller's own.
    const foreign = await as(demo, 'createcontact', { groupname: 'Acme customers', firstname: 'x' });
    expect(foreign.status).toBe(404);
  });

  it('updatecontact changes the given fields of an own contact, and may move it to an own book', async () => {
    const family = await groupNamed(demo, 'Family');
    const yaa = family.contacts.find((c: any) => c.firstname === 'Yaa');
    const church = await groupNamed(demo, 'Church');
    const res = await as(demo, 'updatecontact', {
      id: yaa.id,
      groupid: church.id,
      middlename: 'Akua',
      birthday: '03/02/1991',
    });
    expect(res.body).toEqual({ status: 'successful', message: 'Contact updated' });
    const moved = (await groupNamed(demo, 'Church')).contacts[0];
    expect(moved).toMatchObject({
      id: yaa.id,
      firstname: 'Yaa',
      middlename: 'Akua',
      email: 'yaa@example.com',
      birthday: '1991-02-03',
    });

    expect((await as(demo, 'updatecontact', { id: yaa.id, email: 'bad@' })).body.error.message).toBe(
      'Please enter a valid email address',
    );
    expect((await as(demo, 'updatecontact', { id: 999_999, firstname: 'x' })).status).toBe(404);
    const acmeBook = await groupNamed(acmeClient, 'Acme customers');
    const theirs = acmeBook.contacts[0];
    expect((await as(demo, 'updatecontact', { id: theirs.id, firstname: 'Hacked' })).status).toBe(403);
    expect((await as(demo, 'updatecontact', { id: yaa.id, groupid: acmeBook.id })).status).toBe(403);
    expect((await groupNamed(acmeClient, 'Acme customers')).contacts[0].firstname).toBe(theirs.firstname);
  });

  it('deletecontact deletes own contacts only; ids already gone are skipped', async () => {
    const church = await groupNamed(demo, 'Church');
    const id = church.contacts[0].id;
    const theirs = (await groupNamed(acmeClient, 'Acme customers')).contacts[0].id;
    const refused = await as(demo, 'deletecontact', { arrayofContacts: [id, theirs] });
    expect(refused.status).toBe(403);
    expect((await groupNamed(demo, 'Church')).contactcount).toBe(1);
    const ok = await as(demo, 'deletecontact', { arrayofContacts: [String(id), 123_456] });
    expect(ok.body).toEqual({ status: 'successful', message: '1 contact deleted' });
    expect((await groupNamed(demo, 'Church')).contactcount).toBe(0);
    expect((await as(demo, 'deletecontact', { arrayofContacts: 'x' })).status).toBe(400);
  });

  it('groupcontacts pages a book with search; the owner’s admin reads it, nobody else', async () => {
    const customers = await groupNamed(demo, 'Customers');
    const page = await as(demo, 'groupcontacts', { groupid: customers.id, search: 'MENS' });
    expect(page.body).toMatchObject({ total: 1, pageNum: 1, hasMore: false });
    expect(page.body.contacts[0].surname).toBe('Mensah');
    expect((await as(sup, 'groupcontacts', { groupid: customers.id })).body.total).toBe(8);
    expect((await as(acme, 'groupcontacts', { groupid: customers.id })).status).toBe(403);
    expect((await as(acmeClient, 'groupcontacts', { groupid: customers.id })).status).toBe(403);
    expect((await as(demo, 'groupcontacts', { groupid: 999_999 })).status).toBe(404);
  });

  it('allgroups (also at allgroups%20) pages the admin’s clients’ books with search, within its tenant', async () => {
    for (const path of ['allgroups', 'allgroups%20']) {
      const res = await as(sup, path, { search: '', pageNum: 1 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ pageNum: 1, hasMore: false });
      const owners = new Set(res.body.groups.map((g: any) => g.username));
      expect(owners).toEqual(new Set(['demouser']));
    }
    const search = await as(sup, 'allgroups', { search: 'staff', pageNum: '1' });
    expect(search.body.groups.map((g: any) => g.groupname)).toEqual(['Staff']);
    expect((await as(sup, 'allgroups', { search: 'DEMOUSER' })).body.groups.length).toBe(4);
    const acmeView = await as(acme, 'allgroups', { search: '' });
    expect(new Set(acmeView.body.groups.map((g: any) => g.username))).toEqual(new Set(['acmeclient']));
    expect((await as(demo, 'allgroups', {})).status).toBe(403);
  });

  it('allgroups pages by 20, newest first', async () => {
    for (let i = 1; i <= 22; i++) await as(acmeClient, 'creategroup', { groupname: `Book ${i}` });
    gw.clock.advance(1);
    const first = await as(acme, 'allgroups', { pageNum: 1 });
    expect(first.body.groups).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    const second = await as(acme, 'allgroups', { pageNum: 2 });
    expect(second.body).toMatchObject({ pageNum: 2, hasMore: false });
    expect(second.body.groups).toHaveLength(4);
    expect(first.body.groups[0].groupname).toBe('Book 22');
  });

  it('deletegroup deletes own books with their contacts; an admin cannot delete a client’s book', async () => {
    const customers = await groupNamed(demo, 'Customers');
    const byAdmin = await as(sup, 'deletegroup', { arrayofgroups: [customers.id] });
    expect(byAdmin.status).toBe(403);
    expect((await groupNamed(demo, 'Customers')).contactcount).toBe(8);
    const family = await groupNamed(demo, 'Family');
    const res = await as(demo, 'deletegroup', { arrayofgroups: [family.id] });
    expect(res.body).toEqual({ status: 'successful', message: '1 phone book deleted' });
    expect(await groupNamed(demo, 'Family')).toBeUndefined();
    const left = await gw.ctx.db.selectFrom('contacts').select('id').where('group_id', '=', family.id).execute();
    expect(left).toEqual([]);
    // A retried deletion succeeds without deleting anything.
    expect((await as(demo, 'deletegroup', { arrayofgroups: [family.id] })).body.message).toBe('0 phone books deleted');
  });
});

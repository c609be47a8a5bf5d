// Consent on contacts (docs/compliance.md#consent-on-contacts): how and when a person agreed, through
// add, edit, import and every role's reads of a book.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeTestApp, signInDemoTenants, type Session, type TestGateway } from './helpers/test-app';

describe('consent on contacts', () => {
  let gw: TestGateway;
  let demo: Session;
  let sup: Session;
  let acme: Session;
  beforeAll(async () => {
    gw = await makeTestApp();
    ({ sup, demo, acme } = await signInDemoTenants(gw));
    await as(demo, 'creategroup', { groupname: 'Consent' });
  });
  afterAll(() => gw.close());

  const as = (s: Session, path: string, body: Record<string, unknown> = {}) =>
    call(gw, path, { profile_id: s.profile_id, ...body }, { token: s.token });
  const book = async () =>
    ((await as(demo, 'groupsrequest')).body.groups as any[]).find((g) => g.groupname === 'Consent');
  const contactNumbered = async (number: string) =>
    ((await as(demo, 'groupcontacts', { groupid: (await book()).id })).body.contacts as any[]).find(
      (c) => c.phonenumber === number,
    );

  it('createcontact and updatecontact keep a consent source and day; an old client’s fields still work', async () => {
    const made = await as(demo, 'createcontact', {
      groupname: 'Consent',
      firstname: 'Ama',
      phonenumber: '0241230001',
      consentsource: '  Signed form ',
      consentdate: '12/3/2026',
    });
    expect(made.status).toBe(200);
    expect(await contactNumbered('233241230001')).toMatchObject({
      firstname: 'Ama',
      consentsource: 'Signed form',
      consentdate: '2026-03-12',
    });
    // An old client sends none of them: the contact is made without consent, the answer as before plus two fields.
    const old = await as(demo, 'createcontact', { groupname: 'Consent', firstname: 'Kofi', phonenumber: '0241230002' });
    expect(old.body).toMatchObject({ status: 'successful', message: 'Contact created' });
    expect(await contactNumbered('233241230002')).toMatchObject({ consentsource: '', consentdate: '' });
    // An edit that names other fields keeps the consent; one that names it changes it.
    const id = made.body.id;
    expect((await as(demo, 'updatecontact', { id, surname: 'Owusu' })).status).toBe(200);
    expect(await contactNumbered('233241230001')).toMatchObject({ surname: 'Owusu', consentsource: 'Signed form' });
    const changed = await as(demo, 'updatecontact', { id, consentsource: 'Verbal', consentdate: '2026-11-20' });
    expect(changed.status).toBe(200);
    expect(await contactNumbered('233241230001')).toMatchObject({ consentsource: 'Verbal', consentdate: '2026-11-20' });
  });

  it('refuses a consent date in the future, an unreadable one and a source over 100 characters', async () => {
    const base = { groupname: 'Consent', phonenumber: '0241230009' };
    const tomorrow = await as(demo, 'createcontact', { ...base, consentdate: '2026-11-21' });
    expect(tomorrow.status).toBe(400);
    expect(tomorrow.body.error.message).toBe('A consent date cannot be in the future');
    const bad = await as(demo, 'createcontact', { ...base, consentdate: 'last week' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Please enter a valid consent date');
    const long = await as(demo, 'createcontact', { ...base, consentsource: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('A consent source must be at most 100 characters');
    expect(await contactNumbered('233241230009')).toBeUndefined();
  });

  it('an import reads consent columns (Excel serials and text), and names the rows with a bad date', async () => {
    const res = await as(demo, 'createcontactexel', {
      groupname: 'Consent',
      excelData: [
        { numbers: '0241230101', Consent: 'Website form', 'Consent date': 46000 },
        { numbers: '0241230102', 'CONSENT SOURCE': 'In store', 'consent date': '2026-02-01' },
        { numbers: '0241230103', 'Consent source': 'SMS reply', 'Consent Date': 'yesterday-ish' },
        { numbers: '0241230104', 'Consent source': 'SMS reply', 'Consent Date': '2027-01-01' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ inserted: 2, rejected: 2 });
    expect(res.body.rejectedRows).toEqual([
      { row: 4, reason: 'Please enter a valid consent date' },
      { row: 5, reason: 'A consent date cannot be in the future' },
    ]);
    // Excel day 46000 is 2025-12-09.
    expect(await contactNumbered('233241230101')).toMatchObject({
      consentsource: 'Website form',
      consentdate: '2025-12-09',
    });
    expect(await contactNumbered('233241230102')).toMatchObject({
      consentsource: 'In store',
      consentdate: '2026-02-01',
    });
  });

  it('every role that reads the book sees the consent: its owner, its admin, and nobody else', async () => {
    const groups = (await as(demo, 'groupsrequest')).body.groups as any[];
    const inline = groups.find((g) => g.groupname === 'Consent').contacts as any[];
    expect(inline.find((c) => c.phonenumber === '233241230102')).toMatchObject({ consentsource: 'In store' });
    const clients = (await as(sup, 'allgroups', { search: 'Consent' })).body.groups as any[];
    const seen = clients.find((g) => g.groupname === 'Consent');
    expect(seen.contacts.find((c: any) => c.phonenumber === '233241230102')).toMatchObject({
      consentsource: 'In store',
      consentdate: '2026-02-01',
    });
    const page = await as(sup, 'groupcontacts', { groupid: seen.id });
    expect(page.status).toBe(200);
    expect(page.body.contacts.find((c: any) => c.phonenumber === '233241230101')).toMatchObject({
      consentsource: 'Website form',
    });
    expect((await as(acme, 'groupcontacts', { groupid: seen.id })).status).toBe(403);
  });
});

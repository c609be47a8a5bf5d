import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestGateway, type Session } from './helpers/test-app';
import { birthdayDate } from '../../src/domain/contacts/contact-fields';
import { rowToContactInput } from '../../src/domain/contacts/contact-headings';

describe('contact fields from sheets', () => {
  it('reads birthdays as ISO, Excel serials and day-first text', () => {
    expect(birthdayDate('1990-05-14')).toBe('1990-05-14');
    expect(birthdayDate('1990-05-14T23:00:00.000Z')).toBe('1990-05-14');
    expect(birthdayDate(33007)).toBe('1990-05-14');
    expect(birthdayDate('33007')).toBe('1990-05-14');
    expect(birthdayDate('14/05/1990')).toBe('1990-05-14');
    expect(birthdayDate('05/14/1990')).toBe('1990-05-14');
    expect(birthdayDate('')).toBe('');
    expect(birthdayDate(undefined)).toBe('');
    expect(birthdayDate('1990-02-30')).toBeNull();
    expect(birthdayDate('someday')).toBeNull();
  });

  it('maps usual headings to contact fields', () => {
    expect(
      rowToContactInput({
        'First Name': 'Ama',
        numbers: 233241234567,
        'E-mail': 'a@b.co',
        DOB: '1990-01-01',
        Other: 'x',
      }),
    ).toEqual({
      firstname: 'Ama',
      phonenumber: 233241234567,
      email: 'a@b.co',
      birthday: '1990-01-01',
    });
  });
});

describe('createcontactexel', () => {
  let gw: TestGateway;
  let demo: Session;
  let acmeClient: Session;
  beforeAll(async () => {
    gw = await makeTestApp();
    demo = await login(gw, 'demouser', 'demo12345');
    acmeClient = await login(gw, 'acmeclient', 'client12345', 'acme.localhost');
    await call(gw, 'creategroup', { profile_id: demo.profile_id, groupname: 'Big' }, { token: demo.token });
  });
  afterAll(() => gw.close());

  const importRows = (s: Session, groupname: string, excelData: unknown) =>
    call(gw, 'createcontactexel', { profile_id: s.profile_id, groupname, excelData }, { token: s.token });

  it('loads 100,000 rows in one call, reporting rejected rows and the fields left out', async () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => ({
      firstname: `First${i}`,
      surname: `Last${i}`,
      numbers: 233_200_000_000 + i,
      email: i % 10_000 === 5 ? 'broken-address' : `p${i}@example.com`,
      birthday: i % 3 === 0 ? '1990-05-14' : '',
    }));
    rows[42] = {} as (typeof rows)[number];
    const payload = JSON.stringify(rows);
    expect(payload.length).toBeGreaterThan(1024 * 1024); // well past the ordinary body limit

    const res = await importRows(demo, 'Big', rows);
    expect(res.status).toBe(200);
    // A bad e-mail is left out of its contact, never the contact (docs/product.md#for-contacts).
    expect(res.body).toMatchObject({ status: 'successful', inserted: 99_999, rejected: 1, leftOut: 10 });
    expect(res.body.message).toBe('99999 contacts loaded into Big, 1 row rejected');
    expect(res.body.rejectedRows).toEqual([{ row: 44, reason: 'Empty row' }]);
    expect(res.body.leftOutRows[0]).toEqual({ row: 7, field: 'email', reason: 'not an e-mail address' });

    const groups = (await call(gw, 'groupsrequest', { profile_id: demo.profile_id }, { token: demo.token })).body
      .groups;
    const big = groups.find((g: any) => g.groupname === 'Big');
    // Only the newest 1,000 come inline; contactcount tells the whole.
    expect(big.contactcount).toBe(99_999);
    expect(big.contacts).toHaveLength(1000);
    expect(big.contacts[0]).toMatchObject({ firstname: 'First99999', phonenumber: '233200099999' });
    const last = await call(
      gw,
      'groupcontacts',
      { profile_id: demo.profile_id, groupid: big.id, pageNum: 100 },
      { token: demo.token },
    );
    expect(last.body).toMatchObject({ total: 99_999, pageNum: 100, hasMore: false });
    expect(last.body.contacts).toHaveLength(999);
    expect(last.body.contacts.at(-1)).toMatchObject({ firstname: 'First0', birthday: '1990-05-14' });
  }, 120_000);

  it('refuses an unknown book, an empty sheet, a sheet with no good row, and anonymous callers before reading the body', async () => {
    const none = await importRows(demo, 'Nope', [{ firstname: 'a' }]);
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe('Phone book not found');
    expect((await importRows(demo, 'Big', [])).body.error.message).toBe('The excel sheet has no contacts');
    const bad = await importRows(demo, 'Big', [{ email: 'x' }]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('No contact could be loaded: No number (row 2)');
    expect((await importRows(demo, 'Big', 'not rows')).status).toBe(400);
    // A row that is not named cells refuses the whole sheet (the rows are checked by the import, not the route).
    const notARow = await importRows(demo, 'Big', [{ firstname: 'Kept out' }, 'x']);
    expect(notARow.status).toBe(400);
    expect(notARow.body.error.message).toBe('Invalid request: excelData.1 must be a row of named cells');
    const keptOut = await gw.ctx.db.selectFrom('contacts').select('id').where('firstname', '=', 'Kept out').execute();
    expect(keptOut).toEqual([]);
    // Another user's book cannot be named.
    expect((await importRows(acmeClient, 'Big', [{ firstname: 'x' }])).status).toBe(404);
    const anonymous = await call(gw, 'createcontactexel', { groupname: 'Big', excelData: [{ firstname: 'x' }] });
    expect(anonymous.status).toBe(401);
  });

  it('loads a contact whose e-mail or birthday is bad without that field, and still refuses a row without its number', async () => {
    await call(gw, 'creategroup', { profile_id: demo.profile_id, groupname: 'Lenient' }, { token: demo.token });
    const res = await importRows(demo, 'Lenient', [
      { firstname: 'Efua', numbers: '0244 100 200', email: 'efua@example', birthday: '1990-05-14' },
      { firstname: 'Kwesi', numbers: '0244100201', email: 'kwesi@example.com', birthday: 'someday' },
      { firstname: 'Abena', numbers: '0244', email: 'abena@example.com' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ inserted: 2, rejected: 1, leftOut: 2 });
    expect(res.body.rejectedRows).toEqual([{ row: 4, reason: 'Too short for a phone number (fewer than 8 digits)' }]);
    expect(res.body.leftOutRows).toEqual([
      { row: 2, field: 'email', reason: 'not an e-mail address' },
      { row: 3, field: 'birthday', reason: 'not a date' },
    ]);
    const stored = await gw.ctx.db
      .selectFrom('contacts')
      .select(['firstname', 'email', 'phonenumber', 'birthday'])
      .where('phonenumber', 'in', ['233244100200', '233244100201', '2330244'])
      .orderBy('firstname')
      .execute();
    expect(stored).toEqual([
      { firstname: 'Efua', email: '', phonenumber: '233244100200', birthday: '1990-05-14' },
      { firstname: 'Kwesi', email: 'kwesi@example.com', phonenumber: '233244100201', birthday: '' },
    ]);
  });
});

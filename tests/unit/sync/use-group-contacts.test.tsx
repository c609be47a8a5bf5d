import { beforeEach, describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { db } from '../../../src/db/db';
import { markContactsDeleted, mergeContacts, type ContactInput } from '../../../src/db/phonebook-store';
import { useStoredContacts } from '../../../src/sync/hooks/use-group-contacts';

const contact = (id: number, groupId = 1): ContactInput => ({
  profile_id: 7,
  id,
  group_id: groupId,
  firstname: `P${id}`,
  middlename: '',
  surname: '',
  email: '',
  phonenumber: `23324${String(id).padStart(7, '0')}`,
  birthday: '',
  consentsource: '',
  consentdate: '',
  referencekey: '',
});

describe('useStoredContacts: a book read from the device, not on every write', () => {
  beforeEach(async () => {
    db.close();
    await db.delete();
    await db.open();
    // Account 7 is signed in: an account's rows are written only then (src/db/signed-in-rows.ts).
    await db.session.put({ id: 'current', profile_id: 7, token: 't', signedInAt: 1 });
  });

  it('follows a mirror of many small writes with far fewer reads, and ends with every contact', async () => {
    await mergeContacts(7, [contact(1), contact(99, 2)]);
    const seen = new Set<unknown>();
    const hook = renderHook(() => {
      const rows = useStoredContacts(7, 1);
      seen.add(rows);
      return rows;
    });
    await waitFor(() => expect(hook.result.current?.map((c) => c.id)).toEqual([1]));
    const writes = 60;
    for (let id = 2; id <= writes + 1; id += 1) await mergeContacts(7, [contact(id)]);
    await waitFor(() => expect(hook.result.current).toHaveLength(writes + 1));
    expect(hook.result.current?.slice(0, 2).map((c) => c.id)).toEqual([writes + 1, writes]);
    // undefined, the first read, then at most a read per few writes (each write alone would be 60 reads).
    expect(seen.size).toBeLessThan(writes / 2);
  });

  it('hides a contact as soon as it is marked deleted', async () => {
    await mergeContacts(7, [contact(1), contact(2)]);
    const hook = renderHook(() => useStoredContacts(7, 1));
    await waitFor(() => expect(hook.result.current?.map((c) => c.id)).toEqual([2, 1]));
    await markContactsDeleted(7, [2], true);
    await waitFor(() => expect(hook.result.current?.map((c) => c.id)).toEqual([1]));
  });
});

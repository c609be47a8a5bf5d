// @vitest-environment node
// The phone book list inlines at most 2,000 contacts over all books; a book that comes with fewer than
// its newest page is completed through groupcontacts, so the device holds what the list used to carry.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readContacts, readGroups } from '../../../src/db/phonebook-store';
import { currentAccount } from '../../../src/db/session-store';
import * as sync from '../../../src/sync/phonebook-sync';
import { signInAs, startLiveGateway, type LiveGateway } from '../outbox/support/live-gateway';
import { resetDevice } from '../outbox/support/drain-helpers';

describe('phone book list mirror: books past the answer’s inline budget', () => {
  let live: LiveGateway;
  let profileId: number;
  const books = new Map<string, number>();

  /** A book of `count` contacts, straight into the gateway's database, newer than every book before it. */
  async function bookOf(name: string, count: number, age: number) {
    const db = live.gw.ctx.db;
    const group = await db
      .insertInto('groups')
      .values({ profile_id: profileId, groupname: name, created_at: live.gw.clock.now + age })
      .returning('id')
      .executeTakeFirstOrThrow();
    books.set(name, group.id);
    for (let from = 0; from < count; from += 500) {
      await db
        .insertInto('contacts')
        .values(
          Array.from({ length: Math.min(500, count - from) }, (_, k) => ({
            group_id: group.id,
            profile_id: profileId,
            firstname: `${name} ${from + k}`,
            phonenumber: `23324${String(from + k).padStart(7, '0')}`,
            referencekey: randomUUID(),
            created_at: live.gw.clock.now,
          })),
        )
        .execute();
    }
  }

  const onGateway = async (name: string) =>
    (await live.gw.ctx.db.selectFrom('contacts').select('id').where('group_id', '=', books.get(name)!).execute())
      .map((c) => c.id)
      .sort((a, b) => b - a);
  const onDevice = async (name: string) => (await readContacts(profileId, books.get(name)!)).map((c) => c.id);
  const contactPages = () => live.requests.filter((r) => r.path.endsWith('groupcontacts')).length;

  beforeEach(async () => {
    await resetDevice();
    live = await startLiveGateway();
    profileId = (await signInAs(live)).profile_id;
    books.clear();
    // Newest first: New B and New A spend the answer's 2,000; Old and Oldest come with their counts only.
    await bookOf('Oldest', 1200, 1);
    await bookOf('Old', 300, 2);
    await bookOf('New A', 1000, 3);
    await bookOf('New B', 1000, 4);
  });
  afterEach(() => live.close());

  it('holds every contact of a book that came without them, and the newest 1,000 of a larger one', async () => {
    const answer = await live.forward('/smsgateway/api/frontend/groupsrequest', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        authorization: `Bearer ${(await currentAccount())!.session.token}`,
      },
      body: JSON.stringify({ profile_id: profileId }),
    });
    const inline = new Map<number, number>(
      ((await answer.json()) as { groups: { id: number; contacts: unknown[] }[] }).groups.map((g) => [
        g.id,
        g.contacts.length,
      ]),
    );
    expect(inline.get(books.get('Old')!)).toBe(0);
    expect(inline.get(books.get('Oldest')!)).toBe(0);

    await sync.refreshGroups();
    for (const name of ['New B', 'New A', 'Old']) expect(await onDevice(name)).toEqual(await onGateway(name));
    expect(await onDevice('Oldest')).toEqual((await onGateway('Oldest')).slice(0, 1000));
    // The demo account's own small books came without contacts too.
    const stored = await readGroups(profileId);
    for (const g of stored) expect((await readContacts(profileId, g.id)).length).toBe(Math.min(g.contactcount, 1000));
    expect(stored.find((g) => g.id === books.get('Oldest'))?.contactcount).toBe(1200);

    // Again: only the book the device does not hold whole is asked for.
    live.requests.length = 0;
    await sync.refreshGroups();
    expect(contactPages()).toBe(1);
    expect(await onDevice('Old')).toEqual(await onGateway('Old'));
  });

  it('drops a contact deleted elsewhere from a book that came without its contacts', async () => {
    await sync.refreshGroups();
    const [gone] = await onGateway('Old');
    await live.gw.ctx.db.deleteFrom('contacts').where('id', '=', gone!).execute();
    await sync.refreshGroups();
    expect(await onDevice('Old')).toEqual(await onGateway('Old'));
    expect(await onDevice('Old')).not.toContain(gone);
  });
});

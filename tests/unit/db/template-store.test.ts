// @vitest-environment node
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../src/db/db';
import * as store from '../../../src/db/template-store';
import type { Template } from '../../../src/domain/templates/template-rules';

const template = (id: string, extra: Partial<Template> = {}): Template => ({
  id,
  name: `Template ${id}`,
  text: 'Akwaaba {firstname}',
  category: 'promotional',
  updatedAt: 1,
  ...extra,
});
const shown = async () => (await store.shownTemplates(7)).map((t) => [t.id, t.name, t.pending ?? null]);

describe('template store: the device copy and its changes not yet sent', () => {
  beforeEach(async () => {
    db.close();
    await db.delete();
    await db.open();
    // The account whose rows these are is signed in (an account's rows are written only then: signed-in-rows.ts).
    await db.session.put({ id: 'current', profile_id: 7, token: 't', signedInAt: 1 });
  });

  it("keeps a save and a deletion made on the device when the gateway's list arrives without them", async () => {
    await store.replaceTemplates(7, [template('a'), template('b')]);
    await store.keepSave(7, template('new', { name: 'Made offline', updatedAt: 5 }));
    await store.keepDeletion(7, 'b');
    await store.replaceTemplates(7, [template('a'), template('b'), template('c', { name: 'From elsewhere' })]);
    // By name; the deleted one is gone from the screen already.
    expect(await shown()).toEqual([
      ['c', 'From elsewhere', null],
      ['new', 'Made offline', 'save'],
      ['a', 'Template a', null],
    ]);
    expect((await store.pendingTemplates(7)).map((t) => [t.id, t.pending])).toEqual([
      ['b', 'delete'],
      ['new', 'save'],
    ]);
  });

  it('takes the gateway’s answer to a save, unless the device changed the template again meanwhile', async () => {
    const sent = { ...template('a', { updatedAt: 5 }), profile_id: 7, pending: 'save' as const };
    await store.keepSave(7, sent);
    await store.keepSave(7, template('a', { name: 'Changed again', updatedAt: 6 }));
    await store.confirmSave(7, sent, template('a', { updatedAt: 5 }));
    expect(await shown()).toEqual([['a', 'Changed again', 'save']]);
    const again = (await store.pendingTemplates(7))[0]!;
    await store.confirmSave(7, again, template('a', { name: 'Changed again', updatedAt: 9 }));
    expect(await shown()).toEqual([['a', 'Changed again', null]]);
  });
});

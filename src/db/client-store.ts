import type { ClientAnswer, ClientsAnswer } from '../api/clients-api';
import type { StoredClientList } from './app-db';
import { db } from './db';

/** The admin's client list as last fetched, or undefined before the first fetch on this device. */
export const readClientList = (profileId: number): Promise<StoredClientList | undefined> =>
  db.clientLists.get(profileId);

export async function saveClientList(profileId: number, answer: ClientsAnswer, fetchedAt: number): Promise<void> {
  await db.clientLists.put({ profile_id: profileId, users: answer.users, pending: answer.pending ?? [], fetchedAt });
}

/** A decision on sender IDs changes one account: its row, and its pending request (gone when none is left). */
export async function saveDecidedClient(profileId: number, client: ClientAnswer): Promise<void> {
  await db.transaction('rw', db.clientLists, async () => {
    const list = await db.clientLists.get(profileId);
    if (!list) return;
    const users = list.users.map((u) => (u.profile_id === client.profile_id ? client : u));
    const pending = list.pending
      .map((p) =>
        p.profile_id === client.profile_id
          ? { ...p, pendingsenderid: client.pendingsenderid, senderidapproved: client.senderidapproved }
          : p,
      )
      .filter((p) => p.pendingsenderid !== '');
    await db.clientLists.put({ ...list, users, pending });
  });
}

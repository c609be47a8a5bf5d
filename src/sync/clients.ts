import { fetchClients } from '../api/clients-api';
import { currentAccount } from '../db/session-store';
import { hasPendingSenderIds } from '../domain/permissions';

/** For an admin: whether any client's sender ID awaits approval (the red/green indicator), or null if unknown. */
export async function pendingSenderIdsExist(): Promise<boolean | null> {
  const account = await currentAccount();
  if (!account?.user.isAdmin) return null;
  try {
    const clients = await fetchClients(account.session.token, account.user.profile_id);
    return hasPendingSenderIds(clients);
  } catch {
    return null;
  }
}

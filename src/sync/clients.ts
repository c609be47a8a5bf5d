import {
  decideSenderIds,
  fetchClients,
  fetchNumbersPage,
  giveCreditByAmount,
  giveCreditByRate,
  type NumbersPage,
} from '../api/clients-api';
import { saveClientList, saveDecidedClient } from '../db/client-store';
import { currentAccount } from '../db/session-store';
import { refreshUser } from './session';

/** The signed-in admin and its token; a call made without one is refused plainly. */
async function admin() {
  const account = await currentAccount();
  if (!account?.user.isAdmin) throw new Error('Only an administrator can manage clients');
  return { token: account.session.token, profileId: account.user.profile_id };
}

/** Fetches the admin's clients (and profile 6's pending requests) into the device; the screens read the store. */
export async function refreshClients(): Promise<void> {
  const { token, profileId } = await admin();
  await saveClientList(profileId, await fetchClients(token, profileId), Date.now());
}

/** After a gift: the clients' balances and the giver's own balance are fetched again. */
async function afterCredit(): Promise<void> {
  await Promise.all([refreshClients().catch(() => {}), refreshUser()]);
}

export type GiftInput = { clientProfileId: number; amount: string; currency?: string };

/** Credit by amount (docs/product.md#client-management); answers the gateway's message. */
export async function giveCredit(gift: GiftInput): Promise<string> {
  const { token, profileId } = await admin();
  const answer = await giveCreditByAmount(token, {
    profileId,
    clientProfileId: gift.clientProfileId,
    amount: gift.amount,
    currency: gift.currency ?? 'GHS',
  });
  await afterCredit();
  return answer.message;
}

/** Credit by rate; answers the gateway's message. */
export async function giveCreditAtRate(gift: GiftInput & { rate: string }): Promise<string> {
  const { token, profileId } = await admin();
  const answer = await giveCreditByRate(token, {
    profileId,
    clientProfileId: gift.clientProfileId,
    amount: gift.amount,
    rate: gift.rate,
    currency: gift.currency ?? 'GHS',
  });
  await afterCredit();
  return answer.message;
}

/** Profile 6 approves or rejects a client's pending sender IDs; the stored list follows at once. */
export async function decideClientSenderIds(clientProfileId: number, ids: string, approve: boolean): Promise<void> {
  const { token, profileId } = await admin();
  const client = await decideSenderIds(token, { approve, profileId, clientProfileId, ids });
  await saveDecidedClient(profileId, client);
}

/** Profile 6's numbers export, one page of 1,000 at a time. */
export async function loadNumbersPage(pageNum: number): Promise<NumbersPage> {
  const { token, profileId } = await admin();
  return fetchNumbersPage(token, profileId, pageNum);
}

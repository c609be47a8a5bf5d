import {
  addOptOuts,
  fetchClientOptOuts,
  fetchOptOuts,
  removeOptOut,
  type AddReason,
  type ClientOptOutsAnswer,
} from '../api/optout-api';
import { readOptOutList, saveOptOutList } from '../db/optout-store';
import { currentAccount } from '../db/session-store';

/** The signed-in account and its token; a call made without one is refused plainly. */
async function signedIn() {
  const account = await currentAccount();
  if (!account) throw new Error('Please sign in again');
  return { token: account.session.token, profileId: account.user.profile_id };
}

/**
 * Fetches the account's whole opt-out list into the device; the screens and the send form read the
 * store. With `ifOlderThanMs`, a copy fetched more recently is kept (the send form opens often).
 */
export async function refreshOptOuts(ifOlderThanMs?: number): Promise<void> {
  const { token, profileId } = await signedIn();
  if (ifOlderThanMs !== undefined) {
    const stored = await readOptOutList(profileId);
    if (stored && Date.now() - stored.fetchedAt < ifOlderThanMs) return;
  }
  await saveOptOutList(profileId, await fetchOptOuts(token, profileId), Date.now());
}

/** Adds numbers (by hand or from a sheet): the gateway's message and the entries left out as not phone numbers. The stored list follows. */
export async function addNumbers(
  numbers: string[],
  reason: AddReason,
): Promise<{ message: string; leftOut: string[] }> {
  const { token, profileId } = await signedIn();
  const answer = await addOptOuts(token, profileId, numbers, reason);
  await refreshOptOuts();
  return { message: answer.message, leftOut: answer.leftOut ?? [] };
}

/** Takes a number off the list with the reason the user gave; answers the gateway's message. */
export async function removeNumber(number: string, reason: string): Promise<string> {
  const { token, profileId } = await signedIn();
  const answer = await removeOptOut(token, profileId, number, reason);
  await refreshOptOuts();
  return answer.message;
}

/** An admin's clients and how many opt-outs each has (asked when shown, not stored). */
export async function clientOptOutCounts(): Promise<ClientOptOutsAnswer['clients']> {
  const { token, profileId } = await signedIn();
  return (await fetchClientOptOuts(token, profileId)).clients;
}

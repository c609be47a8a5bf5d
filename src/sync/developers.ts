import {
  createEndpoint,
  createKey,
  deleteEndpoint,
  fetchApiKeys,
  fetchClientUsage,
  fetchDeliveries,
  fetchOpenApi,
  fetchEndpoints,
  fetchSecret,
  redeliver,
  revokeKey,
  setKeyCap,
  rotateSecret,
  sendTestEvent,
  type ApiMode,
  type EndpointEvent,
} from '../api/developer-api';
import { saveDeveloperData } from '../db/developer-store';
import { currentAccount } from '../db/session-store';

// The Developers page's data (docs/api-v1.md): fetched whole into the device, changed through the API.

async function signedIn() {
  const account = await currentAccount();
  if (!account) throw new Error('Please sign in again');
  return { token: account.session.token, profileId: account.user.profile_id };
}

/** Fetches keys, both modes' endpoints and default secrets into the device; the page reads the store. */
export async function refreshDeveloperData(): Promise<void> {
  const { token, profileId } = await signedIn();
  const [keys, live, test, liveSecret, testSecret] = await Promise.all([
    fetchApiKeys(token),
    fetchEndpoints(token, 'live'),
    fetchEndpoints(token, 'test'),
    fetchSecret(token, 'live'),
    fetchSecret(token, 'test'),
  ]);
  await saveDeveloperData({
    profile_id: profileId,
    keys,
    endpoints: { live, test },
    secrets: { live: liveSecret, test: testSecret },
    fetchedAt: Date.now(),
  });
}

/** Runs a change with the session's token, then fetches the page's data again; answers the change's answer. */
async function change<T>(action: (token: string) => Promise<T>): Promise<T> {
  const { token } = await signedIn();
  const answer = await action(token);
  await refreshDeveloperData();
  return answer;
}

export const newApiKey = (body: Parameters<typeof createKey>[1]) => change((token) => createKey(token, body));
export const revokeApiKey = (keyId: string) => change((token) => revokeKey(token, keyId));
export const setApiKeyCap = (keyId: string, dailyCap: number | null) =>
  change((token) => setKeyCap(token, keyId, dailyCap));
export const addEndpoint = (mode: ApiMode, url: string, events: EndpointEvent[]) =>
  change((token) => createEndpoint(token, mode, url, events));
export const removeEndpoint = (endpointId: string) => change((token) => deleteEndpoint(token, endpointId));
export const newDefaultSecret = (mode: ApiMode) => change((token) => rotateSecret(token, mode));

/** Sends a test event; the delivery log shows it. */
export async function testEndpoint(endpointId: string) {
  const { token } = await signedIn();
  return sendTestEvent(token, endpointId);
}

/** A page of an endpoint's delivery log (asked when shown, not stored). */
export async function deliveriesOf(endpointId: string, cursor?: string) {
  const { token } = await signedIn();
  return fetchDeliveries(token, endpointId, cursor);
}

export async function redeliverDelivery(deliveryId: string) {
  const { token } = await signedIn();
  return redeliver(token, deliveryId);
}

/** An admin's clients' API use (asked when shown, not stored). */
export async function clientApiUsage() {
  const { token, profileId } = await signedIn();
  return fetchClientUsage(token, profileId);
}

/** The API's OpenAPI document, for the page's code samples. */
export const openApiDocument = () => fetchOpenApi();

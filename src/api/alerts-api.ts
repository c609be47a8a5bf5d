import { callGateway } from './http';
import { SET_CLIENT_CAP, SET_LOW_BALANCE_ALERT, SET_QUIET_HOURS } from '../domain/contract/account';
import type { ClientAnswer } from './clients-api';

// Low-balance alerts and a client's monthly cap (docs/product.md#low-balance-alerts, docs/product.md#spending-caps).

/** setlowbalancealert: the credits under which a charge alerts the account ('' for none); answers the user info. */
export async function setLowBalanceAlert(token: string, profileId: number, threshold: string) {
  return (await callGateway(SET_LOW_BALANCE_ALERT, { auth: token, body: { profile_id: profileId, threshold } }))
    .userInfo;
}

/** setclientcap: a client's monthly spending cap ('' for none); answers the client. */
export async function setClientCap(
  token: string,
  cap: { profileId: number; clientProfileId: number; monthlycap: string },
): Promise<ClientAnswer> {
  const body = { profile_id: cap.profileId, clientprofile_id: cap.clientProfileId, monthlycap: cap.monthlycap };
  return (await callGateway(SET_CLIENT_CAP, { auth: token, body })).userInfo;
}

/** setquiethours: the account's quiet hours ('' and '' for no nightly window); answers the user info. */
export async function setQuietHours(
  token: string,
  profileId: number,
  quiet: { start: string; end: string; sundays: boolean },
) {
  return (await callGateway(SET_QUIET_HOURS, { auth: token, body: { profile_id: profileId, ...quiet } })).userInfo;
}

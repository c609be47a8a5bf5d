import {
  saveDomainSettings,
  verifyDomain,
  type DomainSettingsInput,
  type SettingsAnswer,
} from '../api/domain-settings-api';
import { currentAccount } from '../db/session-store';
import { refreshDomain } from './domain-sync';
import { refreshUser } from './session';

async function signedIn() {
  const account = await currentAccount();
  if (!account) throw new Error('Please sign in again');
  return { token: account.session.token, profileId: account.user.profile_id };
}

/** Saves the reseller's settings, then reads the user and this host's branding again. */
export async function saveResellerSettings(input: DomainSettingsInput): Promise<SettingsAnswer> {
  const { token, profileId } = await signedIn();
  const answer = await saveDomainSettings(token, profileId, input);
  await Promise.all([refreshUser(), refreshDomain(window.location.hostname, { force: true }).catch(() => {})]);
  return answer;
}

export async function verifyResellerDomain(): Promise<SettingsAnswer> {
  const { token, profileId } = await signedIn();
  return verifyDomain(token, profileId);
}

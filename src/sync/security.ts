// Account security from the screens' side: two-step sign-in, signed-in devices, the audit log and the
// record of exports. Sessions and log pages are asked when shown, not stored (they change on the gateway).
import {
  confirmTwoStep,
  endOtherSessions,
  endSession,
  fetchAuditExport,
  fetchAuditPage,
  fetchSessions,
  newRecoveryCodes,
  recordExport,
  requireTwoStep,
  startTwoStep,
  turnOffTwoStep,
  type AuditFilter,
} from '../api/security-api';
import { currentAccount, saveUser } from '../db/session-store';
import type { ExportKind } from '../domain/account/audit';

export type { AuditEntry, AuditFilter, SessionItem } from '../api/security-api';

async function signedIn() {
  const account = await currentAccount();
  if (!account) throw new Error('Please sign in again');
  return { token: account.session.token, profileId: account.user.profile_id };
}

/** A new secret to set up in an authenticator app: its text and otpauth:// URI (for the QR code). */
export async function beginTwoStep() {
  const { token, profileId } = await signedIn();
  return startTwoStep(token, profileId);
}

/** The first code: two-step is on; answers the ten recovery codes, shown once. */
export async function finishTwoStep(code: string): Promise<string[]> {
  const { token, profileId } = await signedIn();
  const answer = await confirmTwoStep(token, profileId, code.trim());
  await saveUser({ ...answer.userInfo, token });
  return answer.recoveryCodes;
}

export async function disableTwoStep(code: string): Promise<void> {
  const { token, profileId } = await signedIn();
  await saveUser({ ...(await turnOffTwoStep(token, profileId, code.trim())), token });
}

export async function renewRecoveryCodes(code: string): Promise<string[]> {
  const { token, profileId } = await signedIn();
  return newRecoveryCodes(token, profileId, code.trim());
}

export async function setTwoStepRequired(required: boolean): Promise<void> {
  const { token, profileId } = await signedIn();
  await saveUser({ ...(await requireTwoStep(token, profileId, required)), token });
}

export async function signedInDevices() {
  const { token, profileId } = await signedIn();
  return fetchSessions(token, profileId);
}

export async function signOutDevice(id: string): Promise<string> {
  const { token, profileId } = await signedIn();
  return (await endSession(token, profileId, id)).message;
}

export async function signOutOtherDevices(): Promise<string> {
  const { token, profileId } = await signedIn();
  return (await endOtherSessions(token, profileId)).message;
}

export async function auditLogPage(filter: AuditFilter, pageNum: number) {
  const { token, profileId } = await signedIn();
  return fetchAuditPage(token, profileId, filter, pageNum);
}

export async function auditLogExport(filter: AuditFilter) {
  const { token, profileId } = await signedIn();
  return fetchAuditExport(token, profileId, filter);
}

/** Tells the gateway an export of customer or number data was made (audit log); never blocks the download. */
export function noteExport(kind: ExportKind, count: number): void {
  void signedIn()
    .then(({ token, profileId }) => recordExport(token, profileId, kind, count))
    .catch(() => {});
}

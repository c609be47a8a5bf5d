// Account security calls (docs/api.md#account-security): two-step sign-in, signed-in devices, the audit log.
import { callGateway } from './http';
import {
  AUDIT_EXPORT,
  AUDIT_LOG,
  END_OTHER_SESSIONS,
  END_SESSION,
  LOGIN_CODE,
  RECORD_EXPORT,
  RECOVERY_CODES,
  SESSIONS,
  TWO_STEP_CONFIRM,
  TWO_STEP_OFF,
  TWO_STEP_REQUIRE,
  TWO_STEP_START,
} from '../domain/contract/security';
import type { ExportKind } from '../domain/account/audit';

export type { AuditEntry, SessionItem } from '../domain/contract/security';
/** The log's filter: search text, an action ('' for all), dates as YYYY-MM-DD ('' for the widest range). */
export type AuditFilter = { search: string; action: string; from: string; to: string };

/** logincode: the second step of a sign-in; answers the user info (and recovery codes when set up now). */
export async function loginCode(challenge: string, code: string) {
  return callGateway(LOGIN_CODE, { body: { challenge, code } });
}

export async function startTwoStep(token: string, profileId: number) {
  return callGateway(TWO_STEP_START, { auth: token, body: { profile_id: profileId } });
}

export async function confirmTwoStep(token: string, profileId: number, code: string) {
  return callGateway(TWO_STEP_CONFIRM, { auth: token, body: { profile_id: profileId, code } });
}

export async function turnOffTwoStep(token: string, profileId: number, code: string) {
  return (await callGateway(TWO_STEP_OFF, { auth: token, body: { profile_id: profileId, code } })).userInfo;
}

export async function newRecoveryCodes(token: string, profileId: number, code: string) {
  return (await callGateway(RECOVERY_CODES, { auth: token, body: { profile_id: profileId, code } })).recoveryCodes;
}

export async function requireTwoStep(token: string, profileId: number, required: boolean) {
  return (await callGateway(TWO_STEP_REQUIRE, { auth: token, body: { profile_id: profileId, required } })).userInfo;
}

export async function fetchSessions(token: string, profileId: number) {
  return (await callGateway(SESSIONS, { auth: token, body: { profile_id: profileId } })).sessions;
}

export async function endSession(token: string, profileId: number, id: string) {
  return callGateway(END_SESSION, { auth: token, body: { profile_id: profileId, id } });
}

export async function endOtherSessions(token: string, profileId: number) {
  return callGateway(END_OTHER_SESSIONS, { auth: token, body: { profile_id: profileId } });
}

export async function fetchAuditPage(token: string, profileId: number, filter: AuditFilter, pageNum: number) {
  return callGateway(AUDIT_LOG, { auth: token, body: { profile_id: profileId, ...filter, pageNum } });
}

export async function fetchAuditExport(token: string, profileId: number, filter: AuditFilter) {
  return callGateway(AUDIT_EXPORT, { auth: token, body: { profile_id: profileId, ...filter }, timeoutMs: 60_000 });
}

export async function recordExport(token: string, profileId: number, kind: ExportKind, count: number) {
  await callGateway(RECORD_EXPORT, { auth: token, body: { profile_id: profileId, kind, count }, timeoutMs: 5000 });
}

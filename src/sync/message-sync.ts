import * as api from '../api/message-api';
import { fetchListPage, type ListName } from '../api/list-api';
import type {
  EditQuote,
  MessageReport,
  QuoteRequest,
  RecurringChanges,
  ScheduledChanges,
  StatusAnswer,
  StatusQuery,
} from '../api/message-api';
import { patchListItem, removeListItem } from '../db/list-store';
import { currentAccount, patchUser } from '../db/session-store';
import { saveOverview } from '../db/overview-store';
import { emitAlert } from '../notify/alerts-bus';
import { describeFailure } from './failures';

async function account(): Promise<{ profileId: number; token: string }> {
  const found = await currentAccount();
  if (!found) throw new Error('Sign in to manage your messages');
  return { profileId: found.user.profile_id, token: found.session.token };
}

export type EditResult = { ok: boolean; message: string };

async function edit(
  run: (token: string, profileId: number) => Promise<api.EditOutcome>,
  after: (profileId: number) => Promise<void>,
): Promise<EditResult> {
  const { profileId, token } = await account();
  try {
    const outcome = await run(token, profileId);
    await after(profileId);
    if (outcome.balances) await patchUser(profileId, outcome.balances);
    emitAlert({ message: outcome.message, status: 'successful' });
    return { ok: true, message: outcome.message };
  } catch (error) {
    const view = describeFailure(error);
    emitAlert({ message: view.message, severity: view.severity });
    return { ok: false, message: view.message };
  }
}

/** The stored row after an edit: a personalized one's template changes, its first recipient's text is the gateway's. */
const editedRow = (changes: ScheduledChanges) => ({ ...changes, message_id: String(changes.message_id) });

/** updatescheduled; the stored row shows the change at once after the gateway agrees. */
export const updateScheduledMessage = (changes: ScheduledChanges) =>
  edit(
    (t, p) => api.updateScheduled(t, p, changes),
    (p) => patchListItem(p, 'scheduled-own', String(changes.message_id), editedRow(changes)),
  );

export const updateRecurringMessage = (changes: RecurringChanges) =>
  edit(
    (t, p) => api.updateRecurring(t, p, changes),
    (p) => patchListItem(p, 'recurring-own', String(changes.message_id), editedRow(changes)),
  );

/** What an edit's text would cost, read live from the gateway (nothing changes); null offline or refused. */
export async function quoteMessageEdit(
  recurring: boolean,
  request: QuoteRequest,
  signal?: AbortSignal,
): Promise<{ quote: EditQuote | null; problem: string | null }> {
  const { profileId, token } = await account();
  try {
    return { quote: await api.quoteEdit(token, profileId, recurring, request, signal), problem: null };
  } catch (error) {
    return { quote: null, problem: describeFailure(error).message };
  }
}

export const deleteScheduledMessage = (messageId: string) =>
  edit(
    (t, p) => api.deleteScheduled(t, p, messageId),
    (p) => removeListItem(p, 'scheduled-own', messageId),
  );

export const deleteRecurringMessage = (messageId: string) =>
  edit(
    (t, p) => api.deleteRecurring(t, p, messageId),
    (p) => removeListItem(p, 'recurring-own', messageId),
  );

/** status/{id} one page (or what changed after a cursor): read live (delivery reports change by the second), not mirrored. */
export async function loadStatusPage(messageId: string, query: StatusQuery, asked?: () => void): Promise<StatusAnswer> {
  const { profileId, token } = await account();
  const answer = api.fetchStatusPage(token, profileId, messageId, query);
  asked?.();
  return answer;
}

/** A message's delivery report: read live, like its status. */
export async function loadMessageReport(messageId: string): Promise<MessageReport> {
  const { profileId, token } = await account();
  return api.fetchMessageReport(token, profileId, messageId);
}

/** What the status export's worker needs to ask for pages itself: the session's token and the account. */
export const exportCredentials = account;

/** Fetches the dashboard's overview into the device: the screen reads the stored copy, offline too. */
/** One team member's last 30 days (docs/product.md#who-did-what): asked when chosen, not stored. */
export async function memberOverview(memberId: number) {
  const { profileId, token } = await account();
  return api.fetchOverview(token, profileId, 'personal', memberId);
}

export async function refreshOverview(view: 'personal' | 'client'): Promise<void> {
  const { profileId, token } = await account();
  await saveOverview(profileId, view, await api.fetchOverview(token, profileId, view), Date.now());
}

/** A page of one team member's messages in a list (docs/product.md#who-did-what): asked online, not stored. */
export async function memberMessages(list: ListName, memberId: number, pageNum: number) {
  const { profileId, token } = await account();
  return fetchListPage(token, list, { profile_id: profileId, search: '', pageNum, member_id: memberId });
}

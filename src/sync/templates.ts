// Message templates (docs/product.md#templates): saved and deleted on the device at once, sent to the
// gateway now or, offline, when the network returns (each save carries its own id, so sending it twice
// makes one template); the gateway's list mirrored for offline use.
import { ApiFailure } from '../api/api-failure';
import * as api from '../api/template-api';
import * as store from '../db/template-store';
import { currentAccount, patchUser } from '../db/session-store';
import type { StoredTemplate } from '../db/app-db';
import type { Template, TemplateCategory } from '../domain/templates/template-rules';
import { emitAlert } from '../notify/alerts-bus';
import { describeFailure } from './failures';

async function account(): Promise<{ profileId: number; token: string }> {
  const found = await currentAccount();
  if (!found) throw new Error('Sign in to see your templates');
  return { profileId: found.user.profile_id, token: found.session.token };
}

/** No answer (offline) or a signed-out session: the change waits on the device. */
const waits = (error: unknown) =>
  !(error instanceof ApiFailure) ||
  error.kind === 'network' ||
  error.kind === 'timeout' ||
  error.kind === 'invalid-token';

let flushing: Promise<void> | null = null;
let flushAgain: Promise<void> | null = null;

/**
 * Sends the saves and deletions waiting on the device, oldest first; one flush at a time. Asked for while
 * one runs, another follows it: the network may have returned meanwhile (a save made offline flushes at
 * once and fails; the 'online' event that comes during that flush must not be lost in it).
 */
export function flushTemplates(): Promise<void> {
  if (!flushing) {
    flushing = sendPending().finally(() => {
      flushing = null;
    });
    return flushing;
  }
  flushAgain ??= flushing
    .catch(() => undefined)
    .then(() => {
      flushAgain = null;
      return flushTemplates();
    });
  return flushAgain;
}

async function sendPending(): Promise<void> {
  const found = await currentAccount();
  if (!found) return;
  const { profileId, token } = { profileId: found.user.profile_id, token: found.session.token };
  for (const row of await store.pendingTemplates(profileId)) {
    try {
      await sendOne(token, profileId, row);
    } catch (error) {
      if (waits(error)) return;
      // Refused for good (another account's id, a rule): the device's copy goes, and the user is told why.
      await store.forgetTemplate(profileId, row.id);
      const view = describeFailure(error);
      emitAlert({ message: `Template ${row.name} was not saved: ${view.message}`, severity: view.severity });
    }
  }
}

async function sendOne(token: string, profileId: number, row: StoredTemplate): Promise<void> {
  if (row.pending === 'delete') {
    await api.deleteTemplate(token, profileId, row.id);
    await store.forgetTemplate(profileId, row.id);
    return;
  }
  const answer = await api.saveTemplate(token, profileId, row);
  await store.confirmSave(profileId, row, answer);
}

/** The gateway's templates on the device (a change not yet sent is sent first, and kept). */
export async function refreshTemplates(): Promise<void> {
  await flushTemplates();
  const { profileId, token } = await account();
  await store.replaceTemplates(profileId, await api.fetchTemplates(token, profileId));
}

export type TemplateDraft = { id?: string; name: string; text: string; category: TemplateCategory };

/** Saves on the device at once (it shows offline too), then sends; the template as kept on the device. */
export async function saveTemplate(draft: TemplateDraft): Promise<Template> {
  const { profileId } = await account();
  const template: Template = {
    id: draft.id ?? crypto.randomUUID(),
    name: draft.name.trim(),
    text: draft.text,
    category: draft.category,
    updatedAt: Date.now(),
  };
  await store.keepSave(profileId, template);
  void flushTemplates().catch(() => {});
  return template;
}

/** Gone from the device at once, then the deletion is sent. */
export async function deleteTemplate(id: string): Promise<void> {
  const { profileId } = await account();
  await store.keepDeletion(profileId, id);
  void flushTemplates().catch(() => {});
}

/**
 * A test to yourself (docs/product.md#a-test-to-yourself): needs the gateway, which sends and charges it at
 * once; the stored balance follows its answer. Resolves with the alert's text, or null when refused.
 */
export async function sendTestToSelf(test: {
  sourceAddress: string;
  text: string;
  fields?: Record<string, string>;
}): Promise<string | null> {
  const { profileId, token } = await account();
  try {
    const answer = await api.sendTestToSelf(token, profileId, test);
    await patchUser(profileId, {
      creditbalance: answer.creditbalance,
      internationalcreditbalance: answer.internationalcreditbalance,
    });
    emitAlert({ message: answer.message, status: 'successful' });
    return answer.message;
  } catch (error) {
    const view = describeFailure(error);
    emitAlert({ message: view.message, severity: view.severity });
    return null;
  }
}

/** Sends changes made offline now and whenever the network returns; returns the stop function. */
export function startTemplateSync(): () => void {
  const flush = () => void flushTemplates().catch(() => {});
  window.addEventListener('online', flush);
  flush();
  return () => window.removeEventListener('online', flush);
}

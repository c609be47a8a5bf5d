import { expect } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { db } from '../../../../src/db/db';
import { saveSignIn } from '../../../../src/db/session-store';
import type { UserInfo } from '../../../../src/domain/types';
import { onAlert } from '../../../../src/notify/alerts-bus';
import { SendScreen } from '../../../../src/features/send/send-screen';
import { makeUser } from '../../domain/factories';
import { renderApp } from '../../support/render-app';

export const PROFILE = 100;

// happy-dom has no FontFaceSet; Mantine's autosize Textarea listens to it.
if (!(document as { fonts?: unknown }).fonts) {
  Object.defineProperty(document, 'fonts', {
    value: Object.assign(new EventTarget(), { ready: Promise.resolve() }),
    configurable: true,
  });
}

export async function resetDb() {
  await Promise.all(db.tables.map((t) => t.clear()));
}

/** Signs a user in on the (fake) device and renders the send form, collecting every alert shown. */
export async function renderSendForm(user: Partial<UserInfo> = {}, draft?: Record<string, unknown>) {
  await saveSignIn(makeUser({ profile_id: PROFILE, ...user }));
  if (draft) await db.drafts.put({ profile_id: PROFILE, fields: draft, updatedAt: Date.now() });
  const alerts: string[] = [];
  const off = onAlert((a) => alerts.push(a.message));
  const view = renderApp(<SendScreen />);
  await screen.findByRole('button', { name: /Send Message|Register/ });
  return { ...view, alerts, off };
}

/** Picks an option of a Mantine Select by its label, as a user clicks it. */
export async function choose(user: UserEvent, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

export const field = (label: string) => screen.getByRole('textbox', { name: label });
export const select = (label: string) => screen.getByRole('combobox', { name: label }) as HTMLInputElement;

export async function submit(user: UserEvent, name: RegExp | string = /Send Message|Register/) {
  await user.click(screen.getByRole('button', { name }));
}

/** A problem of the form is said once: beside the Send button, not also as an alert. */
export async function expectProblem(alerts: string[], message: string) {
  await waitFor(() => expect(screen.getByTestId('send-problem').textContent).toBe(message));
  expect(alerts).not.toContain(message);
}

export const jobs = () => db.outboxJobs.toArray();
export const batches = () => db.outboxBatches.toArray();

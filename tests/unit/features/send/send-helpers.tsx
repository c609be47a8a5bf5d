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

/** One phone book, Customers, of two contacts (Ama and Kofi), stored on the device. */
export async function seedPhonebook() {
  // Its account signed in first: an account's rows are written only then (src/db/signed-in-rows.ts).
  await db.session.put({ id: 'current', profile_id: PROFILE, token: 't', signedInAt: 1 });
  await db.groups.put({
    profile_id: PROFILE,
    id: 7,
    groupname: 'Customers',
    username: 'demouser',
    setuptime: '2024-01-01',
    contactcount: 2,
    client: false,
  });
  const contact = {
    profile_id: PROFILE,
    group_id: 7,
    middlename: '',
    email: '',
    birthday: '',
    consentsource: '',
    consentdate: '',
    referencekey: 'r',
  };
  await db.contacts.bulkPut([
    { ...contact, id: 1, firstname: 'Ama', surname: 'Owusu', phonenumber: '233241000001' },
    { ...contact, id: 2, firstname: 'Kofi', surname: 'Mensah', phonenumber: '233241000002' },
  ]);
}

export const jobs = () => db.outboxJobs.toArray();
export const batches = () => db.outboxBatches.toArray();

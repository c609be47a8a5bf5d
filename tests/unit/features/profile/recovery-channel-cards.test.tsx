// The profile's mobile-number and contact-details cards ask for the current password (and the two-step
// code when it is on) before a new number or e-mail is sent: the gateway refuses a session alone.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { db } from '../../../../src/db/db';
import { saveSignIn } from '../../../../src/db/session-store';
import type { UserInfo } from '../../../../src/domain/types';
import { PhoneCard } from '../../../../src/features/profile/phone-card';
import { ContactDetailsCard } from '../../../../src/features/profile/contact-details-card';
import { makeUser } from '../../domain/factories';
import { renderApp } from '../../support/render-app';
import { stubFetch } from '../../support/fetch-stub';

const sent: Record<string, Record<string, unknown>[]> = {};

/** The gateway's answers: `refuse` names a call answered 400 with its message. */
function gateway(user: UserInfo, refuse: Record<string, string> = {}) {
  for (const key of Object.keys(sent)) delete sent[key];
  return stubFetch((url, init) => {
    const name = url.split('/').pop() ?? '';
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    (sent[name] ??= []).push(body);
    if (refuse[name]) return { status: 400, body: { error: { status: 'failed', message: refuse[name] } } };
    if (name === 'sendphonecode') return { body: { status: 'successful', message: 'A code has been sent' } };
    if (name === 'changephone') return { body: { userInfo: { ...user, telnumber: '233209876543' } } };
    if (name === 'updateprofile')
      return { body: { userInfo: { ...user, email: body.email, companyname: body.companyname } } };
    return undefined;
  });
}

async function signIn(overrides: Partial<UserInfo> = {}) {
  const user = makeUser({ telnumber: '233241234567', email: 'demo@example.com', ...overrides });
  await saveSignIn(user);
  return { ...user, token: '' };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });

describe('the mobile number and contact details cards', () => {
  beforeEach(async () => {
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  afterEach(() => vi.unstubAllGlobals());

  async function phoneConfirmStep(overrides: Partial<UserInfo> = {}, refuse: Record<string, string> = {}) {
    const user = await signIn(overrides);
    gateway(user, refuse);
    const view = renderApp(<PhoneCard user={user} online />);
    await view.user.type(field('New mobile number'), '0209876543');
    await view.user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText('Enter the 4-digit code sent to 0209876543.');
    await view.user.type(field('Code'), '1234');
    return view;
  }

  it('asks for the current password beside the code, and sends it with the new number', async () => {
    const { user } = await phoneConfirmStep();
    expect(screen.queryByLabelText('Two-step code')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Confirm number' }));
    expect(await screen.findByText('Please enter your current password')).toBeTruthy();
    expect(sent.changephone).toBeUndefined();
    await user.type(field('Current password'), 'demo12345');
    await user.click(screen.getByRole('button', { name: 'Confirm number' }));
    await waitFor(() => expect(sent.changephone).toHaveLength(1));
    expect(sent.changephone![0]).toMatchObject({
      phone: '0209876543',
      code: '1234',
      currentPassword: 'demo12345',
      twoStepCode: '',
    });
  });

  it('shows the gateway’s wrong-password refusal on the password field', async () => {
    const { user } = await phoneConfirmStep({}, { changephone: 'Your current password is not correct' });
    await user.type(field('Current password'), 'not-mine');
    await user.click(screen.getByRole('button', { name: 'Confirm number' }));
    const message = await screen.findByText('Your current password is not correct');
    expect(field('Current password').getAttribute('aria-describedby')).toContain(message.id);
  });

  it('asks for the two-step code too when two-step sign-in is on', async () => {
    const { user } = await phoneConfirmStep({ twostep: true });
    await user.type(field('Current password'), 'demo12345');
    await user.click(screen.getByRole('button', { name: 'Confirm number' }));
    expect(await screen.findByText('Please enter the 6-digit code your authenticator app shows')).toBeTruthy();
    await user.type(field('Two-step code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm number' }));
    await waitFor(() => expect(sent.changephone?.[0]).toMatchObject({ twoStepCode: '123456' }));
  });

  it('asks for the password only when the e-mail changes, not for the company', async () => {
    const user = await signIn();
    gateway(user);
    const view = renderApp(<ContactDetailsCard user={user} online />);
    await view.user.clear(field('Company'));
    await view.user.type(field('Company'), 'New Co');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    await view.user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(sent.updateprofile).toHaveLength(1));
    expect(sent.updateprofile![0]).toMatchObject({ companyname: 'New Co', currentPassword: '' });

    await view.user.clear(field('Email'));
    await view.user.type(field('Email'), 'new@example.com');
    await view.user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Please enter your current password')).toBeTruthy();
    await view.user.type(field('Current password'), 'demo12345');
    await view.user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(sent.updateprofile).toHaveLength(2));
    expect(sent.updateprofile![1]).toMatchObject({ email: 'new@example.com', currentPassword: 'demo12345' });
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { db } from '../../../../src/db/db';
import { saveSignIn } from '../../../../src/db/session-store';
import { SHARED_CACHE } from '../../../../src/domain/send/incoming';
import { SendScreen } from '../../../../src/features/send/send-screen';
import { makeUser } from '../../domain/factories';
import { stubFetch } from '../../support/fetch-stub';
import { renderApp } from '../../support/render-app';
import { keepShared, stubCacheStorage } from '../../support/shared-in-cache';
import { field, PROFILE, resetDb } from './send-helpers';

const QUESTION = { name: 'Use what was shared?' };

let kept: ReturnType<typeof stubCacheStorage>['urls'];
beforeEach(async () => {
  await resetDb();
  stubFetch(() => undefined);
  kept = stubCacheStorage().urls;
  await keepShared({ text: 'Shared from WhatsApp', fileName: '', fileType: '', keptAt: Date.now() });
});
afterEach(() => vi.unstubAllGlobals());

/** The send form at a path, with what the account had typed before (its draft). */
async function openSendForm(path: string) {
  await saveSignIn(makeUser({ profile_id: PROFILE, senderidapproved: 'DEMO' }));
  await db.drafts.put({ profile_id: PROFILE, fields: { text: 'My own words' }, updatedAt: Date.now() });
  const view = renderApp(<SendScreen />, { path });
  await waitFor(() => expect(field('Message')).toHaveProperty('value', 'My own words'));
  return view;
}

describe('the send form and a share', () => {
  it('collects a share only at the address a share opens, never on an ordinary visit', async () => {
    const { router } = await openSendForm('/');
    expect(kept(SHARED_CACHE)).not.toEqual([]);
    await router.navigate('/?shared=1');
    await screen.findByRole('dialog', QUESTION);
  });

  it('asks first, naming what came; "Discard" drops it and leaves the form as it was', async () => {
    const { user } = await openSendForm('/?shared=1');
    const question = await screen.findByRole('dialog', QUESTION);
    expect(within(question).getByText('Shared from WhatsApp')).toBeTruthy();
    expect(field('Message')).toHaveProperty('value', 'My own words');
    await user.click(within(question).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', QUESTION)).toBeNull());
    expect(field('Message')).toHaveProperty('value', 'My own words');
    expect(kept(SHARED_CACHE)).toEqual([]);
  });

  it('"Use it" puts the shared text in the message', async () => {
    const { user } = await openSendForm('/?shared=1');
    const question = await screen.findByRole('dialog', QUESTION);
    await user.click(within(question).getByRole('button', { name: 'Use it' }));
    await waitFor(() => expect(field('Message')).toHaveProperty('value', 'Shared from WhatsApp'));
    expect(kept(SHARED_CACHE)).toEqual([]);
  });
});

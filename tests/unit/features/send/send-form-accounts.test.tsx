import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { db } from '../../../../src/db/db';
import { saveSignIn } from '../../../../src/db/session-store';
import { stubFetch } from '../../support/fetch-stub';
import { makeUser } from '../../domain/factories';
import { field, PROFILE, renderSendForm, resetDb } from './send-helpers';

const OTHER = PROFILE + 1;
const message = () => field('Message') as HTMLTextAreaElement;

// Two tabs: one shows account A's send form while the other signs in account B (two sign-ins racing).
describe('send form: one account’s form never becomes another’s draft', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await resetDb();
    stubFetch(() => undefined);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows B’s own draft once B signs in in another tab, and saves B’s typing as B’s, without A’s text', async () => {
    const { user, off } = await renderSendForm({ senderidapproved: 'DEMO' });
    await user.type(message(), 'For A only');
    await act(async () => {
      await saveSignIn(makeUser({ profile_id: OTHER, username: 'other', token: 'token-b' }));
      await db.drafts.put({ profile_id: OTHER, fields: { text: 'B draft' }, updatedAt: 1 });
    });
    await waitFor(() => expect(message().value).toBe('B draft'));
    await user.type(message(), '!');
    await waitFor(async () => expect((await db.drafts.get(OTHER))?.fields.text).toBe('B draft!'));
    off();
  });
});

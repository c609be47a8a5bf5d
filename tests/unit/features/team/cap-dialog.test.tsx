// A member's monthly cap dialog (docs/product.md#who-did-what) checks the value before anything is sent, and
// its error clears as the person types a corrected value.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { MemberCapDialog } from '../../../../src/features/team/member-dialogs';
import type { Member } from '../../../../src/sync/team';
import { renderApp } from '../../support/render-app';
import { stubFetch } from '../../support/fetch-stub';

const AMA: Member = {
  id: 7,
  name: 'Ama Sender',
  phone: '233209500001',
  email: '',
  roles: ['Sender'],
  status: 'active',
  inviteExpiresAt: 0,
  joinedAt: 1,
  monthlyCap: null,
  spentThisMonth: 2,
};

const NOT_WHOLE = 'Enter a whole number of credits, or leave it empty for none';

describe("a member's monthly cap dialog", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a value that is not whole credits, sends nothing, and clears the error as a corrected value is typed', async () => {
    const fetched = stubFetch(() => undefined);
    const { user } = renderApp(<MemberCapDialog member={AMA} onClose={() => {}} />, { path: '/team' });
    const field = await screen.findByRole('textbox', { name: 'Monthly cap (credits)' });
    await user.type(field, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save cap' }));
    expect(await screen.findByText(NOT_WHOLE)).toBeTruthy();
    expect(fetched).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '2');
    await waitFor(() => expect(screen.queryByText(NOT_WHOLE)).toBeNull());
    expect(field.getAttribute('aria-invalid')).not.toBe('true');
  });

  it('says the same when Enter is pressed in the field', async () => {
    stubFetch(() => undefined);
    const { user } = renderApp(<MemberCapDialog member={AMA} onClose={() => {}} />, { path: '/team' });
    const field = await screen.findByRole('textbox', { name: 'Monthly cap (credits)' });
    await user.type(field, 'ten{Enter}');
    expect(await screen.findByText(NOT_WHOLE)).toBeTruthy();
  });
});

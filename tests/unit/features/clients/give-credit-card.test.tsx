import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { GiveCreditCard } from '../../../../src/features/clients/give-credit-card';
import { canGiveCreditByRate } from '../../../../src/domain/account/permissions';
import { renderApp } from '../../support/render-app';
import { userInfo } from '../../support/factories';

describe('give credit', () => {
  it.each([
    ['local', true],
    ['international', false],
  ])('offers credit by rate to a %s account: %s', (content, shown) => {
    const user = userInfo({ content, isAdmin: true });
    renderApp(<GiveCreditCard user={user} clients={[]} byRate={canGiveCreditByRate(user)} online />);
    expect(screen.getByRole('button', { name: 'Give credit' })).toBeTruthy();
    expect(screen.queryByText('By rate') !== null).toBe(shown);
  });

  it('says giving credit needs a connection, and will not submit, when offline', () => {
    renderApp(<GiveCreditCard user={userInfo({ isAdmin: true })} clients={[]} byRate online={false} />);
    expect(screen.getByText('Giving credit needs a connection.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Give credit' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import {
  notAllowedText,
  PERMISSIONS,
  permissionsOf,
  roleFor,
  rolesAllow,
  rolesFromText,
  rolesText,
  TEAM_ROLES,
  touchesOwnership,
} from '../../../src/domain/account/team-roles';

describe('team roles', () => {
  it('gives the Owner everything and the Admin everything but ownership', () => {
    expect(permissionsOf(['Owner'])).toEqual([...PERMISSIONS]);
    expect(permissionsOf(['Admin'])).toEqual(PERMISSIONS.filter((p) => p !== 'ownership'));
  });

  it('keeps the narrow roles narrow', () => {
    expect(permissionsOf(['Sender'])).toEqual(['send', 'phonebook', 'templates', 'reports']);
    expect(permissionsOf(['Approver'])).toEqual(['reports', 'approve']);
    expect(permissionsOf(['Viewer'])).toEqual(['reports']);
    expect(permissionsOf(['Billing'])).toEqual(['purchase', 'billing']);
    expect(permissionsOf(['Developer'])).toEqual(['developer']);
  });

  it('adds up several roles, each permission once', () => {
    expect(permissionsOf(['Billing', 'Viewer', 'Sender'])).toEqual([
      'send',
      'phonebook',
      'templates',
      'reports',
      'purchase',
      'billing',
    ]);
  });

  it("admits any member to their own session's calls, none to the account's own sign-in", () => {
    for (const role of TEAM_ROLES) {
      expect(rolesAllow([role], 'signed-in')).toBe(true);
      expect(rolesAllow([role], 'account-owner')).toBe(false);
    }
    expect(rolesAllow(['Sender'], 'purchase')).toBe(false);
    expect(rolesAllow(['Sender', 'Billing'], 'purchase')).toBe(true);
  });

  it('names the narrowest role that would allow a refused call', () => {
    expect(roleFor('reports')).toBe('Viewer');
    expect(roleFor('send')).toBe('Sender');
    expect(roleFor('purchase')).toBe('Billing');
    expect(roleFor('developer')).toBe('Developer');
    expect(roleFor('members')).toBe('Admin');
    expect(roleFor('ownership')).toBe('Owner');
    expect(notAllowedText('billing')).toBe('You are not allowed to do this. Ask for the Billing role.');
  });

  it('stores roles as a comma list in one order, dropping unknown names', () => {
    expect(rolesText(['Viewer', 'Sender', 'Nobody'])).toBe('Sender,Viewer');
    expect(rolesFromText('Viewer, Sender,Nobody')).toEqual(['Sender', 'Viewer']);
    expect(rolesFromText('')).toEqual([]);
  });

  it('marks a change that gives, takes or touches the Owner role', () => {
    expect(touchesOwnership(['Sender'], ['Admin'])).toBe(false);
    expect(touchesOwnership(['Sender'], ['Owner'])).toBe(true);
    expect(touchesOwnership(['Owner'], ['Admin'])).toBe(true);
  });
});

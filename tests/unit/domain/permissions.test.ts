import { describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../src/domain/types';
import {
  balanceOf,
  canApproveSenderIds,
  canDeleteContact,
  canDeleteListItem,
  canDeletePhoneBook,
  canEditContact,
  canEditListItem,
  canExportNumbers,
  canGiveCreditByRate,
  canSetPremium,
  hasPendingSenderIds,
  may,
  menuItems,
} from '../../../src/domain/account/permissions';
import { permissionsOf, type TeamRole } from '../../../src/domain/account/team-roles';
import {
  canBecomeReseller,
  canPurchase,
  domainSettings,
  priceTiersFor,
  showLoginPriceTable,
  showReferral,
  showResellerPromo,
} from '../../../src/domain/brand/domain-settings';
import { makeDomain, makeUser } from './factories';

const ALWAYS = [
  'send',
  'phonebook',
  'templates',
  'optouts',
  'purchase',
  'statement',
  'profile',
  'developers',
  'team',
  'auditlog',
];

describe('menuItems', () => {
  it.each<[string, Partial<UserInfo>, string[]]>([
    ['no tab flags', {}, ALWAYS],
    ['the two-person rule on', { approvalmarketing: true }, ['send', 'approvals', ...ALWAYS.slice(1)]],
    [
      'dashboard flag',
      { dashboardTab: true },
      [
        'send',
        'dashboard',
        'phonebook',
        'templates',
        'optouts',
        'purchase',
        'statement',
        'profile',
        'developers',
        'team',
        'auditlog',
      ],
    ],
    [
      'all flags',
      { dashboardTab: true, scheduledsmsTab: true, recurringsmsTab: true, credithistoryTab: true },
      [
        'send',
        'dashboard',
        'scheduled',
        'recurring',
        'credithistory',
        'phonebook',
        'templates',
        'optouts',
        'purchase',
        'statement',
        'profile',
        'developers',
        'team',
        'auditlog',
      ],
    ],
    [
      'admin',
      { isAdmin: true },
      [
        'send',
        'phonebook',
        'templates',
        'optouts',
        'purchase',
        'statement',
        'profile',
        'developers',
        'clients',
        'team',
        'auditlog',
      ],
    ],
  ])('%s', (_, over, keys) => {
    expect(menuItems(makeUser(over)).map((m) => m.key)).toEqual(keys);
  });

  it('labels and links the items', () => {
    const items = menuItems(makeUser({ isAdmin: true, credithistoryTab: true, approvalover: 100 }));
    expect(items.map((m) => m.label)).toEqual([
      'Send SMS',
      'Approvals',
      'SMS credits purchase history',
      'Phone book',
      'Templates',
      'Opt-outs',
      'Purchase SMS credits',
      'Statement',
      'Profile',
      'Developers',
      'Client management',
      'Team',
      'Audit log',
    ]);
    expect(items.find((m) => m.key === 'optouts')?.path).toBe('/optouts');
    expect(items.find((m) => m.key === 'templates')?.path).toBe('/templates');
    expect(items.find((m) => m.key === 'developers')?.path).toBe('/developers');
    expect(items.find((m) => m.key === 'auditlog')?.path).toBe('/auditlog');
    expect(items.find((m) => m.key === 'team')?.path).toBe('/team');
    expect(items.find((m) => m.key === 'approvals')?.path).toBe('/approvals');
    expect(items.find((m) => m.key === 'statement')?.path).toBe('/statement');
    expect(items.find((m) => m.key === 'credithistory')?.path).toBe('/clientcredithistory');
    expect(menuItems(makeUser({ credithistoryTab: true })).find((m) => m.key === 'credithistory')?.path).toBe(
      '/credithistory',
    );
  });
});

describe("a team member's menu", () => {
  // A team with the two-person rule on: approvers have something to approve.
  const all = {
    dashboardTab: true,
    scheduledsmsTab: true,
    recurringsmsTab: true,
    credithistoryTab: true,
    approvalover: 100,
  };
  it.each<[TeamRole[], string[]]>([
    [['Sender'], ['send', 'dashboard', 'scheduled', 'recurring', 'phonebook', 'templates', 'optouts', 'profile']],
    [['Billing'], ['credithistory', 'purchase', 'statement', 'profile']],
    [['Approver'], ['approvals', 'dashboard', 'scheduled', 'recurring', 'optouts', 'profile']],
    [['Viewer'], ['dashboard', 'scheduled', 'recurring', 'optouts', 'profile']],
    [['Developer'], ['profile', 'developers']],
    [
      ['Admin'],
      [
        'send',
        'approvals',
        'dashboard',
        'scheduled',
        'recurring',
        'credithistory',
        'phonebook',
        'templates',
        'optouts',
        'purchase',
        'statement',
        'profile',
        'developers',
        'team',
        'auditlog',
      ],
    ],
  ])('%s sees only what the roles allow', (roles, keys) => {
    const member = makeUser({ ...all, member: { id: 1, name: 'M', roles }, permissions: permissionsOf(roles) });
    expect(menuItems(member).map((m) => m.key)).toEqual(keys);
    expect(may(member, 'purchase')).toBe(keys.includes('purchase'));
  });
});

describe('role predicates', () => {
  it.each([
    [6, true],
    [1, false],
    [308, false],
  ])('profile %d approves sender ids and exports numbers: %s', (profile_id, expected) => {
    expect(canApproveSenderIds(makeUser({ profile_id }))).toBe(expected);
    expect(canExportNumbers(makeUser({ profile_id }))).toBe(expected);
  });

  it.each([
    [6, true],
    [1, true],
    [308, false],
    [42, false],
  ])('supid %d may set PREMIUM: %s', (supid, expected) => {
    expect(canSetPremium(makeUser({ supid }))).toBe(expected);
  });

  it.each([
    ['local', true],
    ['international', false],
    ['', false],
  ])('content %j gives credit by rate: %s', (content, expected) => {
    expect(canGiveCreditByRate(makeUser({ content }))).toBe(expected);
  });

  it('edits and deletes only in the personal or own view', () => {
    expect([canEditListItem('personal'), canDeleteListItem('personal')]).toEqual([true, true]);
    expect([canEditListItem('client'), canDeleteListItem('client')]).toEqual([false, false]);
    expect([canEditContact('own'), canDeleteContact('own'), canDeletePhoneBook('own')]).toEqual([true, true, true]);
    expect([canEditContact('client'), canDeleteContact('client'), canDeletePhoneBook('client')]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('shows local credits or USD', () => {
    expect(balanceOf(makeUser({ content: 'local', creditbalance: 50 }))).toEqual({ amount: 50, unit: 'credits' });
    expect(balanceOf(makeUser({ content: 'international', internationalcreditbalance: 2 }))).toEqual({
      amount: 2,
      unit: 'USD',
    });
  });

  it('lights the indicator when any client has a pending sender id', () => {
    expect(hasPendingSenderIds([makeUser(), makeUser({ pendingsenderid: 'PROMO' })])).toBe(true);
    expect(hasPendingSenderIds([makeUser({ pendingsenderid: ' ' })])).toBe(false);
  });
});

describe('domain settings', () => {
  const domain = makeDomain({
    profile_id: 50,
    enablereseller: true,
    supenablereseller: false,
    enablereferral: false,
    supenablereferral: true,
    usepaymentgateway: true,
    supusepaymentgateway: false,
    localrate:
      '{"REGULAR":[{"id":1,"price":20,"rate":0.03,"expiry":0.25}],"PREMIUM":[{"id":2,"price":20,"rate":0.04,"expiry":1}]}',
    suplocalrate: '{"REGULAR":[{"id":9,"price":100,"rate":0.02,"expiry":1}]}',
  });
  const client = makeUser({ profile_id: 77, supid: 50 });
  const owner = makeUser({ profile_id: 50, supid: 6 });

  it('uses the sup-prefixed settings for the domain owner only', () => {
    expect(domainSettings(client, domain).enablereseller).toBe(true);
    expect(domainSettings(owner, domain).enablereseller).toBe(false);
    expect(domainSettings(null, domain).enablereferral).toBe(false);
    expect(showReferral(owner, domain)).toBe(true);
    expect(canPurchase(client, domain)).toBe(true);
    expect(canPurchase(owner, domain)).toBe(false);
  });

  it.each([
    [6, true, true],
    [1, true, true],
    [308, true, true],
    [50, true, false],
    [6, false, false],
  ])('reseller promo for supid %d with reselling %s: %s', (supid, enabled, expected) => {
    const d = makeDomain({ profile_id: 999, enablereseller: enabled });
    expect(showResellerPromo(makeUser({ supid }), d)).toBe(expected);
  });

  it('offers Become a reseller when reselling is on and the user is not one yet', () => {
    expect(canBecomeReseller(client, domain)).toBe(true);
    expect(canBecomeReseller({ ...client, accountType: 'RESELLER' }, domain)).toBe(false);
    expect(canBecomeReseller(owner, domain)).toBe(false);
  });

  it('picks the price tiers of the account type', () => {
    expect(priceTiersFor(client, domain).map((t) => t.rate)).toEqual([0.03]);
    expect(priceTiersFor({ ...client, accountType: 'PREMIUM' }, domain).map((t) => t.rate)).toEqual([0.04]);
    expect(priceTiersFor(owner, domain).map((t) => t.id)).toEqual([9]);
    expect(priceTiersFor({ ...client, accountType: 'RESELLER' }, domain)).toEqual([]);
  });

  it.each([
    [6, '{"REGULAR":[{"price":20,"rate":0.03}]}', false],
    [50, '{"REGULAR":[{"price":20,"rate":0.03}]}', true],
    [50, '{"REGULAR":[]}', false],
    [50, '', false],
  ])('login price table for domain profile %d, rates %s: %s', (profile_id, localrate, expected) => {
    expect(showLoginPriceTable(makeDomain({ profile_id, localrate }))).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { planCreditGift, senderIdRequests } from '../../../src/domain/account/client-management';

const me = 8;
const clients = [
  {
    profile_id: 9,
    username: 'acmeclient',
    email: 'client@acme.example.com',
    supid: me,
    companyname: 'Acme Client',
    pendingsenderid: 'A1, B2,A1',
  },
  {
    profile_id: 10,
    username: 'other',
    email: 'other@example.com',
    supid: 6,
    companyname: 'Other',
    pendingsenderid: '',
  },
];

describe('planCreditGift', () => {
  it.each([
    [
      { beneficiary: 'nobody', amount: '10' },
      { ok: false, field: 'beneficiary', message: 'User not found' },
    ],
    [
      { beneficiary: 'acmeclien', amount: '10' },
      { ok: false, field: 'beneficiary', message: 'User not found' },
    ],
    // Exact, but another admin's client: not a beneficiary of this giver.
    [
      { beneficiary: 'other', amount: '10' },
      { ok: false, field: 'beneficiary', message: 'User not found' },
    ],
    [
      { beneficiary: 'acmeclient', amount: 'ten' },
      { ok: false, field: 'amount', message: 'Amount must be a number' },
    ],
    [
      { beneficiary: 'acmeclient', amount: '10', rate: 'x' },
      { ok: false, field: 'rate', message: 'Rate must be a number' },
    ],
    [
      { beneficiary: 'acmeclient', amount: 'x', rate: 'x' },
      { ok: false, field: 'rate', message: 'Rate must be a number' },
    ],
    [
      { beneficiary: 'acmeclient', amount: 'x', rate: '0.03' },
      { ok: false, field: 'amount', message: 'Amount must be a number' },
    ],
    [
      { beneficiary: 'acmeclient', amount: '12.5' },
      { ok: false, field: 'amount', message: 'Credits are given in whole numbers' },
    ],
    [
      { beneficiary: 'acmeclient', amount: '-3' },
      { ok: false, field: 'amount', message: 'Amount must be greater than zero' },
    ],
    [
      { beneficiary: 'acmeclient', amount: '10.555', rate: '0.03' },
      { ok: false, field: 'amount', message: 'Amount can have at most two decimals' },
    ],
  ])('%j -> %j', (input, expected) => {
    expect(planCreditGift(clients, me, input)).toEqual(expected);
  });

  it('makes the amount the credits, or ceil(amount / rate) by rate; finds by e-mail too', () => {
    expect(planCreditGift(clients, me, { beneficiary: ' client@acme.example.com ', amount: '250' })).toMatchObject({
      ok: true,
      credits: 250,
      client: { profile_id: 9 },
    });
    expect(planCreditGift(clients, me, { beneficiary: 'acmeclient', amount: '10', rate: '0.03' })).toMatchObject({
      ok: true,
      credits: 334,
    });
    expect(planCreditGift(clients, me, { beneficiary: 'acmeclient', amount: '20', rate: '0.029' })).toMatchObject({
      ok: true,
      credits: 690,
    });
  });
});

describe('senderIdRequests', () => {
  const platform = [
    {
      profile_id: 9,
      username: 'acmeclient',
      companyname: 'Acme Client',
      supid: me,
      supervisor: 'acmeadmin',
      pendingsenderid: 'X1',
    },
    {
      profile_id: 7,
      username: 'demouser',
      companyname: 'Demo',
      supid: 6,
      supervisor: 'supervisor',
      pendingsenderid: 'PROMO',
    },
  ];
  it("lists an admin's own clients' pending IDs, split and de-duplicated", () => {
    expect(senderIdRequests(clients, [], { profile_id: me, isPlatform: false })).toEqual([
      { profile_id: 9, username: 'acmeclient', companyname: 'Acme Client', supervisor: '', ids: ['A1', 'B2'] },
    ]);
  });
  it("lists profile 6 the platform's requests, naming another admin's client's supervisor only", () => {
    expect(
      senderIdRequests([], platform, { profile_id: 6, isPlatform: true }).map((r) => [r.username, r.supervisor]),
    ).toEqual([
      ['acmeclient', 'acmeadmin'],
      ['demouser', ''],
    ]);
  });
});

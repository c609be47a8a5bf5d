import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GatewayContext } from '../core/context';
import { logoPng } from '../images/png';
import { createDomain, createUser } from './accounts';
import { seedDemoMessages } from './demo-messages';
import { seedDemoPhonebook } from './demo-phonebook';
import { seedSmppAccess } from '../smpp-server/access';
import { LANDING_PRICES } from '../../../src/domain/money/price-table';

const DAY_MS = 24 * 3600 * 1000;

// The landing prices (src/domain, one place: docs/product.md#price-tables): the main host sells at these.
export const MAIN_LOCALRATE = JSON.stringify(LANDING_PRICES);
const tiers = (rows: [number, number][], expiry: number) =>
  rows.map(([price, rate], i) => ({ id: i + 1, price, rate, expiry }));
const ACME_LOCALRATE = JSON.stringify({
  REGULAR: tiers(
    [
      [10, 0.035],
      [100, 0.03],
      [500, 0.027],
    ],
    0.25,
  ),
  PREMIUM: tiers(
    [
      [50, 0.04],
      [500, 0.035],
    ],
    1,
  ),
});

export const DEMO_ACCOUNTS = [
  { username: 'supervisor', password: 'supervisor123', note: 'profile 6, admin of the main host' },
  { username: 'demouser', password: 'demo12345', note: 'client of the supervisor, with data' },
  { username: 'acmeadmin', password: 'acme12345', note: 'reseller, admin of acme.localhost' },
  { username: 'acmeclient', password: 'client12345', note: 'client of Acme SMS' },
];

/** The demo account's SMPP access (docs/smpp.md), printed with the demo accounts in dev mode only. */
export const DEMO_SMPP = { systemId: 'demouser', password: 'demo1234' } as const;

/** The demo logos' side: the app shows a logo at 72 px at most, 256 covers that on a 3x screen. */
const DEMO_LOGO_PX = 256;

function writeLogo(ctx: GatewayContext, name: string, bg: [number, number, number], fg: [number, number, number]) {
  mkdirSync(ctx.imagesDir, { recursive: true });
  writeFileSync(join(ctx.imagesDir, name), logoPng(DEMO_LOGO_PX, bg, fg));
  return `/smsgateway/api/frontend/images/${name}`;
}

/** The demo data (README's demo accounts), written into an empty database by `npm start`. */
export async function seedDemo(ctx: GatewayContext): Promise<void> {
  const expires = Math.floor((ctx.now() + 90 * DAY_MS) / 1000);
  const tabs = { dashboardTab: 1, scheduledsmsTab: 1, recurringsmsTab: 1, credithistoryTab: 1 };
  const supervisor = await createUser(ctx, {
    profile_id: 6,
    username: 'supervisor',
    password: 'supervisor123',
    email: 'supervisor@example.com',
    companyname: 'Bulk SMS Ghana',
    isAdmin: 1,
    supid: 0,
    senderidapproved: 'BULKSMS',
    creditbalance: 1_000_000,
    internationalcreditbalance: 500,
    creditexpires: expires,
    ...tabs,
  });
  await createDomain(ctx, {
    host: ctx.mainHost,
    profile_id: supervisor.profile_id,
    companyname: 'Bulk SMS Ghana',
    telnumber: '+233302000000',
    logo: writeLogo(ctx, 'main-logo.png', [14, 76, 146], [255, 255, 255]),
    localrate: MAIN_LOCALRATE,
    senderid: 'BULKSMS',
    usepaymentgateway: 1,
    paystackpubkey: 'pk_test_main',
    paystackseckey: 'sk_test_main',
    enablereferral: 1,
    referralpercentage: 0.1,
    enablereseller: 1,
    theme_color: '#0b4a8b',
  });
  const demo = await createUser(ctx, {
    username: 'demouser',
    password: 'demo12345',
    email: 'demo@example.com',
    telnumber: '233241234567',
    companyname: 'Demo Traders',
    supid: supervisor.profile_id,
    senderidapproved: 'DEMO,ALERTS',
    pendingsenderid: 'PROMO',
    creditbalance: 5_000,
    creditexpires: expires,
    ...tabs,
  });
  const acme = await createUser(ctx, {
    username: 'acmeadmin',
    password: 'acme12345',
    email: 'admin@acme.example.com',
    companyname: 'Acme SMS',
    accountType: 'RESELLER',
    isAdmin: 1,
    supid: supervisor.profile_id,
    senderidapproved: 'ACME',
    creditbalance: 50_000,
    creditexpires: expires,
    ...tabs,
  });
  await createDomain(ctx, {
    host: `acme.${ctx.mainHost}`,
    profile_id: acme.profile_id,
    companyname: 'Acme SMS',
    telnumber: '+233302111111',
    logo: writeLogo(ctx, 'acme-logo.png', [176, 32, 32], [255, 214, 0]),
    localrate: ACME_LOCALRATE,
    senderid: 'ACME',
    usepaymentgateway: 1,
    paystackpubkey: 'pk_test_acme',
    paystackseckey: 'sk_test_acme',
    enablereferral: 1,
    referralpercentage: 0.1,
    enablereseller: 0,
    theme_color: '#a51d1d',
  });
  const client = await createUser(ctx, {
    username: 'acmeclient',
    password: 'client12345',
    email: 'client@acme.example.com',
    companyname: 'Acme Client Ltd',
    supid: acme.profile_id,
    senderidapproved: 'ACMECL',
    creditbalance: 800,
    creditexpires: expires,
    ...tabs,
  });
  await seedDemoPhonebook(ctx, { demo, client });
  await seedDemoMessages(ctx, { demo, client });
  await seedSmppAccess(ctx, demo.profile_id, DEMO_SMPP.systemId, DEMO_SMPP.password);
}

// Screenshots of the main screens at desktop and phone widths, for looking at what was built:
//   npm run build && npx tsx scripts/screenshots.ts [outDir] [name-filter]
import { mkdirSync } from 'node:fs';
import { launchBrowser, newPage, DESKTOP, PHONE } from '../tests/e2e/support/browser';
import { startGateway, type RunningGateway } from '../tests/e2e/support/gateway';
import { apiCall, apiLogin } from '../tests/e2e/support/api-accounts';

const out = process.argv[2] ?? 'test-results/screens';
const only = process.argv[3] ?? '';
mkdirSync(out, { recursive: true });
/** A purchase through the simulated checkout, so the histories have a row to show. */
async function buyCredit(gw: RunningGateway, who: string, password: string, amount: number) {
  const me = await apiLogin(gw, who, password);
  const { link } = await apiCall(
    gw,
    'paystack-link/',
    { profile_id: me.profile_id, amount, currency: 'GHS' },
    me.token,
  );
  await fetch(gw.url(link), {
    method: 'POST',
    body: 'action=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
}

const gateway = await startGateway();
const browser = await launchBrowser();
try {
  await buyCredit(gateway, 'demouser', 'demo12345', 100);
  await buyCredit(gateway, 'demouser', 'demo12345', 2500);
  type Shot = { name: string; path: string; host?: string; login?: [string, string] };
  const all: Shot[] = [
    { name: 'landing', path: '/' },
    { name: 'login', path: '/login' },
    { name: 'login-acme', path: '/login', host: 'acme.localhost' },
    { name: 'signup', path: '/signup' },
    { name: 'shell-demouser', path: '/', login: ['demouser', 'demo12345'] },
    { name: 'shell-acmeadmin', path: '/', host: 'acme.localhost', login: ['acmeadmin', 'acme12345'] },
    { name: 'profile-demouser', path: '/profile', login: ['demouser', 'demo12345'] },
    { name: 'phonebook-demouser', path: '/phonebook', login: ['demouser', 'demo12345'] },
    { name: 'phonebook-group-demouser', path: '/phonebook/1', login: ['demouser', 'demo12345'] },
    { name: 'phonebook-clients-supervisor', path: '/clientphonebook', login: ['supervisor', 'supervisor123'] },
    { name: 'phonebook-client-group-supervisor', path: '/clientphonebook/2', login: ['supervisor', 'supervisor123'] },
    { name: 'purchase-demouser', path: '/purchasesms', login: ['demouser', 'demo12345'] },
    { name: 'purchase-acmeadmin', path: '/purchasesms', host: 'acme.localhost', login: ['acmeadmin', 'acme12345'] },
    { name: 'credithistory-demouser', path: '/credithistory', login: ['demouser', 'demo12345'] },
    { name: 'credithistory-supervisor', path: '/clientcredithistory', login: ['supervisor', 'supervisor123'] },
    { name: 'clients-supervisor', path: '/clientmanagement', login: ['supervisor', 'supervisor123'] },
    { name: 'clients-acmeadmin', path: '/clientmanagement', host: 'acme.localhost', login: ['acmeadmin', 'acme12345'] },
  ];
  const shots = all.filter((shot) => shot.name.includes(only));
  for (const [size, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    for (const shot of shots) {
      const { page, context } = await newPage(browser, { viewport });
      if (shot.login) {
        await page.goto(gateway.url('/login', shot.host));
        await page.getByLabel(/^Email or username/).fill(shot.login[0]);
        await page.getByLabel(/^Password/).fill(shot.login[1]);
        await page.getByRole('button', { name: 'Login' }).click();
        await page.getByRole('navigation', { name: 'Main menu' }).waitFor({ state: 'attached' });
      }
      await page.goto(gateway.url(shot.path, shot.host));
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${out}/${shot.name}-${size}.png`, fullPage: true });
      await context.close();
    }
  }
  console.log(`screenshots in ${out}`);
} finally {
  await browser.close();
  await gateway.stop();
}

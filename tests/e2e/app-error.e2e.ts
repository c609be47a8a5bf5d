// The app's last catch (src/app/app-error-boundary.tsx): a screen whose code does not arrive (a weak
// network mid-load) shows what to do and a Reload button, never a blank page; Reload brings the screen
// once its code arrives.
import { describe, it } from 'vitest';
import { newPage, SCREENSHOT_VIEWPORTS } from './support/browser';
import { useGatewayAndBrowser } from './support/e2e-setup';
import { LoginPage } from './support/pages/login-page';
import { APP_FAILED, RELOAD } from '../../src/app/app-error-boundary';

describe('a screen whose code does not arrive', () => {
  const world = useGatewayAndBrowser({ serviceWorkers: 'block' });

  it('says to check the connection and reload, and Reload opens the screen once its code arrives', async () => {
    const { page, context } = await newPage(world.browser, { serviceWorkers: 'block' });
    let blocked = true;
    await context.route(/\/assets\/templates-screen-[^/]+\.js$/, (route) =>
      blocked ? route.abort('internetdisconnected') : route.continue(),
    );
    await new LoginPage(page).signIn(world.gateway.url('/login'));
    // The app reloads once on its own (a chunk gone after a deploy); the second failure is shown.
    await page.goto(world.gateway.url('/templates'));
    await page.getByRole('alert').getByText(APP_FAILED).waitFor();
    for (const [name, viewport] of SCREENSHOT_VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `test-results/screens/app-error-${name}.png`, fullPage: true });
    }
    blocked = false;
    await page.getByRole('button', { name: RELOAD }).click();
    await page.getByRole('heading', { name: 'Templates', level: 1 }).waitFor();
    await context.close();
  });
});

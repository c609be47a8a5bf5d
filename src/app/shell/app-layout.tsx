import { Suspense, useEffect, type ComponentProps } from 'react';
import { AppShell, Center, Loader } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, useNavigate } from 'react-router-dom';
import type { StoredDomain, StoredUser } from '../../db/app-db';
import { setScreenOpener } from '../../flows/incoming';
import { OfflineBanner } from '../../ui/offline-banner';
import { useQuietIdle } from '../../ui/when-idle';
import { LowBalanceNotice } from '../../features/purchase/low-balance-notice';
import { ShellHeader } from './shell-header';
import '../../ui/title-bar.css';
import { SideMenu } from './side-menu';
import { useSignOut } from './use-sign-out';

/**
 * The side menu, drawn with the screen where it shows (from 1000 px, or opened). A phone's closed menu
 * is off-screen: drawn with the first screen it was about a quarter of that screen's components, so it
 * is drawn once the browser idles after a quiet second (no tap or key), or at once when the burger
 * opens it. Not in a transition: React renders pending transitions together, and a tap's screen would
 * have carried it.
 */
function ShellMenu({ shown, ...menu }: { shown: boolean } & ComponentProps<typeof SideMenu>) {
  const quiet = useQuietIdle(1000, 3000, { anyAddress: true });
  return shown || quiet ? <SideMenu {...menu} /> : null;
}

type AppLayoutProps = { user: StoredUser; domain: StoredDomain | null };

/** The signed-in page shell (docs/product.md#page-shell): header, side menu (from 1000 px, toggled below), the screen. */
export function AppLayout({ user, domain }: AppLayoutProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  // Below 1000 px the closed menu is off-screen: inert keeps it out of the tab order and screen readers.
  // Read at the first render (the shell is never prerendered): a phone renders its header once, not the wide one first.
  const wide = useMediaQuery('(min-width: 62.5em)', undefined, { getInitialValueInEffect: false });
  const { requestSignOut, dialog } = useSignOut(user.profile_id);
  // A file no screen shown takes, or a shortcut launched into this window, opens its screen here.
  const navigate = useNavigate();
  useEffect(() => setScreenOpener((path) => void navigate(path)), [navigate]);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'md', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <AppShell.Header className="app-title-bar">
        <ShellHeader
          user={user}
          domain={domain}
          wide={wide}
          menuOpened={opened}
          onToggleMenu={toggle}
          onSignOut={() => void requestSignOut()}
        />
      </AppShell.Header>
      <AppShell.Navbar p="xs" inert={!wide && !opened}>
        <ShellMenu shown={wide || opened} user={user} onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <OfflineBanner />
        <LowBalanceNotice user={user} />
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Loading" />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </AppShell.Main>
      {dialog}
    </AppShell>
  );
}

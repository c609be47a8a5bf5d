import { Center, Loader } from '@mantine/core';
import { lazyScreen } from './lazy-screen';
import { dashboardListAt, firstScreenModules, screenModules } from './screen-modules';

// Every screen loads on demand, so the login route ships only what it shows.
// The signed-in shell too: visitors on the login page never download it.
// Mantine's styles for components the landing and login pages do not show come with every other screen.
const withAllStyles = <T,>(load: Promise<T>): Promise<T> =>
  Promise.all([screenModules.allStyles(), load]).then(([, screen]) => screen);
// A screen whose first rows were asked for as the app started waits for them at most this long.
const FIRST_ROWS_AT_MOST_MS = 1000;
// Inside the signed-in shell, a screen loading shows a spinner where it will be, under the header.
const inShell = (
  <Center py="xl">
    <Loader aria-label="Loading" />
  </Center>
);
export const AppLayout = lazyScreen(() => withAllStyles(screenModules.shell()).then((m) => m.AppLayout));
export const LandingScreen = lazyScreen(() => screenModules.landing().then((m) => m.LandingScreen));
export const LoginScreen = lazyScreen(() => screenModules.login().then((m) => m.LoginScreen));
export const SignupScreen = lazyScreen(() =>
  withAllStyles(import('../features/auth/signup-screen')).then((m) => m.SignupScreen),
);
export const SendScreen = lazyScreen(
  () => withAllStyles(import('../features/send/send-screen')).then((m) => m.SendScreen),
  inShell,
);
// A message opened from the list shows its status at once: that screen's code comes while the list idles.
const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 3000 }) : setTimeout(run, 1000);
// A dashboard the app started at renders once its early page is on the device (or a second has passed),
// with its rows in its first render (docs/architecture.md "Opening a dashboard").
export const MessageListScreen = lazyScreen(
  () =>
    withAllStyles(
      Promise.all([
        screenModules.messages(),
        import('../sync/list-loader').then((m) => m.earlyListRead(FIRST_ROWS_AT_MOST_MS)),
      ]),
    ).then(([m]) => {
      whenIdle(() => StatusScreen.prefetch());
      return m.MessageListScreen;
    }),
  inShell,
);
export const ClientManagementScreen = lazyScreen(
  () => withAllStyles(import('../features/clients/client-management-screen')).then((m) => m.ClientManagementScreen),
  inShell,
);
export const ProfileScreen = lazyScreen(
  () => withAllStyles(import('../features/profile/profile-screen')).then((m) => m.ProfileScreen),
  inShell,
);
export const PhonebookScreen = lazyScreen(
  () => withAllStyles(import('../features/phonebook/phonebook-screen')).then((m) => m.PhonebookScreen),
  inShell,
);
export const GroupScreen = lazyScreen(
  () => withAllStyles(import('../features/phonebook/group-screen')).then((m) => m.GroupScreen),
  inShell,
);
export const TemplatesScreen = lazyScreen(
  () => withAllStyles(import('../features/templates/templates-screen')).then((m) => m.TemplatesScreen),
  inShell,
);
export const OptOutsScreen = lazyScreen(
  () => withAllStyles(import('../features/optouts/optouts-screen')).then((m) => m.OptOutsScreen),
  inShell,
);
// The Developers page, the one place for integration: its keys and webhooks, then SMPP access and the
// account's own key for the older send endpoint (three features, composed here).
export const DevelopersScreen = lazyScreen(
  () =>
    withAllStyles(
      Promise.all([
        import('../features/developers/developers-screen'),
        import('../features/smpp/smpp-access-card'),
        import('../features/profile/api-key-card'),
      ]),
    ).then(([developers, smpp, apiKey]) => {
      const Developers = developers.DevelopersScreen;
      const SmppAccessCard = smpp.SmppAccessCard;
      const ApiKeyCard = apiKey.ApiKeyCard;
      return function DevelopersWithSmpp({ tab }: { tab: 'setup' | 'reference' }) {
        return (
          <Developers
            tab={tab}
            extra={
              <>
                <SmppAccessCard />
                <ApiKeyCard place="developers" />
              </>
            }
          />
        );
      };
    }),
  inShell,
);
export const TeamScreen = lazyScreen(
  () => withAllStyles(import('../features/team/team-screen')).then((m) => m.TeamScreen),
  inShell,
);
export const ApprovalsScreen = lazyScreen(
  () => withAllStyles(import('../features/approvals/approvals-screen')).then((m) => m.ApprovalsScreen),
  inShell,
);
export const JoinScreen = lazyScreen(() =>
  withAllStyles(import('../features/auth/join-screen')).then((m) => m.JoinScreen),
);
export const AuditLogScreen = lazyScreen(
  () => withAllStyles(import('../features/auditlog/audit-log-screen')).then((m) => m.AuditLogScreen),
  inShell,
);
export const PurchaseScreen = lazyScreen(
  () => withAllStyles(import('../features/purchase/purchase-screen')).then((m) => m.PurchaseScreen),
  inShell,
);
export const InvoiceScreen = lazyScreen(
  () => withAllStyles(import('../features/purchase/invoice-screen')).then((m) => m.InvoiceScreen),
  inShell,
);
export const StatementScreen = lazyScreen(
  () => withAllStyles(import('../features/statement/statement-screen')).then((m) => m.StatementScreen),
  inShell,
);
export const CreditHistoryScreen = lazyScreen(
  () => withAllStyles(import('../features/purchase/credit-history-screen')).then((m) => m.CreditHistoryScreen),
  inShell,
);
// Its first page, when asked for before its code came (the app started at its address), it waits for
// too (a second at most): its first render has the rows (docs/architecture.md "The first visit").
export const StatusScreen = lazyScreen(
  () =>
    withAllStyles(
      Promise.all([
        screenModules.status(),
        import('../sync/status-prefetch').then((m) => m.untilPrefetchedStatusPage(FIRST_ROWS_AT_MOST_MS)),
      ]),
    ).then(([m]) => m.StatusScreen),
  inShell,
);

let signedInPrefetched = false;

/**
 * The signed-in shell and the Send SMS form every sign-in lands on, fetched while the person types the
 * password: after Login only the password check is left (docs/architecture.md "The first visit").
 */
export function prefetchSignedInScreens(): void {
  if (signedInPrefetched) return;
  signedInPrefetched = true;
  AppLayout.prefetch();
  SendScreen.prefetch();
}

/**
 * The screens the first render at `path` shows, whose code the entry asked for (screen-modules.ts):
 * loaded with the app, their wrappers render them at once instead of a spinner first and then, in a
 * render and a commit more, the screen.
 */
export function preloadFirstScreens(path: string, host: string): void {
  const wrappers = {
    landing: LandingScreen,
    login: LoginScreen,
    shell: AppLayout,
    status: StatusScreen,
    messages: MessageListScreen,
  };
  const names = firstScreenModules(path, host);
  // A dashboard's list, whose code the entry asked for beside the shell's (main.tsx), renders with it too.
  if (names.includes('shell') && dashboardListAt(path) !== null) names.push('messages');
  // A failure is handled as the screen's own load handles it (a reload once a minute), and shown by it.
  for (const name of names) if (name !== 'allStyles') void wrappers[name].preload().catch(() => {});
}

import { lazyScreen } from './lazy-screen';

// Every screen loads on demand, so the login route ships only what it shows.
// The signed-in shell too: visitors on the login page never download it.
export const AppLayout = lazyScreen(() => import('./shell/app-layout').then((m) => m.AppLayout));
export const LandingScreen = lazyScreen(() =>
  import('../features/landing/landing-screen').then((m) => m.LandingScreen),
);
export const LoginScreen = lazyScreen(() => import('../features/auth/login-screen').then((m) => m.LoginScreen));
export const SignupScreen = lazyScreen(() => import('../features/auth/signup-screen').then((m) => m.SignupScreen));
export const SendScreen = lazyScreen(() => import('../features/send/send-screen').then((m) => m.SendScreen));
export const MessageListScreen = lazyScreen(() =>
  import('../features/messages/message-list-screen').then((m) => m.MessageListScreen),
);
export const ClientManagementScreen = lazyScreen(() =>
  import('../features/clients/client-management-screen').then((m) => m.ClientManagementScreen),
);
export const ProfileScreen = lazyScreen(() =>
  import('../features/profile/profile-screen').then((m) => m.ProfileScreen),
);
export const PhonebookScreen = lazyScreen(() =>
  import('../features/phonebook/phonebook-screen').then((m) => m.PhonebookScreen),
);
export const GroupScreen = lazyScreen(() => import('../features/phonebook/group-screen').then((m) => m.GroupScreen));
export const PurchaseScreen = lazyScreen(() =>
  import('../features/purchase/purchase-screen').then((m) => m.PurchaseScreen),
);
export const CreditHistoryScreen = lazyScreen(() =>
  import('../features/purchase/credit-history-screen').then((m) => m.CreditHistoryScreen),
);
export const StatusScreen = lazyScreen(() => import('../features/messages/status-screen').then((m) => m.StatusScreen));

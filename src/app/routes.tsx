import type { RouteObject } from 'react-router-dom';
import { APP_PATHS } from '../domain/navigation/app-paths';
import { RouteGuard } from './route-guard';
import {
  AuditLogScreen,
  ClientManagementScreen,
  DevelopersScreen,
  CreditHistoryScreen,
  GroupScreen,
  InvoiceScreen,
  LoginScreen,
  MessageListScreen,
  OptOutsScreen,
  PhonebookScreen,
  ProfileScreen,
  PurchaseScreen,
  SendScreen,
  SignupScreen,
  StatusScreen,
  TemplatesScreen,
  prefetchSignedInScreens,
} from './screens';

/** The routes (docs/product.md#screens-and-routes), all behind the guard. */
export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    children: [
      { path: APP_PATHS.login.path, element: <LoginScreen onSignInIntent={prefetchSignedInScreens} /> },
      { path: APP_PATHS.signup.path, element: <SignupScreen /> },
      { path: APP_PATHS.home.path, element: <SendScreen /> },
      { path: APP_PATHS.dashboard.path, element: <MessageListScreen kind="quick" view="personal" /> },
      { path: APP_PATHS.dashboardStatus.path, element: <StatusScreen view="personal" /> },
      { path: APP_PATHS.clientDashboard.path, element: <MessageListScreen kind="quick" view="client" /> },
      { path: APP_PATHS.clientDashboardStatus.path, element: <StatusScreen view="client" /> },
      { path: APP_PATHS.scheduledSms.path, element: <MessageListScreen kind="scheduled" view="personal" /> },
      { path: APP_PATHS.clientScheduledSms.path, element: <MessageListScreen kind="scheduled" view="client" /> },
      { path: APP_PATHS.recurringSms.path, element: <MessageListScreen kind="recurring" view="personal" /> },
      { path: APP_PATHS.clientRecurringSms.path, element: <MessageListScreen kind="recurring" view="client" /> },
      { path: APP_PATHS.phonebook.path, element: <PhonebookScreen /> },
      { path: APP_PATHS.phonebookContacts.path, element: <GroupScreen /> },
      { path: APP_PATHS.clientPhonebook.path, element: <PhonebookScreen clients /> },
      { path: APP_PATHS.clientPhonebookContacts.path, element: <GroupScreen clients /> },
      { path: APP_PATHS.optOuts.path, element: <OptOutsScreen /> },
      { path: APP_PATHS.templates.path, element: <TemplatesScreen /> },
      { path: APP_PATHS.developers.path, element: <DevelopersScreen tab="setup" /> },
      { path: APP_PATHS.developersApi.path, element: <DevelopersScreen tab="reference" /> },
      { path: APP_PATHS.purchaseSms.path, element: <PurchaseScreen /> },
      { path: APP_PATHS.creditHistory.path, element: <CreditHistoryScreen /> },
      { path: APP_PATHS.clientCreditHistory.path, element: <CreditHistoryScreen tabs /> },
      { path: APP_PATHS.invoice.path, element: <InvoiceScreen /> },
      { path: APP_PATHS.profile.path, element: <ProfileScreen /> },
      { path: APP_PATHS.clientManagement.path, element: <ClientManagementScreen /> },
      { path: APP_PATHS.auditLog.path, element: <AuditLogScreen /> },
      { path: '*', element: null },
    ],
  },
];

import type { RouteObject } from 'react-router-dom';
import { RouteGuard } from './route-guard';
import {
  ClientManagementScreen,
  LoginScreen,
  MessageListScreen,
  ProfileScreen,
  SendScreen,
  SignupScreen,
  StatusScreen,
  placeholder,
} from './screens';

/** The routes of SPEC 2, all behind the guard. */
export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    children: [
      { path: '/login', element: <LoginScreen /> },
      { path: '/signup', element: <SignupScreen /> },
      { path: '/', element: <SendScreen /> },
      { path: '/dashboard', element: <MessageListScreen kind="quick" view="personal" /> },
      { path: '/dashboard/:id', element: <StatusScreen view="personal" /> },
      { path: '/clientdashboard', element: <MessageListScreen kind="quick" view="client" /> },
      { path: '/clientdashboard/:id', element: <StatusScreen view="client" /> },
      { path: '/scheduledsms', element: <MessageListScreen kind="scheduled" view="personal" /> },
      { path: '/clientscheduledsms', element: <MessageListScreen kind="scheduled" view="client" /> },
      { path: '/recurringsms', element: <MessageListScreen kind="recurring" view="personal" /> },
      { path: '/clientrecurringsms', element: <MessageListScreen kind="recurring" view="client" /> },
      { path: '/phonebook', element: placeholder('Phone book') },
      { path: '/phonebook/:id', element: placeholder('Contacts') },
      { path: '/clientphonebook', element: placeholder('Client phone books') },
      { path: '/clientphonebook/:id', element: placeholder('Client contacts') },
      { path: '/purchasesms', element: placeholder('Purchase SMS credits') },
      { path: '/credithistory', element: placeholder('SMS credits purchase history') },
      { path: '/clientcredithistory', element: placeholder('SMS credits purchase history') },
      { path: '/profile', element: <ProfileScreen /> },
      { path: '/clientmanagement', element: <ClientManagementScreen /> },
      { path: '*', element: null },
    ],
  },
];

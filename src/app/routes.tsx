import type { RouteObject } from 'react-router-dom';
import { RouteGuard } from './route-guard';
import { LoginScreen, SignupScreen, placeholder } from './screens';

/** The routes of SPEC 2, all behind the guard. */
export const routes: RouteObject[] = [
  {
    element: <RouteGuard />,
    children: [
      { path: '/login', element: <LoginScreen /> },
      { path: '/signup', element: <SignupScreen /> },
      { path: '/', element: placeholder('Send SMS') },
      { path: '/dashboard', element: placeholder('Dashboard') },
      { path: '/dashboard/:id', element: placeholder('Message status') },
      { path: '/clientdashboard', element: placeholder('Client dashboard') },
      { path: '/clientdashboard/:id', element: placeholder('Message status') },
      { path: '/scheduledsms', element: placeholder('Scheduled SMS') },
      { path: '/clientscheduledsms', element: placeholder('Client scheduled SMS') },
      { path: '/recurringsms', element: placeholder('Recurring SMS') },
      { path: '/clientrecurringsms', element: placeholder('Client recurring SMS') },
      { path: '/phonebook', element: placeholder('Phone book') },
      { path: '/phonebook/:id', element: placeholder('Contacts') },
      { path: '/clientphonebook', element: placeholder('Client phone books') },
      { path: '/clientphonebook/:id', element: placeholder('Client contacts') },
      { path: '/purchasesms', element: placeholder('Purchase SMS credits') },
      { path: '/credithistory', element: placeholder('SMS credits purchase history') },
      { path: '/clientcredithistory', element: placeholder('SMS credits purchase history') },
      { path: '/profile', element: placeholder('Profile') },
      { path: '/clientmanagement', element: placeholder('Client management') },
      { path: '*', element: null },
    ],
  },
];

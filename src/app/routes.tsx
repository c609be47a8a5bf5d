import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';

const LoginScreen = lazy(() => import('../features/auth/login-screen').then((m) => ({ default: m.LoginScreen })));

/** The app's routes (SPEC 2); screens load lazily so the first paint ships only what it shows. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginScreen /> },
  { path: '*', element: <Navigate to="/login" replace /> },
];

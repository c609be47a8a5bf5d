import { useEffect } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { Workbox } from 'workbox-window';
import { Providers } from './providers';
import { routes } from './routes';
import { AlertArea } from '../ui/alert-area';
import { onAlert } from '../sync/alerts-bus';
import { startSessionSync } from '../sync/session';
import { UpdatePrompt } from './update-prompt';

const router = createBrowserRouter(routes);

export function App({ workbox }: { workbox: Workbox | null }) {
  useEffect(() => startSessionSync(), []);
  return (
    <Providers>
      <RouterProvider router={router} />
      <AlertArea subscribe={onAlert} />
      <UpdatePrompt workbox={workbox} />
    </Providers>
  );
}

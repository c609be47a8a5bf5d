import { Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { Providers } from './providers';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <Providers>
      <Suspense
        fallback={
          <Center h="100dvh">
            <Loader aria-label="Loading" />
          </Center>
        }
      >
        <RouterProvider router={router} />
      </Suspense>
    </Providers>
  );
}

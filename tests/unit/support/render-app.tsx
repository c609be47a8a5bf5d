import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Providers } from '../../../src/app/providers';

/**
 * Renders a screen as the app does (providers + router) at a path, for tests that drive it like a user.
 * Pass `routes` to mount several screens; otherwise `ui` is mounted at `path`.
 */
export function renderApp(ui: ReactElement | null, options: { path?: string; routes?: RouteObject[] } = {}) {
  const path = options.path ?? '/';
  const routes = options.routes ?? [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <Providers env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, user, router };
}

import { describe, expect, it } from 'vitest';
import { APP_PATHS } from '../../../src/domain/navigation/app-paths';
import { routeAccess } from '../../../src/domain/navigation/routing';

describe('the app paths table', () => {
  it('links to one item with its id as one encoded path segment', () => {
    expect(APP_PATHS.dashboardStatus.getHref('AbC12')).toBe('/dashboard/AbC12');
    expect(APP_PATHS.clientPhonebookContacts.getHref(42)).toBe('/clientphonebook/42');
    expect(APP_PATHS.dashboardStatus.getHref('a/b c')).toBe('/dashboard/a%2Fb%20c');
  });

  it('gives every route the access rule the guard applies to its address', () => {
    for (const route of Object.values(APP_PATHS)) {
      const href = route.path.includes(':') ? route.path.replace(/:[^/]+/, '17') : route.path;
      expect(routeAccess(href), href).toBe(route.access);
    }
  });
});

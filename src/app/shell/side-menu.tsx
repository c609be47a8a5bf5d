import { NavLink, ScrollArea } from '@mantine/core';
import { NavLink as RouterLink, useLocation } from 'react-router-dom';
import { menuItems } from '../../domain/account/permissions';
import type { StoredUser } from '../../db/app-db';
import { APP_PATHS } from '../../domain/navigation/app-paths';

type SideMenuProps = { user: StoredUser; onNavigate: () => void };

/** The side menu: each item under its condition, tab flags or admin (docs/product.md#page-shell). */
export function SideMenu({ user, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  return (
    <ScrollArea component="nav" aria-label="Main menu">
      {menuItems(user).map((item) => {
        const active =
          item.path === APP_PATHS.home.path
            ? pathname === APP_PATHS.home.path
            : pathname === item.path || pathname.startsWith(`${item.path}/`);
        return (
          <NavLink
            key={item.key}
            component={RouterLink}
            to={item.path}
            label={item.label}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </ScrollArea>
  );
}

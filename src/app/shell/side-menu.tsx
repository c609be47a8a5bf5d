import { Badge, NavLink, ScrollArea, VisuallyHidden } from '@mantine/core';
import { NavLink as RouterLink, useLocation } from 'react-router-dom';
import { menuItems } from '../../domain/account/permissions';
import type { StoredUser } from '../../db/app-db';
import { APP_PATHS } from '../../domain/navigation/app-paths';
import { useWaitingApprovals } from '../../sync/hooks/use-waiting-approvals';
import { useOnline } from '../../ui/use-online';

type SideMenuProps = { user: StoredUser; onNavigate: () => void };

/** The side menu: each item under its condition, tab flags or admin (docs/product.md#page-shell). */
export function SideMenu({ user, onNavigate }: SideMenuProps) {
  const { pathname } = useLocation();
  // Asked again at each screen: the campaigns waiting that this person may decide.
  const waiting = useWaitingApprovals(user, pathname, useOnline());
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
            rightSection={item.key === 'approvals' ? <WaitingBadge count={waiting.toDecide} /> : undefined}
          />
        );
      })}
    </ScrollArea>
  );
}

/** The count of campaigns waiting for this person's decision, beside Approvals; none when nothing waits. */
function WaitingBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Badge size="sm" circle color="red" data-menu-badge data-testid="approvals-waiting">
      {count}
      <VisuallyHidden> waiting</VisuallyHidden>
    </Badge>
  );
}

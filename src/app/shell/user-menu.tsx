import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router-dom';
import { APP_PATHS } from '../../domain/navigation/app-paths';
import { useInstallPrompt } from '../install-prompt';

type UserMenuProps = { username: string; onSignOut: () => void };

/** The wide header's user menu: the profile (to edit the account), Install app (when offered) and Logout. */
export function UserMenu({ username, onSignOut }: UserMenuProps) {
  const install = useInstallPrompt();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" aria-label={`Account menu for ${username}`}>
          {username}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={APP_PATHS.profile.getHref()}>
          Profile and password
        </Menu.Item>
        {install.available && <Menu.Item onClick={() => void install.install()}>Install app</Menu.Item>}
        <Menu.Item color="red" onClick={onSignOut}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

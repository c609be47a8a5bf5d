import { Button, Menu } from '@mantine/core';
import { useInstallPrompt } from '../install-prompt';

type UserMenuProps = { username: string; onSignOut: () => void };

/** The wide header's user menu: Install app (when the browser offers it) and Logout. */
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
        {install.available && <Menu.Item onClick={() => void install.install()}>Install app</Menu.Item>}
        <Menu.Item color="red" onClick={onSignOut}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

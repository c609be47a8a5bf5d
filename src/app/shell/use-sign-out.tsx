import { useCallback, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { waitingMessageCount } from '../../db/session-store';
import { signOut } from '../../sync/session';

/** Sign-out that asks first when sends are still queued: they stay bound to the account and go out on its next sign-in. */
export function useSignOut(profileId: number) {
  const [waiting, setWaiting] = useState(0);
  // Where the app goes next is the route guard's (docs/product.md#screens-and-routes), the same for every sign-out.
  const finish = useCallback(async () => {
    setWaiting(0);
    await signOut();
  }, []);
  const requestSignOut = useCallback(async () => {
    const count = await waitingMessageCount(profileId);
    if (count > 0) setWaiting(count);
    else await finish();
  }, [profileId, finish]);
  const dialog = (
    <Modal opened={waiting > 0} onClose={() => setWaiting(0)} title="Sign out?" centered>
      <Text mb="md">
        {waiting} {waiting === 1 ? 'message is' : 'messages are'} waiting to be sent. They will go out when you sign in
        again on this device.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setWaiting(0)}>
          Stay signed in
        </Button>
        <Button color="red" onClick={() => void finish()}>
          Sign out anyway
        </Button>
      </Group>
    </Modal>
  );
  return { requestSignOut, dialog };
}

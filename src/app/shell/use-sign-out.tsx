import { useCallback, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { waitingMessageCount } from '../../db/session-store';
import { signOut } from '../../sync/session';
import { signedOutTarget } from '../../domain/routing';
import { SIGNED_OUT_REDIRECT_DELAY_MS } from '../../domain/constants';

/** Sign-out that asks first when sends are still queued: they stay bound to the account and go out on its next sign-in. */
export function useSignOut(profileId: number, isMainHost: boolean) {
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState(0);
  const finish = useCallback(async () => {
    setWaiting(0);
    await signOut();
    const target = signedOutTarget(isMainHost);
    // SPEC 2: on the main host the app goes to / after 100 ms; elsewhere to /login.
    window.setTimeout(() => navigate(target, { replace: true }), isMainHost ? SIGNED_OUT_REDIRECT_DELAY_MS : 0);
  }, [isMainHost, navigate]);
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

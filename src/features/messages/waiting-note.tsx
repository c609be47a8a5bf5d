import { Alert, Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { StoredUser } from '../../db/app-db';
import { APP_PATHS } from '../../domain/navigation/app-paths';
import { APPROVAL_STATE_TEXT, ownWaitingText } from '../../domain/send/approval';
import { useWaitingApprovals } from '../../sync/hooks/use-waiting-approvals';
import { useOnline } from '../../ui/use-online';

/**
 * The author's campaigns waiting for approval, above their dashboard's list (docs/product.md#the-two-person-rule):
 * a waiting campaign is no message yet, so the list cannot show it; the note says so and leads to where it waits.
 */
export function WaitingCampaignsNote({ user }: { user: StoredUser }) {
  const waiting = useWaitingApprovals(user, 'dashboard', useOnline());
  if (waiting.mine === 0) return null;
  return (
    <Alert variant="light" color="yellow" title={APPROVAL_STATE_TEXT.waiting} data-testid="own-waiting">
      <Text size="sm">
        {ownWaitingText(waiting.mine)}{' '}
        <Anchor component={Link} to={APP_PATHS.approvals.getHref()}>
          See where {waiting.mine === 1 ? 'it waits' : 'they wait'}
        </Anchor>
      </Text>
    </Alert>
  );
}

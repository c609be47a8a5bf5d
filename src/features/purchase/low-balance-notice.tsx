import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { StoredUser } from '../../db/app-db';
import { APP_PATHS } from '../../domain/navigation/app-paths';
import { may } from '../../domain/account/permissions';
import { lowBalanceNotice, underThreshold } from '../../domain/money/caps';

/** The app's low-balance notice (docs/product.md#low-balance-alerts): shown while the balance is under the account's alert level. */
export function LowBalanceNotice({ user }: { user: StoredUser }) {
  const threshold = user.lowbalancethreshold ?? 0;
  if (!underThreshold(user.creditbalance, threshold)) return null;
  return (
    // Light, so its text stays dark enough to read (WCAG AA).
    <Alert color="orange" variant="light" radius={0} role="status" py={6} mb="sm" aria-label="Low balance">
      {lowBalanceNotice(user.creditbalance, threshold)}{' '}
      {may(user, 'purchase') && (
        <Anchor component={Link} to={APP_PATHS.purchaseSms.getHref()} size="sm">
          Buy credit
        </Anchor>
      )}
    </Alert>
  );
}

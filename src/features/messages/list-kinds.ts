import type { ListName } from '../../db/app-db';
import type { ListView as View } from '../../domain/permissions';
import { APP_PATHS } from '../../domain/app-paths';

export type MessageListKind = 'quick' | 'scheduled' | 'recurring';

type KindInfo = {
  title: Record<View, string>;
  path: Record<View, string>;
  list: Record<View, ListName>;
  empty: string | null;
};

/** The six message lists of SPEC 2 and 3: own and clients', quick, scheduled and recurring. */
export const LIST_KINDS: Readonly<Record<MessageListKind, KindInfo>> = {
  quick: {
    title: { personal: 'Dashboard', client: 'Client dashboard' },
    path: { personal: APP_PATHS.dashboard.getHref(), client: APP_PATHS.clientDashboard.getHref() },
    list: { personal: 'quick-own', client: 'quick-client' },
    empty: null,
  },
  scheduled: {
    title: { personal: 'Scheduled SMS', client: 'Client scheduled SMS' },
    path: { personal: APP_PATHS.scheduledSms.getHref(), client: APP_PATHS.clientScheduledSms.getHref() },
    list: { personal: 'scheduled-own', client: 'scheduled-client' },
    empty: 'You do not have any scheduled sms',
  },
  recurring: {
    title: { personal: 'Recurring SMS', client: 'Client recurring SMS' },
    path: { personal: APP_PATHS.recurringSms.getHref(), client: APP_PATHS.clientRecurringSms.getHref() },
    list: { personal: 'recurring-own', client: 'recurring-client' },
    empty: 'You do not have any recurring sms',
  },
};

/** Where a quick message's row opens its delivery status, per view (SPEC 2: /dashboard/:id). */
export const STATUS_PATHS = {
  personal: APP_PATHS.dashboardStatus,
  client: APP_PATHS.clientDashboardStatus,
} as const satisfies Record<View, { getHref: (id: string) => string }>;

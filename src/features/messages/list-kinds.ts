import type { QuickListName, ScheduledListName } from '../../api/list-api';
import type { StoredListItem } from '../../db/app-db';
import type { ListView as View } from '../../domain/account/permissions';
import { APP_PATHS } from '../../domain/navigation/app-paths';

export type MessageListKind = 'quick' | 'scheduled' | 'recurring';

/** The lists these screens show: dashboards (quick) and scheduled or recurring registrations. */
export type MessageListName = QuickListName | ScheduledListName;

type KindInfo = {
  title: Record<View, string>;
  path: Record<View, string>;
  list: Record<View, MessageListName>;
  empty: string | null;
};

/** The six message lists (docs/product.md#lists-and-status): own and clients', quick, scheduled and recurring. */
export const LIST_KINDS = {
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
} as const satisfies Readonly<Record<MessageListKind, KindInfo>>;

const QUICK_LISTS: readonly MessageListName[] = Object.values(LIST_KINDS.quick.list);

/** A dashboard row (a sent message), as opposed to a scheduled or recurring registration. */
export const isQuickRow = (row: StoredListItem<MessageListName>): row is StoredListItem<QuickListName> =>
  QUICK_LISTS.includes(row.list);

/** Where a quick message's row opens its delivery status, per view (/dashboard/:id). */
export const STATUS_PATHS = {
  personal: APP_PATHS.dashboardStatus,
  client: APP_PATHS.clientDashboardStatus,
} as const satisfies Record<View, { getHref: (id: string) => string }>;

import type { ListName } from '../../db/app-db';
import type { ListView as View } from '../../domain/permissions';

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
    path: { personal: '/dashboard', client: '/clientdashboard' },
    list: { personal: 'quick-own', client: 'quick-client' },
    empty: null,
  },
  scheduled: {
    title: { personal: 'Scheduled SMS', client: 'Client scheduled SMS' },
    path: { personal: '/scheduledsms', client: '/clientscheduledsms' },
    list: { personal: 'scheduled-own', client: 'scheduled-client' },
    empty: 'You do not have any scheduled sms',
  },
  recurring: {
    title: { personal: 'Recurring SMS', client: 'Client recurring SMS' },
    path: { personal: '/recurringsms', client: '/clientrecurringsms' },
    list: { personal: 'recurring-own', client: 'recurring-client' },
    empty: 'You do not have any recurring sms',
  },
};

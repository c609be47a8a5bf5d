// What a user may see and do (docs/product.md#roles-and-permissions).
import type { UserInfo } from '../types';
import { TOP_SUPERVISOR_ID } from '../constants';
import { APP_PATHS } from '../navigation/app-paths';
import type { Permission } from './team-roles';

export type MenuKey =
  | 'send'
  | 'dashboard'
  | 'scheduled'
  | 'recurring'
  | 'credithistory'
  | 'phonebook'
  | 'templates'
  | 'optouts'
  | 'developers'
  | 'purchase'
  | 'statement'
  | 'profile'
  | 'clients'
  | 'auditlog'
  | 'team'
  | 'approvals';

export type MenuItem = { key: MenuKey; label: string; path: string };

type MenuUser = Pick<
  UserInfo,
  'isAdmin' | 'dashboardTab' | 'scheduledsmsTab' | 'recurringsmsTab' | 'credithistoryTab'
> &
  Pick<UserInfo, 'permissions' | 'approvalover' | 'approvalmarketing'>;

/** Whether the account has the two-person rule on (docs/product.md#the-two-person-rule): only then is there anything to approve. */
export const approvalRuleOn = (user: Pick<UserInfo, 'approvalover' | 'approvalmarketing'>): boolean =>
  (user.approvalover ?? null) !== null || user.approvalmarketing === true;

/**
 * Whether the signed-in person may do what needs `permission` (docs/product.md#members-and-roles): the
 * account's owner (no permissions listed) may do all; a team member what their roles allow.
 */
export const may = (user: Pick<UserInfo, 'permissions'>, permission: Permission): boolean =>
  !user.permissions || user.permissions.includes(permission);

/** The permission each menu item's screen needs; Profile and Send need none to be opened. */
const MENU_NEEDS: Partial<Record<MenuKey, Permission>> = {
  send: 'send',
  dashboard: 'reports',
  scheduled: 'reports',
  recurring: 'reports',
  credithistory: 'billing',
  phonebook: 'phonebook',
  templates: 'templates',
  optouts: 'reports',
  developers: 'developer',
  purchase: 'purchase',
  statement: 'billing',
  clients: 'clients',
  auditlog: 'settings',
  team: 'members',
  approvals: 'approve',
};

/** Admins land on the page with the own/client tab pair; others have only their own history. */
export const creditHistoryPath = (user: Pick<UserInfo, 'isAdmin'>): string =>
  (user.isAdmin ? APP_PATHS.clientCreditHistory : APP_PATHS.creditHistory).getHref();

export function menuItems(user: MenuUser): MenuItem[] {
  const items: Array<MenuItem | false> = [
    { key: 'send', label: 'Send SMS', path: APP_PATHS.home.getHref() },
    approvalRuleOn(user) && { key: 'approvals', label: 'Approvals', path: APP_PATHS.approvals.getHref() },
    user.dashboardTab && { key: 'dashboard', label: 'Dashboard', path: APP_PATHS.dashboard.getHref() },
    user.scheduledsmsTab && { key: 'scheduled', label: 'Scheduled SMS', path: APP_PATHS.scheduledSms.getHref() },
    user.recurringsmsTab && { key: 'recurring', label: 'Recurring SMS', path: APP_PATHS.recurringSms.getHref() },
    user.credithistoryTab && {
      key: 'credithistory',
      label: 'SMS credits purchase history',
      path: creditHistoryPath(user),
    },
    { key: 'phonebook', label: 'Phone book', path: APP_PATHS.phonebook.getHref() },
    { key: 'templates', label: 'Templates', path: APP_PATHS.templates.getHref() },
    { key: 'optouts', label: 'Opt-outs', path: APP_PATHS.optOuts.getHref() },
    { key: 'purchase', label: 'Purchase SMS credits', path: APP_PATHS.purchaseSms.getHref() },
    { key: 'statement', label: 'Statement', path: APP_PATHS.statement.getHref() },
    { key: 'profile', label: 'Profile', path: APP_PATHS.profile.getHref() },
    { key: 'developers', label: 'Developers', path: APP_PATHS.developers.getHref() },
    user.isAdmin && { key: 'clients', label: 'Client management', path: APP_PATHS.clientManagement.getHref() },
    { key: 'team', label: 'Team', path: APP_PATHS.team.getHref() },
    { key: 'auditlog', label: 'Audit log', path: APP_PATHS.auditLog.getHref() },
  ];
  return items.filter((item): item is MenuItem => {
    const needs = item === false ? undefined : MENU_NEEDS[item.key];
    return item !== false && (!needs || may(user, needs));
  });
}

export const PREMIUM_PARENT_IDS: readonly number[] = [6, 1];

export const isTopSupervisor = (user: Pick<UserInfo, 'profile_id'>): boolean => user.profile_id === TOP_SUPERVISOR_ID;

/** Profile 6 is the platform: it mints credit and buys none, so its own credit never expires. */
export const creditExpiryOf = (user: Pick<UserInfo, 'profile_id' | 'creditexpires'>): number =>
  isTopSupervisor(user) ? 0 : user.creditexpires;

/** Who edits a domain's settings on the profile: a reseller its own domain, the operator the main host. */
export const canEditDomainSettings = (user: Pick<UserInfo, 'profile_id' | 'accountType' | 'isAdmin'>): boolean =>
  isTopSupervisor(user) || (user.accountType === 'RESELLER' && user.isAdmin);

// Approve/Reject, supervisor labels, the numbers export and loading numbers are profile 6's alone.
export const canApproveSenderIds = isTopSupervisor;
export const canExportNumbers = isTopSupervisor;

export const canSetPremium = (user: Pick<UserInfo, 'supid'>): boolean => PREMIUM_PARENT_IDS.includes(user.supid);
export const canChangeAccountType = canSetPremium;

export const canGiveCreditByRate = (user: Pick<UserInfo, 'content'>): boolean => user.content === 'local';

export type ListView = 'personal' | 'client';
export type PhoneBookView = 'own' | 'client';

// Client items belong to someone else; an admin reads them but does not rewrite them.
export const canEditListItem = (view: ListView): boolean => view === 'personal';
export const canDeleteListItem = canEditListItem;
export const canEditContact = (view: PhoneBookView): boolean => view === 'own';
export const canDeleteContact = canEditContact;
export const canDeletePhoneBook = canEditContact;

export type Balance = { amount: number; unit: 'credits' | 'USD' };

// International accounts pay per message in USD rather than in local credits.
export function balanceOf(user: Pick<UserInfo, 'content' | 'creditbalance' | 'internationalcreditbalance'>): Balance {
  return user.content === 'local'
    ? { amount: user.creditbalance, unit: 'credits' }
    : { amount: user.internationalcreditbalance, unit: 'USD' };
}

export const hasPendingSenderIds = (users: ReadonlyArray<Pick<UserInfo, 'pendingsenderid'>>): boolean =>
  users.some((u) => u.pendingsenderid.trim() !== '');

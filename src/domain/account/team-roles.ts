// A team's roles and what each may do (docs/product.md#members-and-roles): declared once, read by the
// gateway's registrar (every call's access names the permission it needs) and by the app (what a screen shows).

/** What a call may need. */
export const PERMISSIONS = [
  'send',
  'phonebook',
  'templates',
  'reports',
  'approve',
  'purchase',
  'billing',
  'developer',
  'clients',
  'members',
  'settings',
  'ownership',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * What a call needs beside its role: a permission; only a session of the account (its own devices, its
 * answer); or the account's own login, no member (its owner's password, e-mail, number and two-step).
 */
export type Needs = Permission | 'signed-in' | 'account-owner';

export const TEAM_ROLES = ['Owner', 'Admin', 'Sender', 'Approver', 'Viewer', 'Billing', 'Developer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

const ALL: readonly Permission[] = PERMISSIONS;

/** Each role's fixed permissions. Owner: everything; Admin: everything but ownership. */
export const ROLE_PERMISSIONS: Readonly<Record<TeamRole, readonly Permission[]>> = {
  Owner: ALL,
  Admin: ALL.filter((p) => p !== 'ownership'),
  Sender: ['send', 'phonebook', 'templates', 'reports'],
  Approver: ['approve', 'reports'],
  Viewer: ['reports'],
  Billing: ['purchase', 'billing'],
  Developer: ['developer'],
};

/** What each role is for, as the Team screen explains it. */
export const ROLE_SUMMARIES: Readonly<Record<TeamRole, string>> = {
  Owner: 'Everything, including members and ownership',
  Admin: 'Everything but ownership',
  Sender: 'Sends, phone books, templates and reports',
  Approver: 'Approves campaigns and reads reports',
  Viewer: 'Reads dashboards and reports',
  Billing: 'Purchases, statements and invoices',
  Developer: 'API keys, webhooks and SMPP access',
};

/** The roles a refusal suggests first: the narrowest that allows the permission. */
const NARROWEST_FIRST: readonly TeamRole[] = ['Viewer', 'Sender', 'Approver', 'Billing', 'Developer', 'Admin', 'Owner'];

export const isTeamRole = (value: string): value is TeamRole => (TEAM_ROLES as readonly string[]).includes(value);

/** Every permission the roles give, once each, in PERMISSIONS order. */
export function permissionsOf(roles: readonly TeamRole[]): Permission[] {
  const held = new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]));
  return PERMISSIONS.filter((p) => held.has(p));
}

/** Whether someone with these roles may make a call that needs `needs`. */
export const rolesAllow = (roles: readonly TeamRole[], needs: Needs): boolean =>
  needs === 'signed-in' || (needs !== 'account-owner' && permissionsOf(roles).includes(needs));

/** The narrowest role that allows `permission`: the one a refusal names. */
export const roleFor = (permission: Permission): TeamRole =>
  NARROWEST_FIRST.find((role) => ROLE_PERMISSIONS[role].includes(permission)) ?? 'Owner';

/** The refusal of a call a member's roles do not allow (the app's 403 message): it names the role to ask for. */
export const notAllowedText = (needs: Exclude<Needs, 'signed-in'>): string =>
  needs === 'account-owner'
    ? "You are not allowed to do this. Only the account's owner can change the account's own sign-in."
    : `You are not allowed to do this. Ask for the ${roleFor(needs)} role.`;

/** Roles as stored: a comma list in TEAM_ROLES order; unknown names are dropped. */
export const rolesText = (roles: readonly string[]): string => TEAM_ROLES.filter((r) => roles.includes(r)).join(',');

/** Roles read back from their stored text. */
export const rolesFromText = (text: string): TeamRole[] => {
  const named = text.split(',').map((r) => r.trim());
  return TEAM_ROLES.filter((r) => named.includes(r));
};

/** Who may grant or take away Owner, or change or remove an Owner: only someone with ownership. */
export const touchesOwnership = (before: readonly TeamRole[], after: readonly TeamRole[]): boolean =>
  before.includes('Owner') || after.includes('Owner');

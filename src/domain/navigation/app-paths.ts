// Every route of the app (docs/product.md#screens-and-routes) in one table: the router, menus, links and redirects read it.

/** Who may open a route. */
export type RouteAccess = 'public' | 'user' | 'admin';

/** A route: `path` is the router's pattern, `getHref` the address to link to. */
export type AppPath<Args extends unknown[] = []> = {
  path: string;
  access: RouteAccess;
  getHref: (...args: Args) => string;
};

const page = (path: string, access: RouteAccess): AppPath => ({ path, access, getHref: () => path });

// The id is encoded so that any message key stays one path segment.
const itemPage = (base: string, access: RouteAccess): AppPath<[id: string | number]> => ({
  path: `${base}/:id`,
  access,
  getHref: (id) => `${base}/${encodeURIComponent(String(id))}`,
});

export const APP_PATHS = {
  /** The send form when signed in; the landing page or the login for visitors. */
  home: page('/', 'user'),
  login: page('/login', 'public'),
  signup: page('/signup', 'public'),
  dashboard: page('/dashboard', 'user'),
  dashboardStatus: itemPage('/dashboard', 'user'),
  clientDashboard: page('/clientdashboard', 'admin'),
  clientDashboardStatus: itemPage('/clientdashboard', 'admin'),
  scheduledSms: page('/scheduledsms', 'user'),
  clientScheduledSms: page('/clientscheduledsms', 'admin'),
  recurringSms: page('/recurringsms', 'user'),
  clientRecurringSms: page('/clientrecurringsms', 'admin'),
  phonebook: page('/phonebook', 'user'),
  phonebookContacts: itemPage('/phonebook', 'user'),
  clientPhonebook: page('/clientphonebook', 'admin'),
  clientPhonebookContacts: itemPage('/clientphonebook', 'admin'),
  optOuts: page('/optouts', 'user'),
  templates: page('/templates', 'user'),
  developers: page('/developers', 'user'),
  developersApi: page('/developers/api', 'user'),
  purchaseSms: page('/purchasesms', 'user'),
  creditHistory: page('/credithistory', 'user'),
  clientCreditHistory: page('/clientcredithistory', 'user'),
  invoice: itemPage('/invoice', 'user'),
  statement: page('/statement', 'user'),
  profile: page('/profile', 'user'),
  clientManagement: page('/clientmanagement', 'admin'),
  auditLog: page('/auditlog', 'user'),
  team: page('/team', 'user'),
  approvals: page('/approvals', 'user'),
  /** The page an invitation's SMS links to: the member sets a password (docs/product.md#members-and-roles). */
  join: itemPage('/join', 'public'),
} as const satisfies Record<string, AppPath<never[]>>;

/** The Statement screen's address for a month and, for an admin, a client (docs/product.md#statements). */
export function statementHref(month: string | null, clientId: number | null): string {
  const query = new URLSearchParams();
  if (month) query.set('month', month);
  if (clientId !== null) query.set('client', String(clientId));
  const text = query.toString();
  return `${APP_PATHS.statement.getHref()}${text ? `?${text}` : ''}`;
}

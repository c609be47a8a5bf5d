// What the gateway writes into a page it prerenders (docs/architecture.md#the-pwa-flows) and the app reads back before it renders.

/** The paths the gateway prerenders for a visitor: the landing page and the login page. */
export const PRERENDERED_PATHS: ReadonlySet<string> = new Set(['/', '/login']);

/** The element holding the domain's details (the /domain answer) the page was rendered with, as JSON. */
export const PRERENDERED_DETAILS_ID = 'domain-details';

/** The #root attribute naming the path the page was rendered for. */
export const PRERENDERED_PATH_ATTRIBUTE = 'data-prerendered';

/** What the gateway asks of the prerender module built from src/app/prerender.tsx. */
export type PrerenderRequest = {
  path: string;
  host: string;
  /** The page's origin, for the rule that keeps a logo on the page's own origin (safe-url.ts). */
  origin: string;
  /** The /domain answer for the host. */
  details: unknown;
  now: number;
};

/** The app's HTML for the request, or null when the app would not show a visitor's screen there. */
export type Prerender = (request: PrerenderRequest) => Promise<string | null>;

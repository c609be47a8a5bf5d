import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  PRERENDERED_DETAILS_ID,
  PRERENDERED_PATH_ATTRIBUTE,
  type Prerender,
  type PrerenderRequest,
} from '../../../src/domain/brand/prerendered-page';
import { escapeHtml } from '../core/html';
import { chunksOf, readViteManifest } from './vite-manifest';

// The landing and login pages, prerendered: index.html with the app's HTML for the host in place of
// its splash, so a first visit on a slow phone paints the page itself before the app's code arrives
// (docs/architecture.md#the-pwa-flows). The app hydrates it (src/app/root.tsx). Installed apps never see it: their service
// worker answers navigations with index.html as it is.

/** Where the build writes the prerender module (`vite build --ssr`): a dot folder, never served. */
export const PRERENDER_MODULE = join('.ssr', 'prerender.js');

/** Between index.html's splash markers: what the prerendered page replaces. */
const SPLASH = /\s*<!--splash-->[\s\S]*<!--\/splash-->\s*/;
const ROOT = /<div id="root">/;

/** JSON that cannot end its <script> element or open a comment in it, whatever the tenant wrote. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

type Filling = {
  path: string;
  appHtml: string;
  details: unknown;
  title: string;
  themeColor: string;
  stylesheets: string[];
  /** The app's code (its chunk and what it imports), fetched at low priority for the visitor's first touch. */
  scripts?: string[];
};

/** index.html with the app's HTML in place of the splash; null when the template has no splash markers. */
export function fillShell(
  template: string,
  { path, appHtml, details, title, themeColor, stylesheets, scripts = [] }: Filling,
): string | null {
  if (!SPLASH.test(template) || !ROOT.test(template) || !template.includes('</body>')) return null;
  const links = [
    ...stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
    // Not run until the visitor first touches the page (src/app/main.tsx): then it is already here.
    ...scripts.map((href) => `<link rel="prefetch" crossorigin href="${escapeHtml(href)}">`),
  ].join('');
  return (
    template
      // Mantine's colours are set for this attribute, which the app sets itself once it runs.
      .replace(/<html([^>]*)>/, '<html$1 data-mantine-color-scheme="light">')
      // The brand's title and colour, as the app sets them (branding.ts) once it runs.
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
      .replace(
        /<meta name="theme-color" content="[^"]*"/,
        () => `<meta name="theme-color" content="${escapeHtml(themeColor)}"`,
      )
      // The app's stylesheet before the page paints, not with the app's code.
      .replace('</head>', () => `${links}</head>`)
      .replace(ROOT, () => `<div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="${escapeHtml(path)}">`)
      .replace(SPLASH, () => appHtml)
      .replace(
        '</body>',
        () =>
          `<script type="application/json" id="${PRERENDERED_DETAILS_ID}">${jsonForScript(details)}</script></body>`,
      )
  );
}

/**
 * A page to render for a resolved domain: `domain` is the host of the domain record the request's host
 * resolved to, never the Host header itself, so every unknown host shares its domain's one page.
 * `version` names the index.html it fills (its pages are kept per version).
 */
type Page = Pick<PrerenderRequest, 'path' | 'details'> & {
  domain: string;
  secure: boolean;
  template: string;
  version: number;
  title: string;
  themeColor: string;
};
type Options<T> = { encode: (html: string) => T; log?: (line: string) => void };

/**
 * Renders pages with the build's prerender module, if the build has one, and keeps the last few hundred
 * as `encode` made them (per build, path, scheme, domain and its details: a tenant's new logo renders
 * anew). Null: serve the plain shell.
 */
export function prerenderedPages<T>(dist: string, { encode, log = () => {} }: Options<T>) {
  const modulePath = join(dist, PRERENDER_MODULE);
  let loaded: ({ builtAt: number; prerender: Promise<Prerender | null> } & AppAssets) | null = null;
  const pages = new Map<string, T | null>();
  const MAX_PAGES = 200;

  // A rebuild under a running gateway brings a new module (its URL names the build) and new stylesheets.
  const load = () => {
    const builtAt = existsSync(modulePath) ? statSync(modulePath).mtimeMs : 0;
    if (loaded?.builtAt === builtAt) return loaded;
    pages.clear();
    const prerender = builtAt
      ? import(`${pathToFileURL(modulePath).href}?build=${builtAt}`).then(
          (m: { prerender: Prerender }) => m.prerender,
          (error: unknown) => {
            log(`prerender module not loaded, serving the plain shell: ${String(error)}`);
            return null;
          },
        )
      : Promise.resolve(null);
    loaded = { builtAt, prerender, ...appAssets(dist) };
    return loaded;
  };
  // Loaded at start (it takes a while to compile), not while the first visitor waits.
  load();

  return async function render(page: Page): Promise<T | null> {
    const { template, version, title, themeColor, domain, secure, path, details } = page;
    // The page is the domain's, on its own name: the port and spelling of the Host header play no part.
    const request = { path, details, host: domain, origin: `${secure ? 'https' : 'http'}://${domain}` };
    const { builtAt, prerender, stylesheets, scripts } = load();
    const key = JSON.stringify([builtAt, version, path, request.origin, details]);
    if (pages.has(key)) return pages.get(key)!;
    const run = await prerender;
    let html: string | null = null;
    try {
      const appHtml = run ? await run({ ...request, now: Date.now() }) : null;
      html =
        appHtml === null ? null : fillShell(template, { ...request, appHtml, title, themeColor, stylesheets, scripts });
    } catch (error) {
      log(`prerender failed on ${request.origin}${request.path}, serving the plain shell: ${String(error)}`);
    }
    const encoded = html === null ? null : encode(html);
    if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
    pages.set(key, encoded);
    return encoded;
  };
}

type AppAssets = { stylesheets: string[]; scripts: string[] };
const APP_CHUNK = 'src/app/root.tsx';

/**
 * From Vite's manifest: the stylesheets the app's chunk brings, which the prerendered page needs at once,
 * and the app's code (its chunk and the chunks it imports, but the entry's), which waits for the visitor.
 */
function appAssets(dist: string): AppAssets {
  try {
    const manifest = readViteManifest(dist);
    const entry = new Set(chunksOf(manifest, ['index.html']));
    return {
      stylesheets: (manifest[APP_CHUNK]?.css ?? []).map((file) => `/${file}`),
      scripts: chunksOf(manifest, [APP_CHUNK])
        .filter((key) => !entry.has(key))
        .map((key) => `/${manifest[key]!.file}`),
    };
  } catch {
    return { stylesheets: [], scripts: [] };
  }
}

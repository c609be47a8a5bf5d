import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Negotiator } from '@fastify/accept-negotiator';
import type { GatewayContext } from '../core/context';
import { GATEWAY_PREFIX } from '../../../src/domain/navigation/api-paths';
import { PRERENDERED_PATHS } from '../../../src/domain/brand/prerendered-page';
import { brandName, brandThemeColor } from '../../../src/domain/brand/brand';
import { routeAccess } from '../../../src/domain/navigation/routing';
import { domainDetails, resolveDomain } from '../tenancy/domains';
import { prerenderedPages } from './prerendered-page';
import { readScreenPreloads, startScreenAt, withPreloads, type StartScreen } from './screen-preloads';

/** Where the build's hashed files are served: cached for a year, never revalidated. */
export const ASSETS_PREFIX = '/assets/';

/** Strict policy for the PWA: no inline script, no plugins, no <base>, no framing. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Mantine sets CSS variables through style attributes and a <style> element.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Serves dist/ for every host, with the SPA fallback for app routes (never for /smsgateway/). */
export async function registerStatic(app: FastifyInstance, ctx: GatewayContext): Promise<void> {
  const dist = ctx.distDir;
  if (!dist || !existsSync(join(dist, 'index.html'))) {
    registerNotBuilt(app);
    return;
  }
  const shell = shellPages(app, ctx, dist);
  await registerDistFiles(app, dist);
  const sendShell = async (req: FastifyRequest, reply: FastifyReply, status = 200) => {
    const encoding = shellEncoding.negotiate(req.headers['accept-encoding'] ?? '') ?? 'identity';
    const page = await shell.prerendered(req).catch((error: unknown) => {
      req.log.warn(`no prerendered page, serving the plain shell: ${String(error)}`);
      return null;
    });
    const variants = page ?? shell.started(req) ?? shell.indexHtml().shell;
    if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
    return reply
      .status(status)
      .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(variants[encoding]);
  };
  app.get('/', (req, reply) => sendShell(req, reply));
  app.setNotFoundHandler((req, reply) => {
    const isNavigation =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith(GATEWAY_PREFIX) &&
      !/\.[a-z0-9]+$/i.test(req.url.split('?')[0] ?? '');
    // A path that is none of the app's screens is a 404, though the app still shows itself (the landing
    // page, the login, or the send form it redirects to): deep links to screens stay 200.
    if (isNavigation) return sendShell(req, reply, routeAccess(req.url) === null ? 404 : 200);
    return reply.status(404).send({ error: { status: 'failed', message: 'Not found' } });
  });
}

/** No build to serve: the gateway's calls still answer 404 in their envelope, every page says how to build. */
function registerNotBuilt(app: FastifyInstance): void {
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith(GATEWAY_PREFIX))
      return reply.status(404).send({ error: { status: 'failed', message: 'Not found' } });
    return reply.status(503).type('text/plain').send('The app is not built: run npm run build');
  });
}

/** index.html (re-read when it changes) and the pages prerendered from it for a first visit. */
function shellPages(app: FastifyInstance, ctx: GatewayContext, dist: string) {
  // Re-read when the file changes: a rebuild under a running gateway must not leave it serving
  // an index.html that names assets the build has deleted.
  const indexPath = join(dist, 'index.html');
  type Cached = { mtimeMs: number; html: string; shell: ShellVariants; starts: Map<StartScreen, ShellVariants> };
  let cached: Cached | null = null;
  const indexHtml = (): Cached => {
    const { mtimeMs } = statSync(indexPath);
    if (mtimeMs !== cached?.mtimeMs) {
      const html = readFileSync(indexPath);
      cached = { mtimeMs, html: html.toString('utf8'), shell: compressedVariants(html), starts: new Map() };
    }
    return cached;
  };
  /** index.html naming the code of the first screen a dashboard or status address opens on (screen-preloads.ts), or null. */
  const started = (req: FastifyRequest): ShellVariants | null => {
    const start = startScreenAt(req.url.split('?')[0] ?? '');
    if (start === null) return null;
    const page = indexHtml();
    if (!page.starts.has(start))
      page.starts.set(start, compressedVariants(Buffer.from(withPreloads(page.html, readScreenPreloads(dist)[start]))));
    return page.starts.get(start)!;
  };
  // Each page compressed once: the same few pages go to every visitor of a host.
  const prerender = prerenderedPages(dist, {
    encode: (page) => compressedVariants(Buffer.from(page)),
    log: (line) => app.log.warn(line),
  });
  /** The page prerendered for a visitor's first visit to the landing or login page, or null. */
  const prerendered = async (req: FastifyRequest): Promise<ShellVariants | null> => {
    const path = req.url.split('?')[0] ?? '';
    if (!PRERENDERED_PATHS.has(path)) return null;
    const { mtimeMs, html: template } = indexHtml();
    const domain = await resolveDomain(ctx, req.hostname);
    const details = await domainDetails(ctx, domain);
    // Per resolved domain, not per Host header: random host names must not each cost a render.
    return prerender({
      path,
      domain: domain.host,
      secure: req.protocol === 'https',
      details,
      template,
      version: mtimeMs,
      title: brandName(details.companyname),
      themeColor: brandThemeColor(details.theme_color),
    });
  };
  return { indexHtml, prerendered, started };
}

/** The build's files: hashed assets cached for a year, the rest (sw.js, icons, the manifest) revalidated. */
async function registerDistFiles(app: FastifyInstance, dist: string): Promise<void> {
  // Hashed files never change under their name, so their .br and .gz twins written at build time
  // (scripts/compress-dist.mjs) cannot go stale; the few other files (sw.js, icons) are compressed as
  // they go out, so a service worker replaced in place is never served from an old twin.
  const common = {
    wildcard: true,
    index: false as const,
    // Ours in setHeaders, not send's `public, max-age=0`, which would otherwise be written over them.
    cacheControl: false,
  };
  await app.register(fastifyStatic, {
    ...common,
    root: join(dist, 'assets'),
    prefix: ASSETS_PREFIX,
    preCompressed: true,
    // Never revalidated (immutable): no validators or ranges to announce on each of them.
    etag: false,
    lastModified: false,
    acceptRanges: false,
    setHeaders(res) {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  await app.register(fastifyStatic, {
    ...common,
    root: dist,
    decorateReply: false,
    // The build's own folders (.ssr/, the prerender module; .vite/, its manifest) are not the app's files.
    dotfiles: 'ignore',
    setHeaders(res, path) {
      res.setHeader('Cache-Control', 'no-cache');
      if (path.endsWith('.html')) res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
}

type ShellVariants = Record<'br' | 'gzip' | 'identity', Buffer>;
const shellEncoding = new Negotiator<'br' | 'gzip' | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] });

/** index.html as it is and compressed once per change (a few KB: quick even at the highest levels). */
function compressedVariants(html: Buffer): ShellVariants {
  return { identity: html, br: brotliCompressSync(html), gzip: gzipSync(html, { level: 9 }) };
}

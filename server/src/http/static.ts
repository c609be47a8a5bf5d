import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { GatewayContext } from '../core/context';
import { GATEWAY_PREFIX } from '../../../src/domain/api-paths';

/** Strict policy for the PWA: no inline script, no plugins, no <base>, no framing (issue 4). */
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
    app.setNotFoundHandler((req, reply) => {
      if (req.url.startsWith(GATEWAY_PREFIX))
        return reply.status(404).send({ error: { status: 'failed', message: 'Not found' } });
      return reply.status(503).type('text/plain').send('The app is not built: run npm run build');
    });
    return;
  }
  // Re-read when the file changes: a rebuild under a running gateway must not leave it serving
  // an index.html that names assets the build has deleted.
  const indexPath = join(dist, 'index.html');
  let cached = { mtimeMs: -1, html: Buffer.alloc(0) };
  const indexHtml = () => {
    const { mtimeMs } = statSync(indexPath);
    if (mtimeMs !== cached.mtimeMs) cached = { mtimeMs, html: readFileSync(indexPath) };
    return cached.html;
  };
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: true,
    index: false,
    setHeaders(res, path) {
      if (path.includes('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
      if (path.endsWith('.html')) res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    },
  });
  const sendShell = (reply: FastifyReply) =>
    reply
      .header('Content-Security-Policy', CONTENT_SECURITY_POLICY)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml());
  app.get('/', (_req, reply) => sendShell(reply));
  app.setNotFoundHandler((req, reply) => {
    const isNavigation =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith(GATEWAY_PREFIX) &&
      !/\.[a-z0-9]+$/i.test(req.url.split('?')[0] ?? '');
    if (isNavigation) return sendShell(reply);
    return reply.status(404).send({ error: { status: 'failed', message: 'Not found' } });
  });
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { CONTENT_SECURITY_POLICY } from '../../server/src/http/static';
import { login, makeTestApp, type TestGateway } from './helpers/test-app';

// Every text file of dist/ goes out pre-compressed (br, else gzip, else as it is), the shell
// and API answers above 1 KB compressed on the fly, with the caching headers unchanged.

const INDEX = `<!doctype html><html><head><title>App</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`;
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, text: "row ${i}" }`).join(',')}];\n`;
const SW = `self.addEventListener('install', () => self.skipWaiting()); // ${'precache '.repeat(200)}`;

const decode = (body: Buffer, encoding: string | undefined) =>
  (encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body).toString();

describe('compressed and cached first load', () => {
  let gw: TestGateway;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'gw-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), SCRIPT);
    writeFileSync(join(dist, 'sw.js'), SW);
    writeFileSync(join(dist, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    // The same step the build runs after vite.
    const script = spawnSync(process.execPath, ['scripts/compress-dist.mjs', dist], { encoding: 'utf8' });
    expect(script.status, script.stderr).toBe(0);
    gw = await makeTestApp({ distDir: dist });
  });
  afterAll(async () => {
    await gw.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, acceptEncoding?: string, host = 'localhost') =>
    gw.app.inject({
      method: 'GET',
      url,
      headers: { host, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('answers the app shell 200 at every screen of the app, deep links included, and 404 at any other path', async () => {
    for (const path of ['/', '/login', '/dashboard', '/dashboard/abc123', '/phonebook/7?x=1', '/profile/']) {
      const res = await get(path, 'br');
      expect(res.statusCode, path).toBe(200);
      expect(decode(res.rawPayload, res.headers['content-encoding'] as string)).toContain('<div id="root">');
    }
    for (const path of ['/nothing-here', '/dashboard/abc/more', '/wp-login']) {
      const res = await get(path, 'br');
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(decode(res.rawPayload, res.headers['content-encoding'] as string)).toContain('<div id="root">');
    }
  });

  it('serves a hashed asset as brotli when asked, gzip when only gzip is accepted, and as it is otherwise; immutable', async () => {
    for (const [accept, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0', 'gzip'],
      [undefined, undefined],
      ['identity', undefined],
      ['compress, zstd', undefined],
    ] as const) {
      const res = await get('/assets/index-Ab12Cd34.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBe(expected);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload, expected)).toBe(SCRIPT);
      if (expected) expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
      // Only what a script needs: no validators (never revalidated), no document-only policies.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      for (const header of [
        'etag',
        'last-modified',
        'accept-ranges',
        'permissions-policy',
        'cross-origin-opener-policy',
      ])
        expect(res.headers[header], header).toBeUndefined();
    }
  });

  it('serves the service worker and the manifest compressed but revalidated (no-cache)', async () => {
    const sw = await get('/sw.js', 'br, gzip');
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(decode(sw.rawPayload, 'br')).toBe(SW);
    // A new service worker written in place, beside a stale compressed twin: the new one goes out.
    const next = `${SW}\n// next version`;
    writeFileSync(join(dist, 'sw.js'), next);
    writeFileSync(join(dist, 'sw.js.br'), brotliCompressSync(SW));
    for (const accept of ['br', 'gzip']) {
      const replaced = await get('/sw.js', accept);
      expect(decode(replaced.rawPayload, replaced.headers['content-encoding'] as string)).toBe(next);
    }
    for (const host of ['localhost', 'acme.localhost']) {
      const manifest = await get('/manifest.webmanifest', 'br, gzip', host);
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['cache-control']).toBe('no-cache');
      expect(JSON.parse(decode(manifest.rawPayload, manifest.headers['content-encoding'] as string))).toHaveProperty(
        'name',
      );
    }
  });

  it('sends the shell compressed on / and on every app route, with its CSP and no-cache', async () => {
    for (const url of ['/', '/login', '/dashboard?tab=1', '/index.html']) {
      for (const [accept, expected] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const res = await get(url, accept, 'acme.localhost');
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
        expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
        expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
        expect(res.headers['permissions-policy']).toContain('camera=()');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(decode(res.rawPayload, expected)).toBe(INDEX);
      }
    }
  });

  it('leaves images as they are and a missing asset a plain 404', async () => {
    const icon = await get('/icon.png', 'br, gzip');
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['cache-control']).toBe('no-cache');
    const missing = await get('/assets/gone-00000000.js', 'br');
    expect(missing.statusCode).toBe(404);
    // A compressed twin is looked up inside dist/ only, never above it.
    for (const url of ['/assets/..%2F..%2F..%2F..%2Fetc%2Fpasswd', '/..%2F..%2F..%2Fetc%2Fhostname']) {
      const escape = await get(url, 'br, gzip');
      expect(escape.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(escape.statusCode, url).toBeLessThan(500);
    }
  });

  it('compresses API answers above 1 KB (br or gzip), not small ones', async () => {
    const demo = await login(gw, 'demouser', 'demo12345');
    const list = (accept: string) =>
      gw.app.inject({
        method: 'POST',
        url: '/smsgateway/api/frontend/quickrequest',
        payload: { pageNum: 1 },
        headers: { authorization: `Bearer ${demo.token}`, 'accept-encoding': accept },
      });
    const plain = await list('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await list(encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(decode(res.rawPayload, encoding))).toEqual(plain.json());
    }
    const refused = await gw.app.inject({
      method: 'POST',
      url: '/smsgateway/api/frontend/quickrequest',
      payload: { pageNum: 1 },
      headers: { 'accept-encoding': 'br' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('never inflates a compressed request body: it is refused as malformed, not unpacked', async () => {
    const bomb = gzipSync(Buffer.alloc(4 * 1024 * 1024, 0x20));
    const res = await gw.app.inject({
      method: 'POST',
      url: '/smsgateway/api/frontend/login',
      payload: bomb,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
